import JourneyEngine
import Orchestrate

/// What every kind does with its stores: the tokens they hold put in the tab's inspector, and
/// tokens minted for a session the tab no longer has revoked.
extension TabUpdate {
    /// Revokes (in the background) the tokens the tab shows, minted for a session it no longer has.
    func revokeFormerTokens() -> [AppEffect] {
        guard let oauth = tab.profile.oauth, let held = tab.tokens,
              let tokens = held.tokens, let endpoints = held.endpoints else { return [] }
        return [.tab(id: tab.id, .revokeTokens(tokens, oauth, endpoints))]
    }

    /// Puts tokens from the stores in the tab's inspector (the ID token's claims kept while it is the same).
    mutating func show(_ tokens: OAuthTokens, endpoints: OAuthEndpoints) {
        var inspector = tab.tokens ?? TabTokens()
        if inspector.tokens?.idToken != tokens.idToken { inspector.idTokenClaims = nil }
        inspector.tokens = tokens
        inspector.endpoints = endpoints
        tab.tokens = inspector
    }
}
