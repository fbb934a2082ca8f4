import Hummingbird

/// `POST /oauth2/{realm}/access_token` (form-encoded): exchanges an authorization code with its
/// PKCE verifier, or a refresh token, for tokens.
///
/// A refresh with rotation on (``DemoAMConfiguration/rotatesRefreshTokens``) returns a new
/// refresh token and revokes the one used; with rotation off the response has no `refresh_token`.
struct OAuthAccessToken: Sendable {
    let state: ServerState

    func respond(_ call: OAuthCall) async throws(OAuthError) -> Response {
        guard let grantType = call["grant_type"] else { throw .invalidRequest("Grant type is not set") }
        guard ["authorization_code", "refresh_token"].contains(grantType) else { throw .unsupportedGrantType(grantType) }
        guard let client = DemoAM.oauthClient(id: call["client_id"]) else { throw .invalidClient }
        let minter = TokenMinter(state: state)
        if grantType == "authorization_code" {
            let grant = try await redeemCode(call, client: client)
            let (grantId, refreshToken) = await state.oauth.openGrant(grant)
            return try await minter.response(grantId: grantId, grant: grant, scopes: grant.scopes, issuer: call.issuer, refreshToken: refreshToken)
        }
        guard let refreshToken = call["refresh_token"] else { throw .missingParameter("refresh_token") }
        guard let (grantId, grant) = await state.oauth.grant(ofRefreshToken: refreshToken),
              grant.clientId == client.clientId, grant.realm == call.realm else { throw .invalidGrant }
        let scopes = call.list("scope") ?? grant.scopes
        guard scopes.allSatisfy(grant.scopes.contains) else { throw .invalidScope }
        var replacement: String?
        if state.configuration.rotatesRefreshTokens {
            guard let rotated = await state.oauth.rotate(refreshToken: refreshToken) else { throw .invalidGrant }
            replacement = rotated
        }
        return try await minter.response(grantId: grantId, grant: grant, scopes: scopes, issuer: call.issuer, refreshToken: replacement)
    }

    /// The grant of a code issued to this client and redirect URI, whose challenge the verifier answers.
    private func redeemCode(_ call: OAuthCall, client: DemoOAuthClient) async throws(OAuthError) -> Grant {
        guard let code = call["code"] else { throw .missingParameter("code") }
        guard let redirectURI = call["redirect_uri"] else { throw .missingParameter("redirect_uri") }
        guard let verifier = call["code_verifier"] else { throw .missingParameter("code_verifier") }
        guard let issued = await state.oauth.takeCode(code), issued.grant.clientId == client.clientId, issued.grant.realm == call.realm,
              issued.redirectURI == redirectURI, PKCE.verifier(verifier, answers: issued.codeChallenge) else { throw .invalidGrant }
        return issued.grant
    }
}
