import Orchestrate
import Synchronization

/// Values a test run must not show, collected as the run goes: what `${env:…}` and `${totp:…}`
/// gave, the values of secret variables (``SecretNames``), what a `{command: …}` printed, what
/// went into a secret field, and the session's tokens. Every report of the run (its failures,
/// trace and case name) goes through ``hidden(in:replacement:)``, which hides each value in every
/// form it takes on the wire (``SecretForms``), at any length.
public final class SecretValues: Sendable {
    private let forms = Mutex(SecretForms())

    public init() {}

    /// Notes a value to hide.
    public func note(_ value: String) {
        forms.withLock { $0.add(value) }
    }

    /// `text` with every noted value replaced by `replacement`.
    public func hidden(in text: String, replacement: String = Redaction.marker) -> String {
        let forms = forms.withLock { $0 }
        return forms.hidden(in: text, replacement: replacement)
    }
}

extension TestFailure {
    /// The failure with the run's secrets hidden in what it quotes (a value the page refused,
    /// an address), as the trace hides them.
    func hiding(_ secrets: SecretValues) -> TestFailure {
        let hide = { (text: String) in secrets.hidden(in: text) }
        return TestFailure(step: step, expectation: expectation, expected: hide(expected), got: hide(got), details: details.map(hide), ending: ending)
    }
}
