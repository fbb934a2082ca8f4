import DaVinci
import JourneyEngine
import Orchestrate

/// The answer function of one DaVinci flow: checks each form against the test's next step (its
/// name as the stage, collector types as the callbacks, the labels of what it asks as the
/// prompts), times it, and fills it in: fields by key or label (`{command: …}` answers run when
/// the form arrives), the button by `button: KEY` (else the form's submit button). Polling forms
/// are waited on by the client.
final class FlowWalk {
    static let buttonKey = "button"

    private let prepared: PreparedCase
    private let secrets: SecretValues
    let ledger: StepLedger

    init(prepared: PreparedCase, secrets: SecretValues) {
        self.prepared = prepared
        self.secrets = secrets
        ledger = StepLedger(steps: prepared.test.steps)
    }

    func answer(_ step: DaVinciStep) async throws -> (step: DaVinciStep, pressing: Int?) {
        let elapsed = ledger.elapsed
        let details = Self.details(of: step)
        try ledger.expectMore(stage: TerminalText.line(step.formName), details: details)
        let expected = ledger.steps[ledger.taken]
        let number = ledger.taken + 1
        try ledger.take(stage: step.formName, failures: failures(of: step, against: expected, number: number, details: details), elapsed: elapsed)
        let answers: [(name: String, value: TestTemplate)]
        do {
            answers = try await StepAnswers.resolve(expected, scope: prepared.scope, secrets: secrets)
        } catch {
            throw ledger.stop(error.failure(step: number, details: details))
        }
        let book = PageAnswers.book(answers, scope: prepared.scope, secrets: secrets)
        let pressed = try button(of: step, book: book, number: number, details: details)
        // A link or flow button leaves the form: nothing typed is sent with it.
        if let pressed, step.collectors[pressed].kind.leavesForm {
            ledger.sent()
            return (step, pressed)
        }
        var answered = step
        for index in step.collectors.indices where step.collectors[index].kind.collectsInput {
            let collector = step.collectors[index]
            guard let text = book.value(forKeys: [collector.key, collector.label].compactMap { $0 }) else {
                guard !collector.isRequired else {
                    throw ledger.stop(TestFailure(step: number, expectation: "answers", expected: "an answer for \(Self.name(of: collector))",
                                                  got: "none", details: details))
                }
                continue
            }
            if case .password = collector.kind { secrets.note(text) }
            if step.secretKeys.contains(collector.key ?? "") { secrets.note(text) }
            answered.collectors[index].value = collector.value(answering: text)
        }
        if let (index, problem) = answered.problem() {
            throw ledger.stop(TestFailure(step: number, expectation: "answers.\(Self.name(of: answered.collectors[index]))",
                                          expected: "an answer the form takes", got: TerminalText.line(problem), details: details))
        }
        ledger.sent()
        return (answered, pressed)
    }

    /// The button the answers name (`button: KEY` or its label), else the form's submit button.
    private func button(of step: DaVinciStep, book: AnswerBook, number: Int, details: [String]) throws -> Int? {
        guard let named = book.value(forKeys: [Self.buttonKey]) else { return step.defaultButton }
        let buttons = step.collectors.indices.filter {
            switch step.collectors[$0].kind {
            case .button, .fido2, .socialLogin: true
            default: false
            }
        }
        guard let index = buttons.first(where: {
            step.collectors[$0].key?.lowercased() == named.lowercased() || step.collectors[$0].label.lowercased() == named.lowercased()
        }) else {
            throw ledger.stop(TestFailure(step: number, expectation: "answers.button", expected: named,
                                          got: "no such button", details: details))
        }
        return index
    }

    private func failures(of step: DaVinciStep, against expected: StepExpectation, number: Int, details: [String]) -> [TestFailure] {
        var failures: [TestFailure] = []
        func differ(_ key: String, _ wanted: String, _ got: String) {
            failures.append(TestFailure(step: number, expectation: key, expected: wanted, got: got, details: details))
        }
        if let stage = expected.stage, step.formName != stage { differ("stage", stage, TerminalText.line(step.formName)) }
        let types = step.collectors.map { TerminalText.line($0.type) }
        if let collectors = expected.callbacks, collectors != types {
            differ("callbacks", collectors.joined(separator: ", "), types.joined(separator: ", "))
        }
        if let contained = expected.contains, !PageCheck.isSubsequence(contained, of: types) {
            differ("contains", contained.joined(separator: ", "), types.joined(separator: ", "))
        }
        let prompts = step.collectors.filter(\.kind.collectsInput).map { TerminalText.line($0.label) }.filter { !$0.isEmpty }
        if let wanted = expected.prompts, wanted != prompts {
            differ("prompts", wanted.joined(separator: ", "), prompts.joined(separator: ", "))
        }
        return failures
    }

    /// What a report shows of a form: its fields and its messages.
    static func details(of step: DaVinciStep) -> [String] {
        var lines = ["the form's fields: " + step.collectors.map { "\(TerminalText.line($0.type)) \"\(name(of: $0))\"" }.joined(separator: ", ")]
        if let message = step.formMessage { lines.append("the form says: \(TerminalText.line(message))") }
        for collector in step.collectors {
            for message in step.messages(for: collector) { lines.append("\(name(of: collector)): \(TerminalText.line(message))") }
        }
        return lines
    }

    private static func name(of collector: Collector) -> String {
        TerminalText.line(collector.label.isEmpty ? collector.key ?? collector.type : collector.label)
    }
}
