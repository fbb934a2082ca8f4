/// A step's answers with its `{command: …}` answers filled in: each command runs when its page
/// arrives, and the last line it prints is the answer (hidden in reports, as a code is).
enum StepAnswers {
    /// A command that failed or printed nothing.
    struct Failed: Error {
        let name: String
        let problem: String

        /// How a report shows it, at the step whose page (or form) is `details`.
        func failure(step: Int, details: [String]) -> TestFailure {
            TestFailure(step: step, expectation: "answers.\(name).command", expected: "a value on its output", got: problem, details: details)
        }
    }

    static func resolve(_ step: StepExpectation, scope: VariableScope, secrets: SecretValues) async throws(Failed) -> [(name: String, value: TestTemplate)] {
        var answers = step.answers
        for (name, command) in step.answerCommands {
            do {
                let value = try await ShellCommand.lastLine(of: command, scope: scope, secrets: secrets)
                answers.append((name, TestTemplate(literal: value)))
            } catch {
                throw Failed(name: name, problem: "\(error)")
            }
        }
        return answers
    }
}
