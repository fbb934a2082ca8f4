import Orchestrate
import JourneyEngine
import Renderer
import TerminalKit

/// The token inspector: refresh, revoke, userinfo, and the runtime's reports.
extension TabUpdate {
    /// The token inspector's actions. `t` on a signed-in journey tab whose
    /// tokens were revoked fetches new ones from the session.
    mutating func tokenAction(_ action: AppAction) -> [AppEffect] {
        guard let oauth = tab.profile.oauth else { return [] }
        let tabID = tab.id
        var inspector = tab.tokens ?? TabTokens()
        guard let tokens = inspector.tokens, let endpoints = inspector.endpoints else {
            guard action == .refreshTokens, let ssoToken = kind.session?.tokenId else { return [] }
            inspector = TabTokens(fetching: true)
            tab.tokens = inspector
            return [.tab(id: tabID, .fetchTokens(ssoToken: ssoToken, oauth))]
        }
        defer { tab.tokens = inspector }
        inspector.problem = nil
        inspector.notice = nil
        switch action {
        case .refreshTokens:
            inspector.work = .refreshing
            return [.tab(id: tabID, .refreshTokens(tokens, oauth, endpoints))]
        case .revokeTokens:
            inspector.work = .revoking
            return [.tab(id: tabID, .revokeTokens(tokens, oauth, endpoints))]
        case .showUserinfo:
            inspector.work = .userinfo(issuer: tab.profile.issuerName)
            return [.tab(id: tabID, .fetchUserinfo(tokens, oauth, endpoints))]
        case .copyAccessToken:
            inspector.work = .copied
            return [.copyToClipboard(tokens.accessToken)]
        case .revealTokens:
            inspector.valuesRevealed.toggle()
            return []
        default:
            return []
        }
    }

    mutating func received(_ report: TokenReport) {
        var inspector = tab.tokens ?? TabTokens()
        let work = inspector.work
        inspector.work = nil
        switch report {
        case .fetched(let tokens, let endpoints, let claims):
            // Tokens that arrive after the tab logged out are not its own any more.
            guard kind.tabPhase == .signedIn else { return }
            inspector.tokens = tokens
            inspector.endpoints = endpoints
            inspector.problem = nil
            if let claims { inspector.idTokenClaims = claims }
            // A sign-in that typed no user name (a resumed link, a social login) is named by the ID token.
            if tab.userName == nil { tab.userName = claims?.userName }
            let lifetime = ReadableDuration.until(tokens.expiresAt, from: context.date)
            inspector.notice = switch work {
            case .refreshing: "Refreshed: a new access token (\(lifetime))."
            case .fetching: "New tokens fetched with the session (the access token \(lifetime))."
            default: nil
            }
        case .revoked(let revoked):
            // A kind may take care of the tab itself (a DaVinci tab, which holds nothing else, is signed off).
            if Kind.tokensRevoked(&self, revoked) { return }
            // Tokens the tab no longer shows (a former session's) were revoked in the background.
            guard inspector.tokens == revoked else { return }
            inspector = TabTokens()
            inspector.problem = kind.tabPhase == .signedIn ? "Tokens revoked at AM. t fetches new ones with the session." : "Tokens revoked at AM."
        case .userinfo(let info):
            inspector.userinfo = info
        case .failed(let error):
            // Where the engine says to sign in, the key that does it.
            inspector.problem = if case .noSession = error { "\(error.description.dropLast()) (s signs in)." } else { error.description }
        }
        tab.tokens = inspector
    }
}
