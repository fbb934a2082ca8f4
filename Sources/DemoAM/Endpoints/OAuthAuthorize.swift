import Foundation
import HTTPTypes
import Hummingbird

/// `GET /oauth2/{realm}/authorize`: the authorization code flow with PKCE for a user who is
/// already signed in, named by the SSO token (the header or cookie named by
/// ``DemoAM/sessionCookieName(forRealm:)``: `iPlanetDirectoryPro` in `/`).
///
/// A known client and a registered `redirect_uri` are checked first; without them the answer is a
/// 400 and never a redirect. Everything else is answered with a 302 to the `redirect_uri`:
/// `code`, `iss`, `state` and `client_id` on success, `error`, `error_description` and `state`
/// otherwise. Without a session the error is `login_required`: AM would show its login page, but
/// a native client can only run a journey and come back. So is `prompt=login`, and a session
/// authenticated longer than `max_age` seconds ago. `acr_values` names journeys one of which the
/// session must have passed (else `interaction_required`); the tokens' `acr` is the first passed.
struct OAuthAuthorize: Sendable {
    let state: ServerState

    func respond(_ call: OAuthCall) async throws(OAuthError) -> Response {
        guard let client = DemoAM.oauthClient(id: call["client_id"]) else { throw .invalidClient }
        guard let redirectURI = call["redirect_uri"], client.redirectURIs.contains(redirectURI) else { throw .redirectURIMismatch }
        let echoedState = call["state"].map { [(name: "state", value: $0)] } ?? []
        let query: [(name: String, value: String)]
        do throws(OAuthError) {
            let (grant, codeChallenge) = try await authorize(call, client: client)
            let code = await state.oauth.issueCode(for: grant, redirectURI: redirectURI, codeChallenge: codeChallenge)
            query = [("code", code), ("iss", call.issuer)] + echoedState + [("client_id", client.clientId)]
        } catch {
            query = [("error", error.error), ("error_description", error.errorDescription)] + echoedState
        }
        let separator = redirectURI.contains("?") ? "&" : "?"
        return Response(status: .found, headers: [.location: redirectURI + separator + FormEncoding.encode(query)])
    }

    /// The grant the request asks for and its PKCE challenge, or why there is none.
    private func authorize(_ call: OAuthCall, client: DemoOAuthClient) async throws(OAuthError) -> (Grant, codeChallenge: String) {
        guard let responseType = call["response_type"] else { throw .missingParameter("response_type") }
        guard responseType == "code" else { throw .unsupportedResponseType(responseType) }
        guard let codeChallenge = call["code_challenge"] else { throw .missingParameter("code_challenge") }
        guard call["code_challenge_method"] == PKCE.method else {
            throw .invalidRequest("Unsupported code_challenge_method: the demo AM accepts S256 only")
        }
        let scopes = call.list("scope") ?? client.scopes
        guard scopes.allSatisfy(client.scopes.contains) else { throw .invalidScope }
        guard let session = await call.request.session(in: state.directory, realm: call.realm) else { throw .loginRequired }
        if call.list("prompt")?.contains("login") == true { throw .promptLogin }
        if let maxAge = call["max_age"] {
            guard let seconds = Int(maxAge), seconds >= 0 else { throw .invalidRequest("max_age must be a number of seconds, not \(maxAge)") }
            if Date().timeIntervalSince(session.authTime) > Double(seconds) { throw .maxAgeExceeded(seconds) }
        }
        var acr = session.journey
        if let acrValues = call.list("acr_values") {
            guard let passed = acrValues.first(where: session.journeys.contains) else { throw .acrNotSatisfied(acrValues) }
            acr = passed
        }
        guard client.impliedConsent else { throw .consentRequired(client: client.clientId) }
        let grant = Grant(clientId: client.clientId, realm: call.realm, scopes: scopes, nonce: nonce(of: call), session: session, acr: acr)
        return (grant, codeChallenge)
    }

    /// The request's nonce, or another one where the `wrongNonce` fault says so.
    private func nonce(of call: OAuthCall) -> String? {
        switch state.configuration.wrongNonce {
        case .never: call["nonce"]
        case .always: Self.replayedNonce
        case .onStepUp: call["acr_values"] == nil ? call["nonce"] : Self.replayedNonce
        }
    }

    /// The nonce the `wrongNonce` fault puts into ID tokens: one no client sent.
    static let replayedNonce = "a-nonce-from-another-sign-in"
}
