import HTTPTypes
import Hummingbird

/// One OAuth 2.0 request, as the endpoints under `/am/oauth2/{realm}` see it.
struct OAuthCall: Sendable {
    let request: Request
    let realm: String
    /// The realm's `iss`: `<baseURL>/oauth2/realms/root[/realms/alpha]`.
    let issuer: String
    /// The query of a GET, the form body of a POST.
    let parameters: [String: String]

    /// The parameter's value; an empty value counts as missing.
    subscript(name: String) -> String? {
        parameters[name].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The words of a space-separated parameter (`scope`, `acr_values`), each once; `nil` when it is missing.
    func list(_ name: String) -> [String]? {
        guard let value = self[name] else { return nil }
        var words: [String] = []
        for word in value.split(separator: " ").map(String.init) where !words.contains(word) {
            words.append(word)
        }
        return words.isEmpty ? nil : words
    }
}

/// `/am/oauth2/{realm}/…`: the OAuth 2.0 and OpenID Connect provider, for clients holding an SSO
/// token. Every answer carries `Cache-Control: no-store`; errors are `{"error_description","error"}`.
struct OAuth2: Sendable {
    let state: ServerState

    private enum Endpoint {
        case authorize, accessToken, revoke, introspect, userInfo, endSession, discovery, jwks

        init?(method: HTTPRequest.Method, path: [Substring]) {
            switch (method, path) {
            case (.get, ["authorize"]): self = .authorize
            case (.post, ["access_token"]): self = .accessToken
            case (.post, ["token", "revoke"]): self = .revoke
            case (.post, ["introspect"]): self = .introspect
            case (.get, ["userinfo"]), (.post, ["userinfo"]): self = .userInfo
            case (.get, ["connect", "endSession"]): self = .endSession
            case (.get, [".well-known", "openid-configuration"]): self = .discovery
            case (.get, ["connect", "jwk_uri"]): self = .jwks
            default: return nil
            }
        }
    }

    func respond(to request: Request, context: DemoRequestContext, path: RealmPath) async throws(AMError) -> Response {
        guard let endpoint = Endpoint(method: request.method, path: path.endpoint) else { throw .resourceNotFound(request.uri.path) }
        var response: Response
        do throws(OAuthError) {
            let call = OAuthCall(
                request: request, realm: path.realm, issuer: Self.issuer(baseURL: context.baseURL, realm: path.realm),
                parameters: try await Self.parameters(of: request)
            )
            switch endpoint {
            case .authorize: response = try await OAuthAuthorize(state: state).respond(call)
            case .accessToken: response = try await OAuthAccessToken(state: state).respond(call)
            case .revoke: response = try await OAuthRevoke(state: state).respond(call)
            case .introspect: response = try await OAuthIntrospect(state: state).respond(call)
            case .userInfo: response = try await OAuthUserInfo(state: state).respond(call)
            case .endSession: response = try await OAuthEndSession(state: state).respond(call)
            case .discovery: response = OAuthDiscovery.configuration(call)
            case .jwks: response = .json(state.signer.jwks)
            }
        } catch {
            response = error.response
        }
        response.headers[.cacheControl] = "no-store"
        return response
    }

    /// `<baseURL>/oauth2/realms/root` for `/`, `<baseURL>/oauth2/realms/root/realms/alpha` for `/alpha`.
    static func issuer(baseURL: String, realm: String) -> String {
        "\(baseURL)/oauth2/\(RealmPath.fullPath(of: realm))"
    }

    private static func parameters(of request: Request) async throws(OAuthError) -> [String: String] {
        guard request.method == .post else { return FormEncoding.decode(request.uri.query ?? "") }
        if let type = request.headers[.contentType], !type.lowercased().hasPrefix("application/x-www-form-urlencoded") {
            throw .invalidRequest("Send the parameters form-encoded, with Content-Type: application/x-www-form-urlencoded")
        }
        var request = request
        guard let body = try? await request.collectBody(upTo: 1 << 16) else { throw .invalidRequest("The request body could not be read") }
        return FormEncoding.decode(String(buffer: body))
    }
}
