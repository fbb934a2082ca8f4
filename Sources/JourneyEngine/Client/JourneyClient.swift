import Foundation
import Logging
import Orchestrate

/// One client instance's link to AM: its server configuration, its own cookie jar, and the
/// transport. Every request of the instance goes through `send(_:)`, which adds the jar's
/// cookies, stores what AM sets, traces the exchange at trace level (redacted unless
/// `revealsSecrets`) and hands it to the `wireTap`, if any.
public actor JourneyClient {
    public nonisolated let server: ServerConfiguration
    public private(set) var cookieJar: CookieJar
    private let transport: any HTTPTransport
    private let logger: Logger
    private let revealsSecrets: Bool
    private let wireTap: WireTap?
    private let clock: @Sendable () -> Date

    public init(
        server: ServerConfiguration,
        transport: any HTTPTransport = AsyncHTTPTransport(),
        cookieJar: CookieJar = CookieJar(),
        logger: Logger = Logger(label: "journeyterm.wire"),
        revealsSecrets: Bool = false,
        wireTap: WireTap? = nil,
        clock: @escaping @Sendable () -> Date = Date.init
    ) {
        self.server = server
        self.transport = transport
        self.cookieJar = cookieJar
        self.logger = logger
        self.revealsSecrets = revealsSecrets
        self.wireTap = wireTap
        self.clock = clock
    }

    /// Sends a request with this instance's cookies and stores the cookies of the response.
    public func send(_ request: HTTPRequest) async throws(JourneyError) -> HTTPResponse {
        var outgoing = request
        if server.isSameOrigin(request.url) {
            outgoing.headers += server.extraHeaders
            if !server.extraQueryParameters.isEmpty {
                outgoing.url.append(queryItems: server.extraQueryParameters.map { URLQueryItem(name: $0.name, value: $0.value) })
            }
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
                                    rules: RedactionRules(server: server))
        wireTap?(exchange)
        let response: HTTPResponse
        switch outcome {
        case .success(let answer): response = answer
        case .failure(let error):
            logger.trace("✗ \(error.description)")
            throw JourneyError(error)
        }
        cookieJar.store(setCookieHeaders: response.headers(named: "Set-Cookie"), from: request.url, at: clock())
        trace(response, after: exchange.duration)
        return response
    }

    /// One `Cookie` field (RFC 6265 §5.4): the jar's cookies join one the request already
    /// carries, which wins for a name both have (a resource call presenting a chosen session).
    static func merging(_ jarCookies: String, into headers: [HTTPHeader]) -> [HTTPHeader] {
        guard let index = headers.firstIndex(where: { $0.name.caseInsensitiveCompare("Cookie") == .orderedSame }) else {
            return headers + [HTTPHeader("Cookie", jarCookies)]
        }
        let given = headers[index].value
        let names = Set(given.split(separator: ";").map { $0.split(separator: "=").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" })
        let added = jarCookies.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !names.contains($0.split(separator: "=").first.map(String.init) ?? "") }
        var merged = headers
        merged[index] = HTTPHeader(headers[index].name, ([given] + added).joined(separator: "; "))
        return merged
    }

    /// Forgets every cookie (the SSO cookie included).
    public func clearCookies() {
        cookieJar.removeAll()
    }

    /// Replaces the jar with cookies kept elsewhere: those of a journey that waited for a
    /// browser in another run (``BrowserHandoff``), so its next request reaches the same server.
    public func restore(_ cookies: CookieJar) {
        cookieJar = cookies
    }

    /// Walks a journey from its first request to success or failure.
    ///
    /// `answer` is called with every step. For a PollingWait step it may return nil to keep
    /// waiting (the step is resubmitted after its wait time) or an answered step (e.g. Cancel).
    /// For other steps nil abandons the journey with `JourneyError.cancelled`. Errors thrown by
    /// `answer` end the walk and are rethrown as they are.
    nonisolated(nonsending) public func walk(
        _ request: JourneyRequest,
        answer: (JourneyStep) async throws -> JourneyStep?
    ) async throws -> LoginSuccess {
        var machine = JourneyMachine(server: server, request: request)
        var pending = machine.start()
        while !pending.isEmpty {
            let action = pending.removeFirst()
            switch action {
            case .send(let httpRequest):
                do {
                    pending += machine.received(try await self.send(httpRequest))
                } catch {
                    pending += machine.transportFailed(error)
                }
            case .present(let step):
                let isPolling = step.pollingDelay != nil
                if let answered = try await answer(step) {
                    pending = machine.submit(answered)
                } else if !isPolling {
                    throw JourneyError.cancelled
                }
            case .schedulePoll(let delay):
                try await Task.sleep(for: delay)
                pending += machine.pollTimerFired()
            case .succeeded(let success):
                return success
            case .failed(let error):
                throw error
            }
        }
        throw JourneyError.cancelled
    }

    /// The request before it goes (so a hung request shows), through the one redaction path.
    private func trace(_ request: HTTPRequest) {
        guard logger.logLevel <= .trace else { return }
        let rules = RedactionRules(server: server)
        let shown = TracedMessage(request: request, rules: rules, revealing: revealsSecrets)
        let url = TracedMessage.url(of: request, rules: rules, revealing: revealsSecrets)
        logger.trace("→ \(request.method) \(url)\n\(Self.lines(shown))")
    }

    private func trace(_ response: HTTPResponse, after elapsed: Duration) {
        guard logger.logLevel <= .trace else { return }
        let shown = TracedMessage(response: response, rules: RedactionRules(server: server), revealing: revealsSecrets)
        logger.trace("← \(response.status) in \(String(format: "%.1f", elapsed.inMilliseconds)) ms\n\(Self.lines(shown))")
    }

    private static func lines(_ message: TracedMessage) -> String {
        (message.headers.map { "  \($0.name): \($0.value)" } + ["  \(message.body.line)"]).joined(separator: "\n")
    }
}
