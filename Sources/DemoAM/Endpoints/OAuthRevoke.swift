import Hummingbird

/// `POST /oauth2/{realm}/token/revoke` (form `token`, `client_id`): 200 `{}` whether or not the
/// token was known (RFC 7009). A refresh token ends its grant, with every access token minted from
/// it; an access token is revoked alone. Only the client a token was issued to can revoke it.
/// What was revoked goes into the server's ``DemoRevocations``.
struct OAuthRevoke: Sendable {
    let state: ServerState

    func respond(_ call: OAuthCall) async throws(OAuthError) -> Response {
        guard let token = call["token"] else { throw .missingParameter("token") }
        guard let client = DemoAM.oauthClient(id: call["client_id"]) else { throw .invalidClient }
        if let revocation = await revoke(token, clientId: client.clientId) {
            await state.revocations.revoked(revocation, request: call.request.revocationSummary)
        }
        return .json(.object([]))
    }

    /// Ends the refresh token's grant, or else the access token; `nil` when the token is neither.
    private func revoke(_ token: String, clientId: String) async -> OAuthStore.Revocation? {
        if let revocation = await state.oauth.revokeGrant(ofRefreshToken: token, clientId: clientId) {
            return revocation
        }
        guard let claims = await state.signer.claims(of: token), claims["tokenName"]?.string == "access_token",
              let jti = claims["jti"]?.string else { return nil }
        return await state.oauth.revokeAccessToken(jti: jti, clientId: clientId)
    }
}
