import Foundation
import JourneyEngine
import Orchestrate

/// What a tab held was signed out where it was issued (new options made a new identity, or a
/// DaVinci tab signed off): the tab says where it runs now, and what was given up there.
extension TabUpdate {
    mutating func signedOut(_ report: SignOutReport) -> [AppEffect] {
        switch report {
        case .journey(let actions):
            journeySignedOut(actions)
            return []
        case .davinci(let problems):
            return flowSignedOff(problems)
        }
    }

    /// A journey identity is signed out at its old server: the tab says where it runs now, and
    /// what was revoked there.
    private mutating func journeySignedOut(_ actions: [SignOutAction]) {
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
}
