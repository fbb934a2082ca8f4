import Foundation
import Orchestrate

/// The journey protocol as a value type: events in, actions out. It does no I/O and reads no
/// clock, so a test is a script of events and expected actions.
///
/// ```
/// var machine = JourneyMachine(server: server, request: JourneyRequest(.journey("Login")))
/// machine.start()                  // [.send(POST …/authenticate?authIndexType=service&…)]
/// machine.received(response)      // [.present(step)]
/// machine.submit(answeredStep)     // [.send(POST … with the step echoed back)]
/// machine.received(response)      // [.succeeded(LoginSuccess)]
/// ```
public struct JourneyMachine: Sendable {
    public enum State: Sendable {
        case idle
        case awaitingResponse
        case awaitingAnswers(JourneyStep)
        /// A PollingWait step: resubmitted when the poll timer fires, or earlier when answered.
        case waitingToPoll(JourneyStep)
        case succeeded(LoginSuccess)
        case failed(JourneyError)
    }

    /// The server the next request goes to: options that keep the identity (timeout,
    /// endpoints, headers …) may change it in the middle of a journey.
    public var server: ServerConfiguration {
        didSet { requestURLs = Self.requestURLs(server: server, request: request) }
    }
    public let request: JourneyRequest
    public private(set) var state: State = .idle
    /// The `/authenticate` URLs of the first request and of the later ones, with their query,
    /// built once per journey rather than for every step.
    private var requestURLs: (first: URL, later: URL)
    /// The step whose answers are on the wire, so a cancelled request can go back to it.
    private var inFlightStep: JourneyStep?

    public init(server: ServerConfiguration, request: JourneyRequest) {
        self.server = server
        self.request = request
        requestURLs = Self.requestURLs(server: server, request: request)
    }

    /// Starts (or restarts) the journey from its first request.
    public mutating func start() -> [JourneyAction] {
        state = .awaitingResponse
        inFlightStep = nil
        // Back from a browser, the kept step goes back as it was (the SDKs' `resume(url)`).
        var body: Data?
        if case .browserReturn(let back) = request.entry { body = Data(back.handoff.stepJSON.utf8) }
        return [.send(makeRequest(body: body, first: true))]
    }

    /// Sends the answered step. Ignored unless the machine is waiting for answers.
    public mutating func submit(_ step: JourneyStep) -> [JourneyAction] {
        guard let current = stepAwaitingAnswers, current.authId == step.authId else { return [] }
        state = .awaitingResponse
        inFlightStep = step
        return [.send(makeRequest(body: step.requestBody.encoded(), first: false))]
    }

    /// The step shown to the person, while the machine waits for its answers.
    public var stepAwaitingAnswers: JourneyStep? {
        switch state {
        case .awaitingAnswers(let step), .waitingToPoll(let step): step
        default: nil
        }
    }

    /// Resubmits a PollingWait step as it stands. Ignored when the step was answered meanwhile.
    public mutating func pollTimerFired() -> [JourneyAction] {
        guard case .waitingToPoll(let step) = state else { return [] }
        return submit(step)
    }

    /// Feeds AM's response to the request last sent.
    public mutating func received(_ response: HTTPResponse) -> [JourneyAction] {
        guard case .awaitingResponse = state else { return [] }
        inFlightStep = nil
        switch AuthenticateOutcome(response) {
        case .step(let step):
            if let delay = step.pollingDelay {
                state = .waitingToPoll(step)
                return [.present(step), .schedulePoll(after: delay)]
            }
            state = .awaitingAnswers(step)
            return [.present(step)]
        case .success(let success):
            state = .succeeded(success)
            return [.succeeded(success)]
        case .failure(let error):
            state = .failed(error)
            return [.failed(error)]
        }
    }

    /// The request could not be completed (refused, timed out…).
    public mutating func transportFailed(_ error: JourneyError) -> [JourneyAction] {
        guard case .awaitingResponse = state else { return [] }
        inFlightStep = nil
        state = .failed(error)
        return [.failed(error)]
    }

    /// The person cancelled the request in flight: back to the step they were answering, with
    /// their answers kept (or to idle when it was the first request). A late response is ignored.
    public mutating func cancelRequest() -> [JourneyAction] {
        guard case .awaitingResponse = state else { return [] }
        defer { inFlightStep = nil }
        guard let step = inFlightStep else {
            state = .idle
            return []
        }
        state = .awaitingAnswers(step)
        return [.present(step)]
    }

    /// `URL.append(queryItems:)` leaves `+` as it is, which AM reads as a space: a journey name
    /// or an advice value with a `+` must arrive as `%2B`. Called only when a query item holds one.
    private static func encodingPlus(_ url: URL) -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
              let query = components.percentEncodedQuery else { return url }
        components.percentEncodedQuery = query.replacingOccurrences(of: "+", with: "%2B")
        return components.url ?? url
    }

    /// The first request's URL and the later ones': the same unless the first carries what only
    /// a start sends (a resume id, a browser's return, an advice).
    private static func requestURLs(server: ServerConfiguration, request: JourneyRequest) -> (first: URL, later: URL) {
        let authenticateURL = server.authenticateURL
        let later = requestURL(authenticateURL, server: server, request: request, first: false)
        switch request.entry {
        case .journey: return (later, later)
        case .resume, .browserReturn, .compositeAdvice:
            return (requestURL(authenticateURL, server: server, request: request, first: true), later)
        }
    }

    /// `authenticateURL` with the query that starts `request` (`first`) or goes on with it.
    private static func requestURL(_ authenticateURL: URL, server: ServerConfiguration, request: JourneyRequest, first: Bool) -> URL {
        var query: [URLQueryItem] = []
        switch request.entry {
        case .journey(let name?):
            query += [URLQueryItem(name: "authIndexType", value: "service"),
                      URLQueryItem(name: "authIndexValue", value: name)]
        case .journey(nil):
            break
        case .resume(let link):
            if first { query += [URLQueryItem(name: "suspendedId", value: link.suspendedId)] + link.parameters }
        case .browserReturn(let back):
            if let name = back.journeyName {
                query += [URLQueryItem(name: "authIndexType", value: "service"), URLQueryItem(name: "authIndexValue", value: name)]
            }
            if first { query += back.parameters.filter { $0.name != "authIndexType" && $0.name != "authIndexValue" } }
        case .compositeAdvice(let advice):
            // AM keeps the advice in the authId, as the SDKs rely on: later steps go without it.
            if first {
                query += [URLQueryItem(name: "authIndexType", value: "composite_advice"),
                          URLQueryItem(name: "authIndexValue", value: advice.xml)]
            }
        }
        if request.noSession { query.append(URLQueryItem(name: "noSession", value: "true")) }
        if request.forceAuth { query.append(URLQueryItem(name: "ForceAuth", value: "true")) }
        if let locale = server.locale { query.append(URLQueryItem(name: "locale", value: locale)) }

        var url = authenticateURL
        if !query.isEmpty { url.append(queryItems: query) }
        let plus = UInt8(ascii: "+")
        if query.contains(where: { $0.name.utf8.contains(plus) || $0.value?.utf8.contains(plus) == true }) { url = Self.encodingPlus(url) }
        return url
    }

    /// The `/authenticate` request: AM's headers, and the query that selects the journey.
    private func makeRequest(body: Data?, first: Bool) -> HTTPRequest {
        let url = first ? requestURLs.first : requestURLs.later
        var headers = [
            HTTPHeader("Accept-API-Version", "resource=2.1, protocol=1.0"),
            HTTPHeader("Content-Type", "application/json"),
            HTTPHeader("Accept", "application/json"),
            HTTPHeader("X-Requested-With", "forgerock-sdk"),
        ]
        if let locale = server.locale { headers.append(HTTPHeader("Accept-Language", locale)) }
        if let session = request.presentedSession { headers.append(HTTPHeader(server.cookieName, session)) }
        return HTTPRequest(method: "POST", url: url, headers: headers, body: body, timeout: server.timeout)
    }
}
