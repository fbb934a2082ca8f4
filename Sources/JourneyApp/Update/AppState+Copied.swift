import Foundation
import Orchestrate
import TerminalKit

/// Copies where OSC 52 cannot be confirmed (inside tmux or screen, which keep it from the
/// terminal by default and say nothing): besides the OSC 52 write, the text is shown to select
/// with the mouse, and `s` saves it to a file.
extension AppState {
    /// The effects of a key, with what it copied shown when the clipboard cannot be confirmed.
    mutating func showingCopies(_ effects: [AppEffect]) -> [AppEffect] {
        guard clipboardUnconfirmed else { return effects }
        for case .copyToClipboard(let text) in effects { overlay = .copied(CopiedText(text)) }
        return effects
    }

    /// A key in the copied-text pane: save, scroll, close.
    mutating func handleCopied(_ key: KeyEvent, _ copied: CopiedText) -> [AppEffect] {
        var copied = copied
        switch AppKeyMap.copied.action(for: key) {
        case .close?:
            overlay = nil
            return []
        case .confirm?:
            copied.saved = .savingNow
            overlay = .copied(copied)
            return [.saveCopiedText(copied.text)]
        case .scrollLeft?, .scrollRight?:
            let widest = Self.copiedLines(copied.text).map(TextWidth.of).max() ?? 0
            let step = key == .left ? -Self.sidewaysStep : Self.sidewaysStep
            copied.column = max(0, min(max(0, widest - Self.sidewaysStep), copied.column + step))
            overlay = .copied(copied)
            return []
        case let action?:
            copied.scroll = Self.scrolled(copied.scroll, action, limit: Self.copiedLines(copied.text).count)
            overlay = .copied(copied)
            return []
        case nil:
            return []
        }
    }

    /// Where the copied text was saved, said in the pane (or a banner once it is closed).
    mutating func copiedTextSaved(_ result: Result<URL, InstanceProblem>) -> [AppEffect] {
        let saved: CopiedText.Saved = switch result {
        case .success(let file): .savedIn(file.path)
        case .failure(let problem): .failed(problem.message)
        }
        if case .copied(var copied)? = overlay {
            copied.saved = saved
            overlay = .copied(copied)
            return []
        }
        return switch saved {
        case .savedIn(let path): updatingActiveTab(.notice(ClientTab.Banner(kind: .information, text: "The copied text is saved in \(path) (0600).")))
        case .failed(let message): updatingActiveTab(.notice(ClientTab.Banner(kind: .error, text: message)))
        case .savingNow: []
        }
    }

    /// How many columns ← and → move the copied text.
    static let sidewaysStep = 20

    /// The copied text's lines as the pane shows them: each whole (a JWT, a curl command stays
    /// one line to select), neutralised.
    static func copiedLines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { TerminalText.line(String($0)) }
    }
}
