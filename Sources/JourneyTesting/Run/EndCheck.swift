import Orchestrate

/// Compares how the run ended with `expect:`: the outcome, the server's failure message, and
/// that every step of the test was reached.
enum EndCheck {
    static func failures(of ending: CaseEnding?, expect: Expectation, steps: [StepExpectation], taken: Int) -> [TestFailure] {
        guard let ending else { return [] }
        var failures: [TestFailure] = []
        let last = taken == 0 ? nil : taken
        switch ending {
        case .success:
            if expect.outcome == .failure {
                failures.append(TestFailure(step: last, expectation: "outcome", expected: "failure", got: "success"))
            }
        case .refused(let message):
            let details = message.map { ["the server's message: \(TerminalText.line($0))"] } ?? []
            if expect.outcome == .success {
                failures.append(TestFailure(step: last, expectation: "outcome", expected: "success", got: "failure", details: details))
            } else if let wanted = expect.message, !(message ?? "").localizedCaseInsensitiveContains(wanted) {
                failures.append(TestFailure(step: last, expectation: "message", expected: wanted,
                                            got: message.map(TerminalText.line) ?? "(none)", details: details))
            }
        case .expired(let problem), .httpStatus(_, let problem), .timedOut(let problem), .connection(let problem), .error(let problem):
            failures.append(TestFailure(step: last, expectation: "outcome", expected: expect.outcome.rawValue, got: TerminalText.line(problem)))
        }
        if failures.isEmpty, taken < steps.count {
            let missing = steps[taken]
            failures.append(TestFailure(step: taken + 1, expectation: "steps", expected: missing.stage.map { "a page with stage \($0)" } ?? "another page",
                                        got: "the run ended after \(taken) pages"))
        }
        return failures
    }
}
