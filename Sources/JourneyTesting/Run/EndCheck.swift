import JourneyEngine
import Orchestrate

/// Compares how the journey ended with `expect:`: the outcome, AM's failure message, and that
/// every step of the test was reached.
enum EndCheck {
    static func failures(of ending: Result<LoginSuccess, JourneyError>?, expect: Expectation, steps: [StepExpectation],
                         taken: Int) -> [TestFailure] {
        guard let ending else { return [] }
        var failures: [TestFailure] = []
        let last = taken == 0 ? nil : taken
        switch ending {
        case .success:
            if expect.outcome == .failure {
                failures.append(TestFailure(step: last, expectation: "outcome", expected: "failure", got: "success"))
            }
        case .failure(let error):
            let message = amMessage(of: error)
            let details = message.map { ["AM's message: \($0)"] } ?? []
            if expect.outcome == .success || !error.isAuthenticationFailure {
                failures.append(TestFailure(step: last, expectation: "outcome", expected: expect.outcome.rawValue,
                                            got: error.isAuthenticationFailure ? "failure" : TerminalText.line(error.description), details: details))
            } else if let wanted = expect.message, !(message ?? "").localizedCaseInsensitiveContains(wanted) {
                failures.append(TestFailure(step: last, expectation: "message", expected: wanted, got: message ?? "(none)", details: details))
            }
        }
        if failures.isEmpty, taken < steps.count {
            let missing = steps[taken]
            failures.append(TestFailure(step: taken + 1, expectation: "steps", expected: missing.stage.map { "a page with stage \($0)" } ?? "another page",
                                        got: "the journey ended after \(taken) pages"))
        }
        return failures
    }

    /// AM's own words for a failure, terminal-safe.
    private static func amMessage(of error: JourneyError) -> String? {
        switch error {
        case .authenticationFailed(let body), .journeyTimedOut(let body), .suspendedLinkExpired(let body):
            body.message.map(TerminalText.line)
        default:
            nil
        }
    }
}
