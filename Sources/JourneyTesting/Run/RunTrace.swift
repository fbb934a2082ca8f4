import Orchestrate
import Synchronization

/// Collects the HTTP exchanges of one run (the client's wire tap) and shows them as a trace
/// with credentials redacted, for the report of a failed test.
public final class RunTrace: Sendable {
    private let exchanges = Mutex<[WireExchange]>([])

    public init() {}

    /// The tap to give the client.
    public var tap: WireTap {
        { [self] exchange in exchanges.withLock { $0.append(exchange) } }
    }

    /// Each exchange as request and response lines: secrets hidden by what they are
    /// (`TracedMessage`), then every value in `secrets` replaced too.
    public func lines(hiding secrets: SecretValues) -> [String] {
        exchanges.withLock { $0 }.flatMap { exchange -> [String] in
            let request = TracedMessage(request: exchange.request, rules: exchange.rules)
            var lines = ["→ \(exchange.request.method) \(TracedMessage.url(of: exchange.request, rules: exchange.rules))"]
            lines += request.headers.map { "  \($0.name): \($0.value)" }
            if case .empty = request.body {} else { lines.append("  \(request.body.line)") }
            switch exchange.outcome {
            case .success(let response):
                let traced = TracedMessage(response: response, rules: exchange.rules)
                lines.append("← \(response.status) (\(exchange.duration.shortText))")
                lines += traced.headers.map { "  \($0.name): \($0.value)" }
                if case .empty = traced.body {} else { lines.append("  \(traced.body.line)") }
            case .failure(let error):
                lines.append("← \(TerminalText.line(error.description))")
            }
            return lines.map { secrets.hidden(in: $0) }
        }
    }
}
