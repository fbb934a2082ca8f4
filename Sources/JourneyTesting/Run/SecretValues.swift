import Orchestrate
import Synchronization

/// Values a test run must not show: what `${env:…}` and `${totp:…}` gave and what went into a
/// secret field. A trace replaces each with the redaction marker.
public final class SecretValues: Sendable {
    private let values = Mutex<Set<String>>([])

    public init() {}

    /// Notes a value (values shorter than 4 characters would hide too much ordinary text).
    public func note(_ value: String) {
        guard value.count >= 4 else { return }
        values.withLock { _ = $0.insert(value) }
    }

    /// `text` with every noted value replaced by `replacement`, the longest first.
    public func hidden(in text: String, replacement: String) -> String {
        values.withLock { values in
            values.sorted { $0.count > $1.count }.reduce(text) { $0.replacingOccurrences(of: $1, with: replacement) }
        }
    }
}

extension TestFailure {
    /// The failure with the run's secrets hidden in what it quotes (a value the page refused,
    /// an address), as the trace hides them.
    func hiding(_ secrets: SecretValues) -> TestFailure {
        let hide = { (text: String) in secrets.hidden(in: text, replacement: Redaction.marker) }
        return TestFailure(step: step, expectation: expectation, expected: hide(expected), got: hide(got), details: details.map(hide), ending: ending)
    }
}
