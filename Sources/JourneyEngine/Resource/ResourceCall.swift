import Foundation
import Orchestrate

/// A call to a protected API, as `journey request` and the request pane make it.
public struct ResourceCall: Sendable, Hashable {
    public var method: String
    public var url: URL
    public var headers: [HTTPHeader]
    public var body: Data?
    public var timeout: Duration
    /// Act on a challenge (step up, walk an advice journey) and retry once; false only shows it.
    public var follows: Bool
    /// Ask an Identity Gateway to put its advice in a `WWW-Authenticate` header
    /// (`x-authenticate-response: header`) instead of redirecting to AM.
    public var asksForAdviceHeader: Bool

    public init(method: String = "GET", url: URL, headers: [HTTPHeader] = [], body: Data? = nil,
                timeout: Duration = .seconds(30), follows: Bool = true, asksForAdviceHeader: Bool = true) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.follows = follows
        self.asksForAdviceHeader = asksForAdviceHeader
    }
}

/// How a call proves who is asking: the instance's access token, or its SSO session as the
/// cookie AM set (for resources AM protects itself).
public enum ResourceCredential: Sendable, Hashable {
    case bearer(accessToken: String)
    /// The session cookie AM set, as the instance's cookie jar sends it (for the URL's host and
    /// path); the request itself carries no header for it.
    case sessionCookie(name: String)
    /// The session as a cookie built from the token AM returned (`tokenId`), for AM's own origin
    /// when the jar holds no session cookie for its host.
    case session(cookieName: String, ssoToken: String)
    case none

    /// The header that carries it; nil when the cookie jar carries it, or nothing does.
    var header: HTTPHeader? {
        switch self {
        case .bearer(let token): HTTPHeader("Authorization", "Bearer \(token)")
        case .session(let name, let token): HTTPHeader("Cookie", "\(name)=\(token)")
        case .sessionCookie, .none: nil
        }
    }

    /// What an instance presents to `url`: its access token when it has one (and the call may use
    /// it), else its SSO session the way the SDKs' cookie jars send it: the session cookie AM set,
    /// from `cookies` when it goes to that host and path; a cookie built from the session's token
    /// only to AM's own origin, and only when the jar holds no session cookie for that host.
    public static func presenting(tokens: OAuthTokens?, session: StoredSession?, server: ServerConfiguration,
                                  to url: URL, cookies: CookieJar? = nil, at now: Date = Date()) -> ResourceCredential {
        if let tokens { return .bearer(accessToken: tokens.accessToken) }
        guard let token = session?.success.tokenId else { return .none }
        if let cookies, jar(cookies, holds: server.cookieName, forHostOf: url, at: now) {
            return jar(cookies, holds: server.cookieName, for: url, at: now) ? .sessionCookie(name: server.cookieName) : .none
        }
        return server.isSameOrigin(url) ? .session(cookieName: server.cookieName, ssoToken: token) : .none
    }

    /// Whether the jar sends a cookie with this name with a request to `url`.
    private static func jar(_ jar: CookieJar, holds name: String, for url: URL, at now: Date) -> Bool {
        let sent = jar.cookieHeader(for: url, at: now)?.split(separator: ";") ?? []
        return sent.contains { $0.trimmingSpaces().hasPrefix(name + "=") }
    }

    /// Whether the jar holds a cookie with this name for `url`'s host, on any path.
    private static func jar(_ jar: CookieJar, holds name: String, forHostOf url: URL, at now: Date) -> Bool {
        jar.cookies.contains { cookie in
            guard cookie.name == name, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return false }
            components.percentEncodedPath = cookie.path
            components.query = nil
            return components.url.map { Self.jar(CookieJar(cookies: [cookie]), holds: name, for: $0, at: now) } ?? false
        }
    }
}

/// What new tokens a step-up needs: the `/authorize` parameters of RFC 9470's challenge.
public struct TokenRequirements: Sendable, Hashable {
    /// `acr_values` to send (the journeys AM must have seen).
    public var acrValues: [String]
    /// `max_age` to send: seconds since the person last authenticated.
    public var maxAge: Int?

    public init(acrValues: [String] = [], maxAge: Int? = nil) {
        self.acrValues = acrValues
        self.maxAge = maxAge
    }
}
