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
    public let outcome: Result<HTTPResponse, JourneyError>
    /// What the client's configuration says is secret besides the usual names.
    public let rules: RedactionRules

    public init(started: Date, duration: Duration, request: HTTPRequest, outcome: Result<HTTPResponse, JourneyError>,
                rules: RedactionRules) {
        self.started = started
        self.duration = duration
        self.request = request
        self.outcome = outcome
        self.rules = rules
    }

    public var response: HTTPResponse? { try? outcome.get() }
}

/// The names whose values a client's traces hide besides the usual ones (`Redaction`): the SSO
/// cookie's name (AM also reads it as a header), and a profile's extra headers and query
/// parameters, which may carry a key.
public struct RedactionRules: Sendable, Hashable {
    public var cookieName: String
    /// Lowercased header names.
    public var headers: Set<String>
    public var queryParameters: Set<String>

    public init(cookieName: String = ServerConfiguration.defaultCookieName, headers: Set<String> = [], queryParameters: Set<String> = []) {
        self.cookieName = cookieName
        self.headers = Set(headers.map { $0.lowercased() })
        self.queryParameters = queryParameters
    }

    public init(server: ServerConfiguration) {
        self.init(cookieName: server.cookieName, headers: Set(server.extraHeaders.map(\.name)),
                  queryParameters: Set(server.extraQueryParameters.map(\.name)))
    }
}
