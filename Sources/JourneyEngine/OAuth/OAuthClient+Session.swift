import Foundation
import Orchestrate

/// The journey's way to an authorization code: AM issues tokens for the SSO session without a
/// browser. The SSO token goes to `/authorize` as the cookie AM set and as a header named after
/// it, and the code is read from the 302's `Location`, which is never followed.
extension OAuthClient {
    /// The version of AM's OAuth API the requests ask for, as the SDKs send it.
    public static let amAPIVersion = HTTPHeader("Accept-API-Version", "resource=2.1, protocol=1.0")

    /// The OAuth client of a journey instance: its connection, AM's timeout, SSO cookie and API version.
    public init(client: JourneyClient, configuration: OAuthConfiguration, endpoints: OAuthEndpoints) {
        self.init(connection: client.connection, timeout: client.server.timeout, sessionCookieName: client.server.cookieName,
                  configuration: configuration, endpoints: endpoints, serverHeaders: [Self.amAPIVersion])
    }

    /// Reads the realm's discovery document.
    public static func discover(with client: JourneyClient) async throws(OAuthError) -> OAuthEndpoints {
        try await discover(at: OAuthEndpoints.discoveryURL(for: client.server), through: client.connection, timeout: client.server.timeout)
    }

    /// Authorize with the SSO token, then exchange the code and verify the ID token with the
    /// nonce sent (``mint(code:pkce:ssoToken:policy:now:)``): new tokens for this session, or
    /// `OAuthError.idTokenRefused` (the tokens revoked). `requirements` adds a step-up's
    /// `acr_values` and `max_age` (RFC 9470).
    public func signIn(ssoToken: String, requirements: TokenRequirements = TokenRequirements(), policy: IDTokenPolicy = .keepUncheckable,
                       pkce: PKCE = .generate(), now: Date = Date()) async throws(OAuthError) -> MintedTokens {
        let code = try await authorize(ssoToken: ssoToken, pkce: pkce, requirements: requirements)
        return try await mint(code: code, pkce: pkce, ssoToken: ssoToken, policy: policy, now: now)
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
            Self.amAPIVersion,
            HTTPHeader("Content-Type", "application/x-www-form-urlencoded"),
            HTTPHeader(sessionCookieName ?? ServerConfiguration.defaultCookieName, ssoToken),
        ], body: nil, timeout: timeout)
        let response = try await Self.send(request, through: connection)
        guard (300..<400).contains(response.status) else {
            if let error = try? Self.json(from: response), let code = error["error"]?.stringValue {
                throw .server(error: code, description: error["error_description"]?.stringValue)
            }
            throw .notRedirected(status: response.status, excerpt: TerminalText.excerpt(of: response.body))
        }
        let location = response.header("Location")
        // Decoded as a form, as AM writes it: `+` is a space (`error_description=Invalid+scope`).
        let query = location.map(FormQuery.parameters(of:)) ?? [:]
        func parameter(_ name: String) -> String? { query[name] }
        if let error = parameter("error") {
            throw .server(error: error, description: parameter("error_description"))
        }
        guard parameter("state") == pkce.state else { throw .stateMismatch }
        guard let code = parameter("code"), !code.isEmpty else { throw .noCode(location: location) }
        return code
    }
}
