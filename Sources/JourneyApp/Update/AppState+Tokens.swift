import JourneyEngine
import Renderer
import TerminalKit

/// The token inspector: refresh, revoke, userinfo, and the runtime's reports.
extension AppState {
    /// The token inspector's actions on the active tab.
    mutating func tokenAction(_ action: AppAction) -> [AppEffect] {
        guard tabs.indices.contains(activeIndex), let oauth = tabs[activeIndex].profile.oauth,
              var inspector = tabs[activeIndex].tokens, let tokens = inspector.tokens,
              let endpoints = inspector.endpoints else { return [] }
        let tabID = tabs[activeIndex].id
        defer { tabs[activeIndex].tokens = inspector }
        inspector.problem = nil
        switch action {
        case .refreshTokens:
            inspector.activity = "Refreshing the tokens…"
            return [.refreshTokens(tabID: tabID, tokens, oauth, endpoints)]
        case .revokeTokens:
            inspector.activity = "Revoking the tokens…"
            return [.revokeTokens(tabID: tabID, tokens, oauth, endpoints)]
        case .showUserinfo:
            inspector.activity = "Asking \(tabs[activeIndex].issuerName)'s userinfo…"
            return [.fetchUserinfo(tabID: tabID, tokens, oauth, endpoints)]
        case .copyAccessToken:
            inspector.activity = "Access token sent to the clipboard (OSC 52)."
            return [.copyToClipboard(tokens.accessToken)]
        case .revealTokens:
            inspector.valuesRevealed.toggle()
            return []
        default:
            return []
        }
    }

    mutating func received(_ report: TokenReport, tab index: Int) {
        var inspector = tabs[index].tokens ?? TabTokens()
        inspector.activity = nil
        switch report {
        case .fetched(let tokens, let endpoints, let claims):
            // Tokens that arrive after the tab logged out are not its own any more.
            switch tabs[index].phase {
            case .signedIn, .signedOn: break
            default: return
            }
            inspector.tokens = tokens
            inspector.endpoints = endpoints
            if let claims { inspector.idTokenClaims = claims }
        case .revoked where tabs[index].profile.isFlow:
            // A DaVinci tab holds nothing but its tokens: without them it is signed off (PingOne's session stays).
            tabs[index].tokens = nil
            tabs[index].phase = .idle
            tabs[index].banner = ClientTab.Banner(kind: .information, text: "Tokens revoked at PingOne and forgotten; PingOne's session cookies stay (l also ends the session).")
            return
        case .revoked:
            inspector = TabTokens()
            inspector.problem = "Tokens revoked at AM."
        case .userinfo(let info):
            inspector.userinfo = info
        case .failed(let error):
            // Where the engine says to sign in, the key that does it.
            inspector.problem = if case .noSession = error { "\(error.description.dropLast()) (s signs in)." } else { error.description }
        }
        tabs[index].tokens = inspector
    }
}
