/// An access token this server signed for a realm, neither revoked nor expired: its claims and grant.
///
/// `userinfo`, `introspect` and policy evaluation (a `jwt` subject) accept a token only so. The
/// realm is the token's `realm` claim, not its issuer, so a token from the HTTPS listener works
/// over HTTP too (the demo API introspects over HTTP).
struct LiveAccessToken: Sendable {
    let claims: JWTClaims
    let grant: Grant

    /// `nil` when the token is malformed, not an access token, of another realm, revoked or expired.
    init?(_ token: String, realm: String, state: ServerState) async {
        guard let claims = await state.signer.claims(of: token), claims["tokenName"]?.string == "access_token",
              claims["realm"]?.string == realm, let jti = claims["jti"]?.string,
              let grant = await state.oauth.grant(ofAccessToken: jti) else { return nil }
        self.claims = claims
        self.grant = grant
    }
}
