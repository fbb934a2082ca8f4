import Orchestrate
import TerminalKit

extension RenameDialog {
    /// A key: Enter confirms the name typed (an empty one renames nothing), Esc closes, other
    /// keys edit it.
    mutating func update(_ key: KeyEvent) -> DialogOutput<String> {
        switch AppKeyMap.rename.action(for: key) {
        case .close?:
            return .closes
        case .confirm?:
            let typed = name.text.trimmingSpaces()
            return typed.isEmpty ? .closes : .confirms(typed)
        default:
            _ = name.update(key)
            return .stays
        }
    }
}
