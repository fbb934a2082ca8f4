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
    case session(cookieName: String, ssoToken: String)
    case none

    /// The header that carries it.
    var header: HTTPHeader? {
        switch self {
        case .bearer(let token): HTTPHeader("Authorization", "Bearer \(token)")
        case .session(let name, let token): HTTPHeader("Cookie", "\(name)=\(token)")
        case .none: nil
        }
    }

    /// What an instance presents to `url`: its access token when it has one (and the call may use
    /// it), else its SSO session, but only to AM's own origin: a session never goes to another host.
    public static func presenting(tokens: OAuthTokens?, session: StoredSession?, server: ServerConfiguration,
                                  to url: URL) -> ResourceCredential {
        if let tokens { return .bearer(accessToken: tokens.accessToken) }
        if let token = session?.success.tokenId, server.isSameOrigin(url) {
            return .session(cookieName: server.cookieName, ssoToken: token)
        }
        return .none
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
