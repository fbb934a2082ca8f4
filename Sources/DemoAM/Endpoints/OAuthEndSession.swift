import Hummingbird

/// `GET /oauth2/{realm}/connect/endSession?id_token_hint=…[&client_id=…]`: ends the SSO session
/// the ID token was issued in (its `sid`) and answers 204 No Content, as AM does without a
/// `post_logout_redirect_uri` (which the demo AM ignores). An ID token past its `exp` is still a
/// valid hint; one that is not this realm's, or not `client_id`'s, is a 400 `invalid_request`.
/// Tokens minted in the session stay valid until they expire or are revoked. An ended session
/// goes into the server's ``DemoRevocations``.
struct OAuthEndSession: Sendable {
    let state: ServerState

    func respond(_ call: OAuthCall) async throws(OAuthError) -> Response {
        guard let hint = call["id_token_hint"] else { throw .missingParameter("id_token_hint") }
        guard let claims = await state.signer.claims(of: hint), claims["tokenName"]?.string == "id_token",
              claims["iss"]?.string == call.issuer, let handle = claims["sid"]?.string else {
            throw .invalidRequest("The id_token_hint is not an ID token issued by this realm")
        }
        if let clientId = call["client_id"], claims["aud"]?.string != clientId {
            throw .invalidRequest("The id_token_hint was not issued to client \(clientId)")
        }
        if let session = await state.directory.endSession(handle: handle) {
            await state.revocations.loggedOut(session, request: call.request.revocationSummary)
        }
        return Response(status: .noContent)
    }
}
