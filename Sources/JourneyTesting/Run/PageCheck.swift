import JourneyEngine
import Orchestrate

/// Compares a journey page with a step of the test: its stage (or header), callback types,
/// the types it contains and its prompts.
enum PageCheck {
    static func failures(of step: JourneyStep, against expected: StepExpectation, number: Int) -> [TestFailure] {
        var failures: [TestFailure] = []
        let details = self.details(of: step)
        func differ(_ key: String, _ wanted: String, _ got: String) {
            failures.append(TestFailure(step: number, expectation: key, expected: wanted, got: got, details: details))
        }
        if let stage = expected.stage, step.stage != stage, step.header != stage {
            differ("stage", stage, TerminalText.line(step.stage ?? step.header ?? "(none)"))
        }
        let types = step.callbacks.map { TerminalText.line($0.type) }
        if let callbacks = expected.callbacks, callbacks != types {
            differ("callbacks", callbacks.joined(separator: ", "), types.joined(separator: ", "))
        }
        if let contained = expected.contains, !isSubsequence(contained, of: types) {
            differ("contains", contained.joined(separator: ", "), types.joined(separator: ", "))
        }
        if let prompts = expected.prompts, prompts != self.prompts(of: step) {
            differ("prompts", prompts.joined(separator: ", "), self.prompts(of: step).joined(separator: ", "))
        }
        return failures
    }

    /// The labels of the callbacks that ask for something, in order.
    static func prompts(of step: JourneyStep) -> [String] {
        step.callbacks.filter { $0.requirement == .required || $0.requirement == .optional }
            .map { TerminalText.line($0.label) }.filter { !$0.isEmpty }
    }

    /// What a report shows of a page: its callbacks and its messages.
    static func details(of step: JourneyStep) -> [String] {
        var lines = ["the page's callbacks: " + step.callbacks.map { callback in
            TerminalText.line(callback.type) + (callback.label.isEmpty ? "" : " \"\(TerminalText.line(callback.label))\"")
        }.joined(separator: ", ")]
        for callback in step.callbacks {
            if case .textOutput(let output) = callback.kind, output.style == .error || output.style == .warning {
                lines.append("the page says: \(TerminalText.line(output.message))")
            }
        }
        return lines
    }

    static func isSubsequence(_ wanted: [String], of types: [String]) -> Bool {
        var rest = types[...]
        for type in wanted {
            guard let found = rest.firstIndex(of: type) else { return false }
            rest = rest[rest.index(after: found)...]
        }
        return true
    }
}
