import Foundation
import TerminalKit
import JourneyEngine
import Orchestrate

/// What a tab held was signed out where it was issued (new options made a new identity, or a
/// DaVinci tab signed off): the tab says where it runs now, and what was given up there. The
/// report is of the kind the tab was, which may not be the kind it is now.
extension TabUpdate {
    /// A journey identity is signed out at its old server: the tab says where it runs now, and
    /// what was revoked there.
    mutating func journeySignedOut(_ actions: [SignOutAction]) {
        let cause = tab.restartNotice ?? "Options changed"
        tab.restartNotice = nil
        let done = actions.compactMap { action -> String? in
            switch action {
            case .tokensRevoked(let url, let clientId):
                "tokens of \(TerminalText.line(clientId)) revoked at \(Self.path(url))"
            case .sessionLoggedOut(let url, _, let user, let alreadyEnded):
                "session\(user.map { " of \(TerminalText.line($0))" } ?? "") " + (alreadyEnded ? "had already ended" : "logged out at \(Self.path(url))")
            case .storesCleared:
                nil
            case .failed(let what):
                "could not finish \(what)"
            }
        }
        let failed = actions.contains { if case .failed = $0 { true } else { false } }
        tab.banner = ClientTab.Banner(
            kind: failed ? .error : .information,
            text: "\(cause). Now on \(tab.profile.placeDescription). Signed out at the old server: "
                + (done.isEmpty ? "nothing was held there." : done.joined(separator: "; ") + "."))
    }

    /// An endpoint's path: the banner names the old server once.
    private static func path(_ url: String) -> String {
        URL(string: url)?.path ?? url
    }

    /// A DaVinci identity is signed off at its environment: the tab says so, and whether it
    /// signed off for new options (a DaVinci tab then opens on them: `DaVinciTab+Update.swift`).
    mutating func flowSignedOff(_ problems: [String]?) -> Bool {
        let restarting = tab.restartNotice != nil
        let cause = tab.restartNotice.map { "\($0). " } ?? ""
        tab.restartNotice = nil
        tab.banner = switch problems {
        case nil:
            ClientTab.Banner(kind: .information, text: cause + "There were no tokens to sign off; the instance's stores are forgotten.")
        case let problems? where problems.isEmpty:
            ClientTab.Banner(kind: .information, text: cause + "Signed off: the tokens were revoked and the PingOne session ended; the instance forgot both.")
        case let problems?:
            ClientTab.Banner(kind: .error, text: cause + "Signed off here; PingOne was not told everything (\(problems.map(TerminalText.line).joined(separator: "; "))).")
        }
        return restarting
    }
}
