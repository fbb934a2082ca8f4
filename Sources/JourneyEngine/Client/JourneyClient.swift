import Foundation
import Logging
import Orchestrate

/// One client instance's link to AM: its server configuration over a `ClientConnection` (its
/// own cookie jar, the transport, the trace), with AM's SSO cookie and a profile's extras as
/// what is secret and journey steps' secrets hidden in traces. Every request of the instance
/// goes through `send(_:)`; `walk(_:answer:)` drives a journey from start to end.
public struct JourneyClient: Sendable {
    public let server: ServerConfiguration
    public let connection: ClientConnection

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
        connection = ClientConnection(
            origin: server.baseURL, rules: RedactionRules(server: server), extraHeaders: server.extraHeaders,
            extraQueryParameters: server.extraQueryParameters.map { URLQueryItem(name: $0.name, value: $0.value) },
            transport: transport, cookieJar: cookieJar, logger: logger, revealsSecrets: revealsSecrets, wireTap: wireTap, clock: clock)
    }

    /// The instance's cookies as they are now.
    public var cookieJar: CookieJar {
        get async { await connection.cookieJar }
    }

    /// Sends a request with this instance's cookies and stores the cookies of the response.
    public func send(_ request: HTTPRequest) async throws(JourneyError) -> HTTPResponse {
        do throws(TransportError) {
            return try await connection.send(request)
        } catch {
            throw JourneyError(error)
        }
    }

    /// Forgets every cookie (the SSO cookie included).
    public func clearCookies() async {
        await connection.clearCookies()
    }

    /// Replaces the jar with cookies kept elsewhere: those of a journey that waited for a
    /// browser in another run (``BrowserHandoff``), so its next request reaches the same server.
    public func restore(_ cookies: CookieJar) async {
        await connection.restore(cookies)
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
}
