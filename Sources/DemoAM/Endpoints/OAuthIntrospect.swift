import Foundation
import HTTPTypes
import Hummingbird

/// `POST /oauth2/{realm}/introspect` (RFC 7662, form `token`, optional `token_type_hint`), for
/// confidential clients only, authenticated with `client_secret_basic` or `client_secret_post`
/// (else 401 `invalid_client`).
///
/// A live access token of the realm is `{"active":true,"scope","client_id","username","sub",
/// "token_type","exp","iat","auth_time","auth_level","amr","acr","realm"}`, from its claims; any
/// other token (unknown, expired, revoked, another realm's, a refresh token) is `{"active":false}`.
struct OAuthIntrospect: Sendable {
    let state: ServerState

    func respond(_ call: OAuthCall) async throws(OAuthError) -> Response {
        guard Self.authenticatedClient(call) != nil else { throw .clientAuthenticationFailed }
        guard let token = call["token"] else { throw .missingParameter("token") }
        guard let live = await LiveAccessToken(token, realm: call.realm, state: state) else {
            return .json(.object([("active", false)]))
        }
        let claims = live.claims
        var members: [(key: String, value: JSONValue)] = [("active", true)]
        for (name, claim) in [("scope", "scope"), ("client_id", "aud"), ("username", "sub"), ("sub", "sub")] {
            members.append((name, claims[claim] ?? .null))
        }
        members.append(("token_type", "Bearer"))
        for name in ["exp", "iat", "auth_time", "auth_level", "amr", "acr", "realm"] {
            members.append((name, claims[name] ?? .null))
        }
        return .json(.object(members))
    }

    /// The confidential client whose id and secret came in `Authorization: Basic` or in the form.
    private static func authenticatedClient(_ call: OAuthCall) -> DemoOAuthClient? {
        var id = call["client_id"]
        var secret = call["client_secret"]
        if let header = call.request.headers[.authorization], header.prefix(6).lowercased() == "basic ",
           let decoded = Data(base64Encoded: String(header.dropFirst(6)).trimmingCharacters(in: .whitespaces)).flatMap({ String(data: $0, encoding: .utf8) }),
           let colon = decoded.firstIndex(of: ":") {
            id = String(decoded[..<colon]).removingPercentEncoding
            secret = String(decoded[decoded.index(after: colon)...]).removingPercentEncoding
        }
        guard let client = DemoAM.confidentialClient(id: id), let secret, client.secret == secret else { return nil }
        return client
    }
}
