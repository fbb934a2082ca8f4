import JourneyEngine
import JourneyProfiles
import TerminalKit

extension ConfigurationDialog {
    /// Options to apply to the tab, the profile they follow, and why (for the tab's banner).
    struct Applied: Sendable, Equatable {
        let options: ClientOptions
        let profileName: String?
        let cause: String
    }

    /// A key: Enter confirms the options when every value is valid (else the problems stay on
    /// screen), Esc closes; the dialog's own keys move, edit and switch the profile.
    mutating func update(_ key: KeyEvent) -> DialogOutput<Applied> {
        let keys = focusedKey == nil ? AppKeyMap.optionsOnProfile : AppKeyMap.options
        if keys.action(for: key) == .close { return .closes }
        guard edit(key) == .activated(0), case .success(let options) = checked else { return .stays }
        let cause = profileName != currentProfileName
            ? "Switched to \(profileName.map { "profile \($0)" } ?? "this tab's own options")"
            : "Options applied"
        return .confirms(Applied(options: options, profileName: profileName, cause: cause))
    }
}
