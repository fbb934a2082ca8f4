import Foundation
import Orchestrate

/// Where a poll stands, for a status line: the poll under way, of how many, how long it
/// waits, and whether it asks a challenge's status or submits the form again.
public struct PollProgress: Sendable, Hashable {
    public let attempt: Int
    public let retries: Int
    public let interval: Duration
    public let asksChallenge: Bool

    public init(attempt: Int, retries: Int, interval: Duration, asksChallenge: Bool) {
        self.attempt = attempt
        self.retries = retries
        self.interval = interval
        self.asksChallenge = asksChallenge
    }
}

/// What PingOne's challenge status endpoint says.
public enum ChallengeStatus: Sendable, Hashable {
    /// `isChallengeComplete` with the `status` to submit (e.g. `approved`).
    case complete(String)
    /// Not yet, or a passing failure (5xx, a body that is not JSON): poll again.
    case pending
    /// 400 with `serviceName` `challengeExpired`.
    case expired
    /// Another 4xx: the challenge is not one PingOne knows.
    case refused(String)
}

/// What a polling form asks for next (``DaVinciFlow/nextPoll(of:)``), as the SDKs poll: the
/// engine's run and the UI's tab both follow it.
public enum PollAction: Sendable, Hashable {
    /// Wait `interval`, then ``DaVinciFlow/afterWait(on:)``.
    case wait(PollProgress)
    /// Send the form's poll: its answer is the flow's next form (``DaVinciFlow/received(_:)``).
    case submit(HTTPRequest)
    /// Ask the challenge's status: its answer goes to ``DaVinciFlow/challengeAnswered(_:on:)``.
    case askStatus(HTTPRequest)
    case failed(DaVinciError)
}

extension DaVinciFlow {
    /// Before a wait on the polling form `step`: the poll to wait for, or, its retries spent,
    /// the end (continue polling: the form still polls after its last poll said `timedOut`)
    /// or the form submitted as `timedOut` (challenge polling).
    public mutating func nextPoll(of step: DaVinciStep) -> PollAction {
        guard let polling = step.polling?.settings else { return .failed(.failed(message: "the form has no POLLING field to poll")) }
        let attempt = (polling.challenge == nil ? polls : challengeAsks) + 1
        guard attempt <= polling.retries else {
            guard polling.challenge != nil else {
                return .failed(.failed(message: "nothing was approved after \(polling.retries) polls (the form's pollRetries); the flow was stopped"))
            }
            return .submit(pollSubmission(step, value: Polling.timedOut))
        }
        return .wait(PollProgress(attempt: attempt, retries: polling.retries, interval: polling.interval, asksChallenge: polling.challenge != nil))
    }

    /// The wait is over: the form's poll (`continue`, or `timedOut` with the last of its
    /// retries), or the challenge's status to ask.
    public mutating func afterWait(on step: DaVinciStep) -> PollAction {
        guard let polling = step.polling?.settings else { return .failed(.failed(message: "the form has no POLLING field to poll")) }
        guard let challenge = polling.challenge else {
            return .submit(pollSubmission(step, value: polls + 1 >= polling.retries ? Polling.timedOut : Polling.continuing))
        }
        guard let request = challengeStatusRequest(for: step, challenge: challenge) else {
            return .failed(.malformed(status: 200, problem: "its polling challenge has no status address on the flow's server", excerpt: ""))
        }
        challengeAsks += 1
        return .askStatus(request)
    }

    /// The challenge's status: the form submitted with it once complete, another wait while
    /// pending, or the end.
    public mutating func challengeAnswered(_ response: HTTPResponse, on step: DaVinciStep) -> PollAction {
        switch Self.challengeStatus(response) {
        case .complete(let status): .submit(pollSubmission(step, value: status))
        case .pending: nextPoll(of: step)
        case .expired: .failed(.expired(message: "the challenge expired before it was approved"))
        case .refused(let message): .failed(.failed(message: "PingOne refused the challenge's status: \(message)"))
        }
    }

    /// Challenge polling's request, as the SDKs derive it: `POST {origin}/{envId}/davinci/user/
    /// credentials/challenge/{challenge}/status` with `{}` and the `interactionId` header, the
    /// origin and environment taken from the form's `_links.self.href` (else its next link).
    /// Nil when no address can be made, or it would go to another server than the flow's.
    public func challengeStatusRequest(for step: DaVinciStep, challenge: String) -> HTTPRequest? {
        let link = step.wire["_links"]?["self"]?["href"]?.stringValue.flatMap(URL.init(string:)) ?? step.next
        guard var components = URLComponents(url: link, resolvingAgainstBaseURL: false),
              let environment = link.path.split(separator: "/").first,
              let encoded = challenge.addingPercentEncoding(withAllowedCharacters: Self.unreserved) else { return nil }
        components.percentEncodedPath = "/\(environment)/davinci/user/credentials/challenge/\(encoded)/status"
        components.query = nil
        components.fragment = nil
        guard let url = components.url, ClientConnection.isSameOrigin(url, as: endpoints.authorize) else { return nil }
        var headers = Self.headers + [HTTPHeader("Content-Type", "application/json")]
        if let interactionId = step.interactionId { headers.append(HTTPHeader("interactionId", interactionId)) }
        return HTTPRequest(method: "POST", url: url, headers: headers, body: Data("{}".utf8), timeout: configuration.timeout)
    }

    /// RFC 3986's unreserved characters: a challenge with anything else (a `/`) stays one segment.
    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// Reads the challenge status endpoint's answer as the SDKs do.
    public static func challengeStatus(_ response: HTTPResponse) -> ChallengeStatus {
        let json = try? JSONValue.parse(response.body)
        switch response.status {
        case 200..<300:
            guard json?["isChallengeComplete"]?.boolValue == true else { return .pending }
            let status = json?["status"]?.stringValue ?? ""
            return status.isEmpty ? .refused("the challenge ended without a status") : .complete(status)
        case 400 where json?["serviceName"]?.stringValue == "challengeExpired":
            return .expired
        case 400..<500:
            return .refused(json?["message"]?.stringValue ?? "HTTP \(response.status)")
        default:
            return .pending
        }
    }
}
