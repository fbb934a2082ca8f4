import Hummingbird

/// `POST /oauth2/{realm}/token/revoke` (form `token`, `client_id`): 200 `{}` whether or not the
/// token was known (RFC 7009). A refresh token ends its grant, with every access token minted from
/// it; an access token is revoked alone. Only the client a token was issued to can revoke it.
struct OAuthRevoke: Sendable {
    let state: ServerState

    func respond(_ call: OAuthCall) async throws(OAuthError) -> Response {
        guard let token = call["token"] else { throw .missingParameter("token") }
        guard let client = DemoAM.oauthClient(id: call["client_id"]) else { throw .invalidClient }
        if await !state.oauth.revokeGrant(ofRefreshToken: token, clientId: client.clientId),
           let claims = await state.signer.claims(of: token), claims["tokenName"]?.string == "access_token",
           let jti = claims["jti"]?.string {
            await state.oauth.revokeAccessToken(jti: jti, clientId: client.clientId)
        }
        return .json(.object([]))
    }
}
