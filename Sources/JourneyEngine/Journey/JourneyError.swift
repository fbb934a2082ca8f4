import Orchestrate
/// Everything that can end or interrupt a journey, each with a specific message.
/// Server text in messages is neutralised for the terminal.
public enum JourneyError: Error, Sendable, Hashable, CustomStringConvertible {
    /// 401 from AM: wrong credentials or the journey ended in failure.
    case authenticationFailed(AMErrorBody)
    /// 401 with errorCode 110: the `authId` expired. Start the journey again.
    case journeyTimedOut(AMErrorBody)
    /// 401 SuspendedAuthSessionException: the resume link expired or was already used.
    case suspendedLinkExpired(AMErrorBody)
    /// Another 4xx: AM rejected the request itself.
    case rejected(status: Int, body: AMErrorBody?, excerpt: String)
    /// 5xx.
    case serverError(status: Int, body: AMErrorBody?, excerpt: String)
    /// A status the protocol does not use on this endpoint (e.g. a redirect).
    case unexpectedStatus(status: Int, location: String?)
    /// The body is not what AM sends: not JSON, or JSON of the wrong shape.
    case malformedResponse(status: Int, problem: String, excerpt: String)
    /// No HTTP answer: the network, the certificate, the deadline.
    case transport(TransportError)
    case cancelled
    /// The client stopped the journey, for the reason given (no answer for a page, AM asking
    /// the same page again after the same answers).
    case stopped(String)

    public var description: String {
        switch self {
        case .authenticationFailed(let body):
            var text = "Authentication failed: \(body.summary)."
            for (property, failures) in body.failedPolicyRequirements {
                text += " \(TerminalText.line(property)): " + failures.map(\.description).joined(separator: ", ") + "."
            }
            return text
        case .journeyTimedOut:
            return "The journey timed out on the server (AM error 110). Start it again."
        case .suspendedLinkExpired:
            return "The resume link has expired or was already used. Start the journey again."
        case .rejected(let status, let body, let excerpt):
            return "AM rejected the request (HTTP \(status)): \(body?.summary ?? excerpt)"
        case .serverError(let status, let body, let excerpt):
            return "AM had an internal problem (HTTP \(status)): \(body?.summary ?? excerpt)"
        case .unexpectedStatus(let status, let location):
            return "AM answered with HTTP \(status)" + (location.map { ", redirecting to \(TerminalText.line($0))" } ?? "")
                + ", which an authenticate call never does. Check the server URL."
        case .malformedResponse(let status, let problem, let excerpt):
            return "AM's response (HTTP \(status)) could not be read: \(problem)."
                + (excerpt.isEmpty ? "" : " It began: \(excerpt)")
        case .transport(let problem):
            return problem.description
        case .cancelled:
            return "The request was cancelled."
        case .stopped(let reason):
            return reason
        }
    }

    /// A transport's failure as a journey sees it: a cancelled request is the journey's cancel.
    public init(_ failure: TransportError) {
        self = failure == .cancelled ? .cancelled : .transport(failure)
    }

    /// Whether starting the journey again is the way out (timed out, expired link).
    public var isExpiry: Bool {
        switch self {
        case .journeyTimedOut, .suspendedLinkExpired: true
        default: false
        }
    }

    /// Whether the server answered and refused the person (as opposed to a protocol or network fault).
    public var isAuthenticationFailure: Bool {
        if case .authenticationFailed = self { return true }
        return false
    }
}
