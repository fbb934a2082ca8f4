/// Why ``DemoAM/start(_:logger:)`` failed.
public enum DemoAMError: Error, CustomStringConvertible {
    /// The server could not listen on 127.0.0.1:`port`, usually because another program uses the port.
    case cannotListen(port: Int, reason: String)
    /// The HTTPS listener's key or self-signed certificate could not be made.
    case cannotMakeCertificate(reason: String)
    /// Journey exports that cannot be served: each problem names the file, the journey and the node.
    case unusableJourneys([String])
    /// A users file that cannot be read: where, and what is wrong.
    case unusableUsers(source: String, problem: String)

    public var description: String {
        switch self {
        case .cannotListen(let port, let reason):
            "The demo AM cannot listen on 127.0.0.1:\(port): \(reason). Is another program using that port? Choose another port, or 0 for any free port."
        case .cannotMakeCertificate(let reason):
            "The demo AM could not make its HTTPS certificate: \(reason)"
        case .unusableJourneys(let problems):
            "The journey exports cannot be served:\n" + problems.map { "  " + $0 }.joined(separator: "\n")
        case .unusableUsers(let source, let problem):
            "The users file \(source) cannot be used: \(problem)"
        }
    }
}
