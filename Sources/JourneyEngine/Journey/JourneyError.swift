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
    case timedOut(url: String, after: Duration)
    case connectionRefused(url: String)
    case hostNotFound(host: String)
    case network(url: String, problem: String)
    /// The server's certificate could not be verified: an issuer that is not trusted (self-signed,
    /// a private CA), another host's certificate, or an expired one.
    case certificateNotTrusted(server: String, reason: String)
    /// The chain verified, but none of its certificates has a pinned key
    /// (`sslPinningPublicKeyHashes`); `seen` is the verified chain, leaf first.
    case pinMismatch(server: String, seen: [ServerCertificate], expected: [String])
    case cancelled

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
        case .timedOut(let url, let after):
            return "No answer from \(url) within \(after.spoken). The server may be down or slow; try --timeout."
        case .connectionRefused(let url):
            return "Could not connect to \(url): the connection was refused. Is the server running on that port?"
        case .hostNotFound(let host):
            return "The host \(host) could not be found. Check the server URL."
        case .network(let url, let problem):
            return "Could not reach \(url): \(problem)"
        case .certificateNotTrusted(let server, let reason):
            return "The certificate of \(server) could not be verified: \(reason). If the server uses a private CA"
                + " or a self-signed certificate, set caBundle to its PEM file; `journey config pins \(server) --insecure`"
                + " shows the chain it presents."
        case .pinMismatch(let server, let seen, let expected):
            let chain = seen.map { "  \(TerminalText.line($0.subject))  \($0.pin)" }
            return "The certificate chain of \(server) is trusted, but none of its keys is pinned"
                + " (sslPinningPublicKeyHashes), so the connection was refused.\nSeen (subject, SPKI SHA-256):\n"
                + chain.joined(separator: "\n") + "\nExpected one of:\n"
                + expected.map { "  \($0)" }.joined(separator: "\n")
                + "\nIf the server's key changed on purpose, `journey config pins \(server)` prints the new pins."
        case .cancelled:
            return "The request was cancelled."
        }
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
