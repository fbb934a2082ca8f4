/// Why a request got no HTTP answer: the network, the certificate, the deadline, a cancel.
/// Every orchestration sees these the same way; each protocol adds its own errors on top.
public enum TransportError: Error, Sendable, Hashable, CustomStringConvertible {
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
    /// A header HTTP cannot carry (a control character in its value, a name that is not a
    /// token): the request was not sent. The value is never shown.
    case unsendableHeader(url: String, name: String, problem: String)

    public var description: String {
        switch self {
        case .timedOut(let url, let after):
            return "No answer from \(url) within \(after.spoken). The server may be down or slow, or the timeout too short."
        case .connectionRefused(let url):
            return "Could not connect to \(url): the connection was refused. Is the server running on that port?"
        case .hostNotFound(let host):
            return "The host \(host) could not be found. Check the server URL."
        case .network(let url, let problem):
            return "Could not reach \(url): \(problem)"
        case .certificateNotTrusted(let server, let reason):
            return "The certificate of \(server) could not be verified: \(reason). If the server uses a private CA"
                + " or a self-signed certificate, set caBundle to its PEM file."
        case .pinMismatch(let server, let seen, let expected):
            let chain = seen.map { "  \(TerminalText.line($0.subject))  \($0.pin)" }
            return "The certificate chain of \(server) is trusted, but none of its keys is pinned"
                + " (sslPinningPublicKeyHashes), so the connection was refused.\nSeen (subject, SPKI SHA-256):\n"
                + chain.joined(separator: "\n") + "\nExpected one of:\n"
                + expected.map { "  \($0)" }.joined(separator: "\n")
        case .cancelled:
            return "The request was cancelled."
        case .unsendableHeader(let url, let name, let problem):
            return "The request to \(url) was not sent: its header \(name) \(problem) (the value is not shown)."
        }
    }
}
