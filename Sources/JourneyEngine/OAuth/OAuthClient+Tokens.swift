import Foundation
import Orchestrate

/// What `usableTokens` had to do.
public enum TokenRenewal: Sendable, Hashable {
    /// The stored tokens were still good.
    case unchanged
    /// Refreshed with the refresh token.
    case refreshed
    /// Minted anew from the SSO session (first time, refresh refused, or a new session).
    case minted
}

extension OAuthClient {
    /// Tokens ready to use now, following the SDKs:
    /// - new tokens are minted with `signIn` (their ID token verified, a replayed one refused);
    /// - tokens minted by another SSO session are revoked and new ones minted from this one;
    /// - an access token expiring within the threshold is refreshed (keeping the refresh token
    ///   when AM does not rotate it);
    /// - when refreshing is refused (`invalid_grant`) or impossible, new tokens are minted from
    ///   the SSO session;
    /// - when that fails too, the error is thrown: the caller signs the instance out.
    public func usableTokens(_ stored: OAuthTokens?, ssoToken: String?, now: Date = Date())
        async throws(OAuthError) -> (tokens: OAuthTokens, renewal: TokenRenewal) {
        if let stored, let ssoToken, Self.wereMintedByAnotherSession(stored, ssoToken: ssoToken) {
            try? await revoke(stored)
            return (try await signIn(ssoToken: ssoToken, now: now).tokens, .minted)
        }
        if let stored, !stored.expires(withinSeconds: configuration.refreshThresholdSeconds, at: now) {
            return (stored, .unchanged)
        }
        if let stored, stored.refreshToken != nil {
            do throws(OAuthError) {
                return (try await refresh(stored, now: now), .refreshed)
            } catch {
                guard case .server(error: "invalid_grant", _) = error else { throw error }
            }
        }
        guard let ssoToken else { throw .noSession }
        return (try await signIn(ssoToken: ssoToken, now: now).tokens, .minted)
    }

    /// Whether `usableTokens` may send the SSO session for these tokens: they were minted by
    /// another session, or they are due for renewal (the session is the fallback when refreshing
    /// is refused). Good tokens of this session need no session, so it need not be checked.
    public func mayUseSession(_ stored: OAuthTokens?, ssoToken: String?, now: Date = Date()) -> Bool {
        guard let stored else { return true }
        if let ssoToken, Self.wereMintedByAnotherSession(stored, ssoToken: ssoToken) { return true }
        return stored.expires(withinSeconds: configuration.refreshThresholdSeconds, at: now)
    }

    private static func wereMintedByAnotherSession(_ tokens: OAuthTokens, ssoToken: String) -> Bool {
        tokens.sessionFingerprint != nil && !tokens.wereMinted(by: ssoToken)
    }
}
