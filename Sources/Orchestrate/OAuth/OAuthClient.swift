import Foundation

/// One instance's OAuth 2.0 / OIDC client, whichever protocol signed the user in: the code
/// exchange with the PKCE verifier, refresh, revoke, userinfo, end session and discovery. Every
/// request goes through the instance's `ClientConnection` (its cookies, its trace). How the
/// authorization code is obtained is the protocol's: a journey presents its SSO token to
/// `/authorize`, a DaVinci flow ends with the code in its last answer.
public struct OAuthClient: Sendable {
    public let connection: ClientConnection
    /// The deadline of each request.
    public let timeout: Duration
    /// The cookie that carries the session these tokens are minted for (AM's SSO cookie, which
    /// AM also reads as a header on `/authorize`); nil when the protocol has none.
    public let sessionCookieName: String?
    public let configuration: OAuthConfiguration
    public let endpoints: OAuthEndpoints
    /// Headers the server's API wants on every OAuth request (AM's `Accept-API-Version`).
    public let serverHeaders: [HTTPHeader]

    public init(connection: ClientConnection, timeout: Duration, sessionCookieName: String? = nil,
                configuration: OAuthConfiguration, endpoints: OAuthEndpoints, serverHeaders: [HTTPHeader] = []) {
        self.connection = connection
        self.timeout = timeout
        self.sessionCookieName = sessionCookieName
        self.configuration = configuration
        self.endpoints = endpoints
        self.serverHeaders = serverHeaders
    }

    /// The same client for other endpoints: those stored with tokens, where they were issued.
    public func using(_ endpoints: OAuthEndpoints) -> OAuthClient {
        OAuthClient(connection: connection, timeout: timeout, sessionCookieName: sessionCookieName, configuration: configuration,
                    endpoints: endpoints, serverHeaders: serverHeaders)
    }

    /// Reads a discovery document (`.well-known/openid-configuration`).
    public static func discover(at url: URL, through connection: ClientConnection, timeout: Duration) async throws(OAuthError) -> OAuthEndpoints {
        let request = HTTPRequest(method: "GET", url: url, headers: [HTTPHeader("Accept", "application/json")], body: nil, timeout: timeout)
        let json = try Self.json(from: try await send(request, through: connection))
        guard let endpoints = OAuthEndpoints(discovery: json) else {
            throw .malformed("the discovery document lacks an endpoint")
        }
        return endpoints
    }

    // MARK: Minting tokens

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
        ] + serverHeaders + [HTTPHeader("Accept", "application/json")], body: nil, timeout: timeout)
        return try Self.json(from: try await Self.send(request, through: connection))
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
                                  body: nil, timeout: timeout)
        let response = try await Self.send(request, through: connection)
        guard (200..<400).contains(response.status) else { _ = try Self.json(from: response); return }
    }

    // MARK: Requests

    private func tokenRequest(_ fields: [(String, String)]) async throws(OAuthError) -> (JSONValue, ServerClock?) {
        let response = try await formRequest(endpoints.token, fields)
        return (try Self.json(from: response), ServerClock(response))
    }

    /// POSTs `fields` form-encoded, with `headers` added (a confidential client's credentials).
    public func formRequest(_ url: URL, _ fields: [(String, String)], headers: [HTTPHeader] = []) async throws(OAuthError) -> HTTPResponse {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let body = fields.map { name, value in
            "\(name)=\(value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value)"
        }.joined(separator: "&")
        let request = HTTPRequest(method: "POST", url: url, headers: [HTTPHeader("Content-Type", "application/x-www-form-urlencoded")]
            + serverHeaders + [HTTPHeader("Accept", "application/json")] + headers, body: Data(body.utf8), timeout: timeout)
        let response = try await Self.send(request, through: connection)
        if !(200..<300).contains(response.status) { _ = try Self.json(from: response) }
        return response
    }

    public static func send(_ request: HTTPRequest, through connection: ClientConnection) async throws(OAuthError) -> HTTPResponse {
        do throws(TransportError) {
            return try await connection.send(request)
        } catch {
            throw .transport(error)
        }
    }

    /// The body as JSON; the server's `{"error","error_description"}` and other failures as errors.
    public static func json(from response: HTTPResponse) throws(OAuthError) -> JSONValue {
        let json = try? JSONValue.parse(response.body)
        if let error = json?["error"]?.stringValue {
            throw .server(error: error, description: json?["error_description"]?.stringValue)
        }
        guard (200..<300).contains(response.status) else {
            throw .rejected(status: response.status, excerpt: TerminalText.excerpt(of: response.body))
        }
        if response.body.isEmpty { return .object([:]) }
        guard let json else {
            throw .malformed("the body is not JSON: \(TerminalText.excerpt(of: response.body))")
        }
        return json
    }
}
