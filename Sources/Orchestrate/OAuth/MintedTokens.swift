import Foundation

/// Tokens fresh from a code exchange, with their ID token's claims (nil when no ID token came).
public struct MintedTokens: Sendable, Hashable {
    public let tokens: OAuthTokens
    public let claims: TokenClaims?

    public init(tokens: OAuthTokens, claims: TokenClaims?) {
        self.tokens = tokens
        self.claims = claims
    }
}

/// The kind-neutral end of every sign-in (a journey's SSO session or a DaVinci flow): the code
/// is exchanged with the PKCE its authorize request was sent with, and the ID token verified
/// against that request's nonce.
extension OAuthClient {
    /// Exchanges `code` with `pkce`'s verifier, then verifies the ID token with `pkce`'s nonce.
    /// Tokens `policy` refuses are revoked at the issuer and never returned
    /// (`OAuthError.idTokenRefused`); `ssoToken` is the session they are minted for, if any.
    public func mint(code: String, pkce: PKCE, ssoToken: String?, policy: IDTokenPolicy,
                     now: Date = Date()) async throws(OAuthError) -> MintedTokens {
        let tokens = try await exchange(code: code, pkce: pkce, ssoToken: ssoToken, now: now)
        guard let idToken = tokens.idToken else { return MintedTokens(tokens: tokens, claims: nil) }
        let claims = await verifyIDToken(idToken, nonce: pkce.nonce, now: now)
        if let problem = claims.problem, policy.refuses(problem) {
            try? await revoke(tokens)
            throw .idTokenRefused(problem)
        }
        return MintedTokens(tokens: tokens, claims: claims)
    }
}
