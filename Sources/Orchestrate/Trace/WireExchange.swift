import Foundation

/// Receives every exchange a `JourneyClient` finishes (the UI's trace pane, `--har`).
public typealias WireTap = @Sendable (WireExchange) -> Void

/// One HTTP exchange of a client as it went on the wire: the request as sent (with the jar's
/// cookies and a profile's extra headers), the response or why there was none, when it started
/// and how long it took. It holds secrets as they were: show it only through `TracedMessage`,
/// `CurlCommand` or `HARLog`, which redact by `rules` unless asked to reveal.
public struct WireExchange: Sendable, Hashable {
    public let started: Date
    public let duration: Duration
    public let request: HTTPRequest
    public let outcome: Result<HTTPResponse, TransportError>
    /// What the client's configuration says is secret besides the usual names.
    public let rules: RedactionRules

    public init(started: Date, duration: Duration, request: HTTPRequest, outcome: Result<HTTPResponse, TransportError>,
                rules: RedactionRules) {
        self.started = started
        self.duration = duration
        self.request = request
        self.outcome = outcome
        self.rules = rules
    }

    public var response: HTTPResponse? { try? outcome.get() }
}

/// The names whose values a client's traces hide besides the usual ones (`Redaction`): the
/// session cookie's name (AM also reads it as a header), a profile's extra headers and query
/// parameters, which may carry a key, and what the protocol knows about its own bodies
/// (`BodySecrets`: which inputs of a journey step or fields of a flow's form are secret).
public struct RedactionRules: Sendable, Hashable {
    /// The session cookie, whose value is hidden when it is sent as a header; nil when the
    /// protocol has none.
    public var cookieName: String?
    /// Lowercased header names.
    public var headers: Set<String>
    public var queryParameters: Set<String>
    public var bodySecrets: [BodySecrets]

    public init(cookieName: String? = nil, headers: Set<String> = [], queryParameters: Set<String> = [],
                bodySecrets: [BodySecrets] = []) {
        self.cookieName = cookieName
        self.headers = Set(headers.map { $0.lowercased() })
        self.queryParameters = queryParameters
        self.bodySecrets = bodySecrets
    }
}

/// Secrets a protocol finds in its own JSON bodies by what they are (a journey's password
/// callback, a flow's password field), which no list of key names can know. Rules are equal
/// when their names are.
public struct BodySecrets: Sendable, Hashable {
    public let name: String
    private let hide: @Sendable (JSONValue) -> JSONValue?

    /// `hide` returns the body with its secrets hidden, or nil when the body is not one of the
    /// protocol's.
    public init(name: String, hide: @escaping @Sendable (JSONValue) -> JSONValue?) {
        self.name = name
        self.hide = hide
    }

    /// The body with this protocol's secrets hidden (unchanged when it is not the protocol's).
    public func hiding(in body: JSONValue) -> JSONValue { hide(body) ?? body }

    public static func == (left: BodySecrets, right: BodySecrets) -> Bool { left.name == right.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}
