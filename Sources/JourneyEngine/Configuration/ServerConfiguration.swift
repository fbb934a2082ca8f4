import Foundation
import Orchestrate

/// Where and how one client instance talks to AM.
public struct ServerConfiguration: Sendable, Hashable {
    /// The default name of AM's SSO cookie.
    public static let defaultCookieName = "iPlanetDirectoryPro"
    /// The default per-request timeout.
    public static let defaultTimeout: Duration = .seconds(30)

    /// The AM deployment up to its context path, e.g. `https://am.example.com/am`, without a
    /// trailing slash.
    public let baseURL: URL
    public var realm: Realm
    /// The SSO cookie's name (AIC tenants use a random one).
    public var cookieName: String
    public var timeout: Duration
    /// A BCP 47 language tag sent as `locale` and `Accept-Language`, e.g. `fr`.
    public var locale: String?
    /// Custom endpoints: paths under the base URL or full URLs.
    public var endpointOverrides: [AMEndpoint: String] = [:]
    /// Headers and query parameters added to every request sent to this server (never to another).
    public var extraHeaders: [HTTPHeader] = []
    public var extraQueryParameters: [QueryParameter] = []

    public init(
        url: String,
        realm: Realm = .root,
        cookieName: String = ServerConfiguration.defaultCookieName,
        timeout: Duration = ServerConfiguration.defaultTimeout,
        locale: String? = nil
    ) throws(ConfigurationError) {
        try self.init(baseURL: try Self.baseURL(from: url), realm: realm, cookieName: cookieName, timeout: timeout, locale: locale)
    }

    /// A configuration for a deployment URL already read by ``baseURL(from:)``.
    public init(
        baseURL: URL,
        realm: Realm = .root,
        cookieName: String = ServerConfiguration.defaultCookieName,
        timeout: Duration = ServerConfiguration.defaultTimeout,
        locale: String? = nil
    ) throws(ConfigurationError) {
        guard !cookieName.isEmpty, cookieName.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }) else {
            throw .invalidValue(name: "cookie name", value: cookieName, reason: "use letters, digits, '-', '_' or '.'")
        }
        guard timeout > .zero else {
            throw .invalidValue(name: "timeout", value: "\(timeout)", reason: "it must be more than zero")
        }
        if let locale, locale.isEmpty || !locale.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) {
            throw .invalidValue(name: "locale", value: locale, reason: "expected a language tag such as fr or en-GB")
        }
        self.baseURL = baseURL
        self.realm = realm
        self.cookieName = cookieName
        self.timeout = timeout
        self.locale = locale
    }

    /// AM's deployment URL as written (`https://am.example.com/am/`), read: http or https, a
    /// host, no credentials, query, fragment or `/json` path, and no trailing slash.
    public static func baseURL(from url: String) throws(ConfigurationError) -> URL {
        let trimmed = url.trimmingSpaces()
        guard let components = URLComponents(string: trimmed), let scheme = components.scheme?.lowercased() else {
            throw .invalidURL(url, reason: "it is not a URL")
        }
        guard scheme == "http" || scheme == "https" else {
            throw .invalidURL(url, reason: "the scheme must be http or https")
        }
        guard let host = components.host, !host.isEmpty else {
            throw .invalidURL(url, reason: "it has no host")
        }
        guard components.user == nil, components.password == nil else {
            throw .invalidURL(url, reason: "it must not contain a user name or password (AM takes credentials in the journey)")
        }
        guard components.query == nil, components.fragment == nil else {
            throw .invalidURL(url, reason: "it must not have a query or fragment")
        }
        var path = components.path
        while path.hasSuffix("/") { path.removeLast() }
        if path.hasSuffix("/json") || path.contains("/json/") {
            throw .invalidURL(url, reason: "give the deployment URL without /json/…")
        }
        var cleaned = components
        cleaned.path = path
        guard let base = cleaned.url else { throw .invalidURL(url, reason: "it is not a URL") }
        return base
    }

    /// `/json/realms/…/authenticate`, or the custom one.
    public var authenticateURL: URL { endpoint(.authenticate) ?? jsonEndpoint("authenticate") }

    /// `/json/realms/…/sessions`, or the custom one.
    public var sessionsURL: URL { endpoint(.sessions) ?? jsonEndpoint("sessions") }

    /// Every place a client of this server may send to: the base URL and each custom endpoint
    /// (which may be on another host).
    public var destinations: [URL] { [baseURL] + AMEndpoint.allCases.compactMap(endpoint) }

    /// A custom endpoint's URL, when one is set.
    public func endpoint(_ endpoint: AMEndpoint) -> URL? {
        endpointOverrides[endpoint].flatMap { EndpointPath.resolve($0, on: self) }
    }

    /// Whether a URL is on this server (same scheme, host and port), so the instance's extra
    /// headers, cookies and tokens may go to it.
    public func isSameOrigin(_ url: URL) -> Bool {
        ClientConnection.isSameOrigin(url, as: baseURL)
    }

    /// A JSON REST endpoint of this realm: `{base}/json/realms/root/realms/…/{name}`.
    public func jsonEndpoint(_ name: String) -> URL {
        realmEndpoint(area: "json", name)
    }

    /// An OAuth 2.0 endpoint of this realm: `{base}/oauth2/realms/root/realms/…/{name}`.
    public func oauthEndpoint(_ name: String) -> URL {
        realmEndpoint(area: "oauth2", name)
    }

    private func realmEndpoint(area: String, _ name: String) -> URL {
        var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) ?? URLComponents()
        // `urlPath` is already percent-encoded per realm name; the path is set as it is.
        let suffix = name.isEmpty ? "" : "/\(name)"
        components.percentEncodedPath = baseURL.path(percentEncoded: true) + "/\(area)/\(realm.urlPath)\(suffix)"
        return components.url ?? baseURL
    }

    /// The host and port, for messages.
    public var hostDescription: String {
        let host = baseURL.host() ?? "?"
        return baseURL.port.map { "\(host):\($0)" } ?? host
    }
}
