/// An access token this server signed for a realm, neither revoked nor expired: its claims and grant.
///
/// `userinfo`, `introspect` and policy evaluation (a `jwt` subject) accept a token only so.
struct LiveAccessToken: Sendable {
    let claims: JWTClaims
    let grant: Grant

    /// `nil` when the token is malformed, not an access token, of another realm (`issuer`), revoked or expired.
    init?(_ token: String, issuer: String, state: ServerState) async {
        guard let claims = await state.signer.claims(of: token), claims["tokenName"]?.string == "access_token",
              claims["iss"]?.string == issuer, let jti = claims["jti"]?.string,
              let grant = await state.oauth.grant(ofAccessToken: jti) else { return nil }
        self.claims = claims
        self.grant = grant
    }
}
