import Foundation
import Logging

/// One client instance's link to its server, whichever protocol it speaks: its own cookie jar,
/// the transport, and the trace. Every request of the instance goes through `send(_:)`, which
/// adds the server's extra headers and query parameters (to that server only) and the jar's
/// cookies, stores what the server sets, traces the exchange at trace level (redacted by
/// `rules` unless `revealsSecrets`) and hands it to the `wireTap`, if any.
public actor ClientConnection {
    /// Scheme, host and port of the server the instance is configured for: extras go only there.
    public nonisolated let origin: URL
    public nonisolated let rules: RedactionRules
    public private(set) var cookieJar: CookieJar
    private let extraHeaders: [HTTPHeader]
    private let extraQueryParameters: [URLQueryItem]
    private let transport: any HTTPTransport
    private let logger: Logger
    private let revealsSecrets: Bool
    private let wireTap: WireTap?
    private let clock: @Sendable () -> Date

    public init(
        origin: URL,
        rules: RedactionRules,
        extraHeaders: [HTTPHeader] = [],
        extraQueryParameters: [URLQueryItem] = [],
        transport: any HTTPTransport = AsyncHTTPTransport(),
        cookieJar: CookieJar = CookieJar(),
        logger: Logger = Logger(label: "journeyterm.wire"),
        revealsSecrets: Bool = false,
        wireTap: WireTap? = nil,
        clock: @escaping @Sendable () -> Date = Date.init
    ) {
        self.origin = origin
        self.rules = rules
        self.extraHeaders = extraHeaders
        self.extraQueryParameters = extraQueryParameters
        self.transport = transport
        self.cookieJar = cookieJar
        self.logger = logger
        self.revealsSecrets = revealsSecrets
        self.wireTap = wireTap
        self.clock = clock
    }

    /// Sends a request with this instance's cookies and stores the cookies of the response.
    public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        var outgoing = request
        if Self.isSameOrigin(request.url, as: origin) {
            outgoing.headers += extraHeaders
            if !extraQueryParameters.isEmpty { outgoing.url.append(queryItems: extraQueryParameters) }
        }
        if let cookies = cookieJar.cookieHeader(for: request.url, at: clock()) {
            outgoing.headers = Self.merging(cookies, into: outgoing.headers)
        }
        trace(outgoing)
        let (startDate, started) = (clock(), ContinuousClock.now)
        let outcome: Result<HTTPResponse, TransportError>
        do throws(TransportError) {
            outcome = .success(try await transport.send(outgoing))
        } catch {
            outcome = .failure(error)
        }
        let exchange = WireExchange(started: startDate, duration: ContinuousClock.now - started, request: outgoing, outcome: outcome,
                                    rules: rules)
        wireTap?(exchange)
        let response: HTTPResponse
        switch outcome {
        case .success(let answer): response = answer
        case .failure(let error):
            logger.trace("✗ \(error.description)")
            throw error
        }
        cookieJar.store(setCookieHeaders: response.headers(named: "Set-Cookie"), from: request.url, at: clock())
        trace(response, after: exchange.duration)
        return response
    }

    /// Whether a URL is on the server at `origin` (same scheme, host and port).
    public static func isSameOrigin(_ url: URL, as origin: URL) -> Bool {
        url.scheme?.lowercased() == origin.scheme?.lowercased() && url.host()?.lowercased() == origin.host()?.lowercased()
            && (url.port ?? defaultPort(url.scheme)) == (origin.port ?? defaultPort(origin.scheme))
    }

    private static func defaultPort(_ scheme: String?) -> Int { scheme?.lowercased() == "https" ? 443 : 80 }

    /// One `Cookie` field (RFC 6265 §5.4): the jar's cookies join one the request already
    /// carries, which wins for a name both have (a resource call presenting a chosen session).
    static func merging(_ jarCookies: String, into headers: [HTTPHeader]) -> [HTTPHeader] {
        guard let index = headers.firstIndex(where: { $0.name.equalsIgnoringCase("Cookie") }) else {
            return headers + [HTTPHeader("Cookie", jarCookies)]
        }
        let given = headers[index].value
        let names = Set(given.split(separator: ";").map { $0.split(separator: "=").first.map { $0.trimmingSpaces() } ?? "" })
        let added = jarCookies.split(separator: ";").map { $0.trimmingSpaces() }
            .filter { !names.contains($0.split(separator: "=").first.map(String.init) ?? "") }
        var merged = headers
        merged[index] = HTTPHeader(headers[index].name, ([given] + added).joined(separator: "; "))
        return merged
    }

    /// Forgets every cookie (the session cookie included).
    public func clearCookies() {
        cookieJar.removeAll()
    }

    /// Replaces the jar with cookies kept elsewhere (a step that waited for a browser in another
    /// run), so the next request reaches the same server.
    public func restore(_ cookies: CookieJar) {
        cookieJar = cookies
    }

    /// The request before it goes (so a hung request shows), through the one redaction path.
    private func trace(_ request: HTTPRequest) {
        guard logger.logLevel <= .trace else { return }
        let shown = TracedMessage(request: request, rules: rules, revealing: revealsSecrets)
        let url = TracedMessage.url(of: request, rules: rules, revealing: revealsSecrets)
        logger.trace("→ \(request.method) \(url)\n\(Self.lines(shown))")
    }

    private func trace(_ response: HTTPResponse, after elapsed: Duration) {
        guard logger.logLevel <= .trace else { return }
        let shown = TracedMessage(response: response, rules: rules, revealing: revealsSecrets)
        logger.trace("← \(response.status) in \(String(format: "%.1f", elapsed.inMilliseconds)) ms\n\(Self.lines(shown))")
    }

    private static func lines(_ message: TracedMessage) -> String {
        (message.headers.map { "  \($0.name): \($0.value)" } + ["  \(message.body.line)"]).joined(separator: "\n")
    }
}
