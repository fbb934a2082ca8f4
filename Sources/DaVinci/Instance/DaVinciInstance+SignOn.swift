import Foundation
import Orchestrate

/// What a DaVinci instance does when a flow ends with tokens and when it signs off: the same
/// for `journey login` and for a DaVinci tab.
extension DaVinciInstance {
    /// Keeps what a finished flow obtained: the instance's record, PingOne's session cookies
    /// from the client's jar (an empty jar when `keepsSession` is off) and the tokens, with the
    /// user the verified ID token names, by the one rule for tokens (`TokenCustody`): under the
    /// token store's renewal lock; tokens of another sign-on this replaces are revoked after, as
    /// the SDKs do when a new sign-on replaces one.
    @discardableResult
    public func keep(_ tokens: OAuthTokens, claims: TokenClaims?, endpoints: OAuthEndpoints, through client: DaVinciClient,
                     record: DaVinciInstanceRecord, keepsSession: Bool) async throws(StoreError) -> StoredFlowTokens {
        let configuration = client.configuration
        let stored = StoredFlowTokens(tokens: tokens, endpoints: endpoints, userName: claims?.userName)
        try save(record)
        try saveSession(keepsSession ? await client.connection.cookieJar : CookieJar(), for: configuration)
        do {
            try await tokenCustody(for: configuration).keep(minted: stored) { stale in
                try? await client.oauth(stale.endpoints).revoke(stale.tokens)
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw .cannotWrite(stores.tokens, reason: String(describing: error))
        }
        return stored
    }
}

extension DaVinciClient {
    /// Signs tokens off at PingOne: revokes them, then ends the session they came from (end
    /// session with the ID token, the instance's cookies sent along). Returns what PingOne could
    /// not be told, empty when everything was.
    public func signOff(_ stored: StoredFlowTokens) async -> [String] {
        let oauth = oauth(stored.endpoints)
        var problems: [String] = []
        do throws(OAuthError) { try await oauth.revoke(stored.tokens) } catch { problems.append("revoke: \(error.description)") }
        if let idToken = stored.tokens.idToken {
            do throws(OAuthError) { try await oauth.endSession(idToken: idToken) } catch { problems.append("end session: \(error.description)") }
        } else {
            problems.append("end session: the tokens carry no ID token to end it with")
        }
        return problems
    }
}
