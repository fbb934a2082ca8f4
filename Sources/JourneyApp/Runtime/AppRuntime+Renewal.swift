import DaVinci
import JourneyEngine
import Orchestrate

/// Refreshing a tab's tokens, for both kinds by the engine's one rule: under the token store's
/// renewal lock, from the tokens the store holds then (another tab or `journey token --refresh`
/// may just have rotated the refresh token), and kept there before the lock is released, so no
/// one reads a refresh token already spent.
extension AppRuntime {
    /// The renewed tokens. Nothing stored (the tab, or one sharing its store, signed out
    /// meanwhile) renews nothing: `.noSession`. A store that cannot be used is said to the tab
    /// (`.storeFailed`): before the refresh, the tab's own tokens are refreshed for it alone; after
    /// it, the tab keeps the renewed tokens the store could not take. A closed tab's tokens are
    /// refreshed with nothing to keep.
    func refresh(_ tokens: OAuthTokens, with oauth: OAuthClient, endpoints: OAuthEndpoints,
                 of tab: ClientTab?) async throws(OAuthError) -> OAuthTokens {
        guard let tab else { return try await oauth.refresh(tokens) }
        var renewed: OAuthTokens?
        do {
            switch tab.profile.kind {
            case .davinci(let configuration):
                let instance = try flowInstance(of: tab)
                return try await instance.renewingTokens(for: configuration) { current in
                    guard let current else { throw OAuthError.noSession }
                    let fresh = try await oauth.refresh(current.tokens)
                    renewed = fresh
                    try await Self.signedOff(whileRenewing: fresh, stillStored: try instance.tokens(for: configuration) != nil, with: oauth)
                    return (keep: StoredFlowTokens(tokens: fresh, endpoints: current.endpoints, userName: current.userName), result: fresh)
                }
            case .journey(let server):
                guard let clientId = tab.profile.oauth?.clientId else { return try await oauth.refresh(tokens) }
                let instance = try instance(of: tab)
                return try await instance.renewingTokens(on: server, clientId: clientId) { current in
                    // Tokens of a session no longer stored (the tab, or one sharing its store, logged out) are not renewed.
                    guard let current, try instance.holdsSession(thatMinted: current.tokens, on: server) else { throw OAuthError.noSession }
                    let fresh = try await oauth.refresh(current.tokens)
                    renewed = fresh
                    try await Self.signedOff(whileRenewing: fresh, stillStored: try instance.holdsSession(thatMinted: current.tokens, on: server),
                                             with: oauth)
                    return (keep: StoredTokens(tokens: fresh, endpoints: endpoints), result: fresh)
                }
            }
        } catch let error as OAuthError {
            throw error
        } catch {
            let name = TerminalText.line(tab.instanceName)
            if let renewed {
                post(.tab(id: tab.id, .storeFailed(InstanceProblem(
                    "The renewed tokens could not be written to the instance \(name)'s stores (\(error)); this tab keeps them."))))
                return renewed
            }
            post(.tab(id: tab.id, .storeFailed(InstanceProblem(
                "The instance \(name)'s token store could not be used (\(error)), so this tab's own tokens are renewed and not kept."))))
            return try await oauth.refresh(tokens)
        }
    }

    /// A sign-out that came while AM renewed (it does not wait for the renewal lock) leaves the
    /// renewed tokens nobody's: they are revoked, not kept, and the tab hears `.noSession`.
    private static func signedOff(whileRenewing fresh: OAuthTokens, stillStored: Bool, with oauth: OAuthClient) async throws(OAuthError) {
        guard !stillStored else { return }
        try? await oauth.revoke(fresh)
        throw .noSession
    }
}
