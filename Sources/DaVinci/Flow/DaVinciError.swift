import Orchestrate

/// Everything that can end or interrupt a DaVinci flow, each with a specific message. Server
/// text in messages is neutralised for the terminal.
public enum DaVinciError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The flow's interaction expired (400 with `code` 1999 or `requestTimedOut`): start again.
    case expired(message: String)
    /// The flow ended in failure (200 with `status` FAILED, or an error the form cannot show).
    case failed(message: String)
    /// A status the flow does not use (5xx, a redirect, 401 outside an expiry).
    case rejected(status: Int, message: String)
    /// PingOne answered with a redirect (3xx) where a flow answers with JSON, pointing at
    /// `location` (its `Location` header, empty when it had none). The SDKs end the flow there.
    case redirected(status: Int, location: String)
    /// The flow succeeded with a PingOne `session` but no `authorizeResponse`: signed on at
    /// PingOne (its session cookies kept), but without a code there are no tokens.
    case sessionWithoutCode
    /// The body is not what PingOne sends.
    case malformed(status: Int, problem: String, excerpt: String)
    /// The success's `state` is not the one sent: the code is not for this flow.
    case stateMismatch
    /// The code could not be exchanged for tokens, or discovery failed.
    case oauth(OAuthError)
    case transport(TransportError)
    case cancelled

    public var description: String {
        switch self {
        case .expired(let message):
            "The flow expired on the server (\(TerminalText.line(message))). Start it again."
        case .failed(let message):
            "The flow failed: \(TerminalText.line(message))"
        case .rejected(let status, let message):
            "PingOne refused the request (HTTP \(status)): \(TerminalText.line(message))"
        case .redirected(let status, let location):
            location.isEmpty
                ? "PingOne answered with a redirect (HTTP \(status)) without a Location, where a flow answers with JSON."
                : "PingOne redirected (HTTP \(status)) to \(TerminalText.line(location)) instead of answering with JSON; "
                    + "the flow ends here (often the client ID, redirect URI or response_mode is not what the application has)."
        case .sessionWithoutCode:
            "The flow signed you on at PingOne (its session is kept) but ended without an authorization code, so there are no tokens: "
                + "the flow's last node must return the authorize response for this client."
        case .malformed(let status, let problem, let excerpt):
            "PingOne's response (HTTP \(status)) could not be read: \(problem)." + (excerpt.isEmpty ? "" : " It began: \(excerpt)")
        case .stateMismatch:
            "The flow's authorization code came with a different state than the one sent; it was not used."
        case .oauth(let error):
            error.description
        case .transport(let error):
            error.description
        case .cancelled:
            "The flow was cancelled."
        }
    }

    /// Whether starting the flow again is the way out.
    public var isExpiry: Bool {
        if case .expired = self { return true }
        return false
    }

    /// A transport's failure as a flow sees it: a cancelled request is the flow's cancel.
    public init(_ failure: TransportError) {
        self = failure == .cancelled ? .cancelled : .transport(failure)
    }
}
