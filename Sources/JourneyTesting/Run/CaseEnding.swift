import DaVinci
import JourneyEngine
import Orchestrate

/// How a case's journey or flow ended at the server, whichever protocol it spoke, before its
/// expectations are compared: signed in, refused (AM's 401, a failed flow) with the server's
/// message, or stopped by something else, said apart so a load run can count it by kind.
public enum CaseEnding: Sendable, Hashable {
    case success
    /// The server refused the person: a wrong password, a flow that failed.
    case refused(message: String?)
    /// The server ended the journey otherwise: it expired, or its resume link was spent.
    case expired(String)
    /// An HTTP status the protocol does not expect here (another 4xx, a 5xx, a redirect, a body
    /// that is not the server's).
    case httpStatus(Int, String)
    /// No answer within the client's timeout.
    case timedOut(String)
    /// No connection: refused, reset, unknown host, TLS.
    case connection(String)
    /// Anything else: a protocol fault, a client instance that could not be made.
    case error(String)

    /// What stopped the run, for a failure's `got`; nil when the server gave an outcome.
    public var problem: String? {
        switch self {
        case .success, .refused: nil
        case .expired(let text), .httpStatus(_, let text), .timedOut(let text), .connection(let text), .error(let text): text
        }
    }

    /// A journey's error as an ending.
    public init(_ error: JourneyError) {
        let text = error.description
        switch error {
        case .authenticationFailed(let body): self = .refused(message: body.message)
        case .journeyTimedOut, .suspendedLinkExpired: self = .expired(text)
        case .rejected(let status, _, _), .serverError(let status, _, _), .unexpectedStatus(let status, _),
             .malformedResponse(let status, _, _):
            self = .httpStatus(status, text)
        case .transport(let transport): self = CaseEnding(transport, text: text)
        case .cancelled, .stopped: self = .error(text)
        }
    }

    /// A DaVinci flow's error as an ending; signed on at PingOne with no code, so no tokens, is a
    /// failed sign-on, as `journey login` counts it.
    public init(_ error: DaVinciError) {
        let text = error.description
        switch error {
        case .failed(let message): self = .refused(message: message)
        case .sessionWithoutCode: self = .refused(message: text)
        case .expired: self = .expired(text)
        case .rejected(let status, _), .redirected(let status, _), .malformed(let status, _, _): self = .httpStatus(status, text)
        case .transport(let transport): self = CaseEnding(transport, text: text)
        case .oauth(let oauthError): self = CaseEnding(oauthError)
        case .stateMismatch, .cancelled: self = .error(text)
        }
    }

    /// An OAuth step's error (minting or refreshing tokens) as an ending: the server's refusal
    /// (`invalid_grant`, no session to mint from) is a refusal.
    public init(_ error: OAuthError) {
        let text = error.description
        switch error {
        case .transport(let transport): self = CaseEnding(transport, text: text)
        case .rejected(let status, _), .notRedirected(let status, _): self = .httpStatus(status, text)
        case .server, .noSession: self = .refused(message: text)
        case .stateMismatch, .noCode, .malformed, .idTokenRefused: self = .error(text)
        }
    }

    private init(_ transport: TransportError, text: String) {
        if case .timedOut = transport { self = .timedOut(text) } else { self = .connection(text) }
    }
}
