import Foundation
import Orchestrate

/// One instance's OAuth 2.0 client: every request goes through the instance's `JourneyClient`
/// (its cookies, its trace). Tokens are minted from the SSO session without a browser: the SSO
/// token goes to `/authorize` as the cookie AM set and as a header named after it, and the code is
/// read from the 302's `Location`, which is never followed.
public struct OAuthClient: Sendable {
    public let client: JourneyClient
    public let configuration: OAuthConfiguration
    public let endpoints: OAuthEndpoints

    public init(client: JourneyClient, configuration: OAuthConfiguration, endpoints: OAuthEndpoints) {
        self.client = client
        self.configuration = configuration
        self.endpoints = endpoints
    }

    /// Reads the realm's discovery document.
    public static func discover(with client: JourneyClient) async throws(OAuthError) -> OAuthEndpoints {
        let server = client.server
        let request = HTTPRequest(method: "GET", url: OAuthEndpoints.discoveryURL(for: server),
                                  headers: [HTTPHeader("Accept", "application/json")], body: nil, timeout: server.timeout)
        let json = try Self.json(from: try await send(request, through: client))
        guard let endpoints = OAuthEndpoints(discovery: json) else {
            throw .malformed("the discovery document lacks an endpoint")
        }
        return endpoints
    }

    // MARK: Minting tokens

    /// Authorize with the SSO token, then exchange the code: new tokens for this session.
    /// `requirements` adds a step-up's `acr_values` and `max_age` (RFC 9470).
    public func signIn(ssoToken: String, requirements: TokenRequirements = TokenRequirements(), pkce: PKCE = .generate(),
                       now: Date = Date()) async throws(OAuthError) -> OAuthTokens {
        let code = try await authorize(ssoToken: ssoToken, pkce: pkce, requirements: requirements)
        return try await exchange(code: code, pkce: pkce, ssoToken: ssoToken, now: now)
    }

    /// `GET /authorize` with PKCE; returns the code from the redirect, after checking `state`.
    public func authorize(ssoToken: String, pkce: PKCE, requirements: TokenRequirements = TokenRequirements()) async throws(OAuthError) -> String {
        var url = endpoints.authorize
        url.append(queryItems: [
            URLQueryItem(name: "response_type", value: "code"),
            URLQueryItem(name: "client_id", value: configuration.clientId),
            URLQueryItem(name: "scope", value: configuration.scope),
            URLQueryItem(name: "redirect_uri", value: configuration.redirectURI),
            URLQueryItem(name: "state", value: pkce.state),
            URLQueryItem(name: "nonce", value: pkce.nonce),
            URLQueryItem(name: "code_challenge", value: pkce.challenge),
            URLQueryItem(name: "code_challenge_method", value: "S256"),
        ])
        if !requirements.acrValues.isEmpty { url.append(queryItems: [URLQueryItem(name: "acr_values", value: requirements.acrValues.joined(separator: " "))]) }
        if let maxAge = requirements.maxAge { url.append(queryItems: [URLQueryItem(name: "max_age", value: String(maxAge))]) }
        // As the SDKs send it: no Accept header, the SSO token as a header named after the cookie.
        let request = HTTPRequest(method: "GET", url: url, headers: [
            HTTPHeader("Accept-API-Version", "resource=2.1, protocol=1.0"),
            HTTPHeader("Content-Type", "application/x-www-form-urlencoded"),
            HTTPHeader(client.server.cookieName, ssoToken),
        ], body: nil, timeout: client.server.timeout)
        let response = try await Self.send(request, through: client)
        guard (300..<400).contains(response.status) else {
            if let error = try? Self.json(from: response), let code = error["error"]?.stringValue {
                throw .server(error: code, description: error["error_description"]?.stringValue)
            }
            throw .notRedirected(status: response.status, excerpt: AuthenticateOutcome.excerpt(of: response.body))
        }
        let location = response.header("Location")
        let query = location.flatMap { URLComponents(string: $0) }?.queryItems ?? []
        func parameter(_ name: String) -> String? { query.first { $0.name == name }?.value }
        if let error = parameter("error") {
            throw .server(error: error, description: parameter("error_description"))
        }
        guard parameter("state") == pkce.state else { throw .stateMismatch }
        guard let code = parameter("code"), !code.isEmpty else { throw .noCode(location: location) }
        return code
    }

    /// `POST /access_token` with the authorization code and the PKCE verifier.
    public func exchange(code: String, pkce: PKCE, ssoToken: String?, now: Date = Date()) async throws(OAuthError) -> OAuthTokens {
        let (json, clock) = try await tokenRequest([
            ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", configuration.redirectURI),
            ("client_id", configuration.clientId), ("code_verifier", pkce.verifier),
        ])
        return try OAuthTokens(response: json, issuedAt: now, serverClock: clock, sessionToken: ssoToken)
    }

    /// `POST /access_token` with the refresh token; keeps the old refresh token when AM does not
    /// rotate it.
    public func refresh(_ tokens: OAuthTokens, now: Date = Date()) async throws(OAuthError) -> OAuthTokens {
        guard let refreshToken = tokens.refreshToken else { throw .server(error: "invalid_grant", description: "no refresh token") }
        let (json, clock) = try await tokenRequest([
            ("grant_type", "refresh_token"), ("refresh_token", refreshToken), ("client_id", configuration.clientId),
            ("scope", tokens.scope ?? configuration.scope),
        ])
        return try OAuthTokens(response: json, issuedAt: now, serverClock: clock, sessionToken: nil, previous: tokens)
    }

    // MARK: Using and ending tokens

    /// `POST /token/revoke`, with the refresh token when there is one (which also ends the access
    /// tokens minted from it), else the access token.
    public func revoke(_ tokens: OAuthTokens) async throws(OAuthError) {
        _ = try await formRequest(endpoints.revoke, [
            ("token", tokens.refreshToken ?? tokens.accessToken), ("client_id", configuration.clientId),
        ])
    }

    /// `GET /userinfo` with the access token.
    public func userinfo(_ tokens: OAuthTokens) async throws(OAuthError) -> JSONValue {
        let request = HTTPRequest(method: "GET", url: endpoints.userinfo, headers: [
            HTTPHeader("Authorization", "\(tokens.tokenType) \(tokens.accessToken)"),
            HTTPHeader("Accept-API-Version", "resource=2.1, protocol=1.0"),
            HTTPHeader("Accept", "application/json"),
        ], body: nil, timeout: client.server.timeout)
        return try Self.json(from: try await Self.send(request, through: client))
    }

    /// `GET /connect/endSession` with the ID token: ends the SSO session the tokens came from
    /// (for sign-ins without an SSO token of their own, as the SDKs do).
    public func endSession(idToken: String) async throws(OAuthError) {
        var url = endpoints.endSession
        url.append(queryItems: [URLQueryItem(name: "id_token_hint", value: idToken),
                                URLQueryItem(name: "client_id", value: configuration.clientId)])
        if let signOutRedirectURI = configuration.signOutRedirectURI {
            url.append(queryItems: [URLQueryItem(name: "post_logout_redirect_uri", value: signOutRedirectURI)])
        }
        let request = HTTPRequest(method: "GET", url: url, headers: [HTTPHeader("Accept", "application/json")],
                                  body: nil, timeout: client.server.timeout)
        let response = try await Self.send(request, through: client)
        guard (200..<400).contains(response.status) else { _ = try Self.json(from: response); return }
    }

    // MARK: Requests

    private func tokenRequest(_ fields: [(String, String)]) async throws(OAuthError) -> (JSONValue, ServerClock?) {
        let response = try await formRequest(endpoints.token, fields)
        return (try Self.json(from: response), ServerClock(response))
    }

    /// POSTs `fields` form-encoded, with `headers` added (a confidential client's credentials).
    func formRequest(_ url: URL, _ fields: [(String, String)], headers: [HTTPHeader] = []) async throws(OAuthError) -> HTTPResponse {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let body = fields.map { name, value in
            "\(name)=\(value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value)"
        }.joined(separator: "&")
        let request = HTTPRequest(method: "POST", url: url, headers: [
            HTTPHeader("Content-Type", "application/x-www-form-urlencoded"),
            HTTPHeader("Accept-API-Version", "resource=2.1, protocol=1.0"),
            HTTPHeader("Accept", "application/json"),
        ] + headers, body: Data(body.utf8), timeout: client.server.timeout)
        let response = try await Self.send(request, through: client)
        if !(200..<300).contains(response.status) { _ = try Self.json(from: response) }
        return response
    }

    private static func send(_ request: HTTPRequest, through client: JourneyClient) async throws(OAuthError) -> HTTPResponse {
        do throws(JourneyError) {
            return try await client.send(request)
        } catch {
            throw .transport(error)
        }
    }

    /// The body as JSON; AM's `{"error","error_description"}` and other failures as errors.
    static func json(from response: HTTPResponse) throws(OAuthError) -> JSONValue {
        let json = try? JSONValue.parse(response.body)
        if let error = json?["error"]?.stringValue {
            throw .server(error: error, description: json?["error_description"]?.stringValue)
        }
        guard (200..<300).contains(response.status) else {
            if case .failure(let error) = AuthenticateOutcome(response) { throw .transport(error) }
            throw .transport(.unexpectedStatus(status: response.status, location: response.header("Location")))
        }
        if response.body.isEmpty { return .object([:]) }
        guard let json else {
            throw .malformed("the body is not JSON: \(AuthenticateOutcome.excerpt(of: response.body))")
        }
        return json
    }
}
