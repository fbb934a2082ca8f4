import JourneyEngine
import Orchestrate

/// Fills a journey page from a test's answers, without asking anyone: what the engine answers by
/// itself first (`AutomaticAnswers`), then each callback that asks from the book (by prompt,
/// callback type, input name or attribute, as `--answer` takes them); an optional one without
/// an answer keeps AM's default.
enum PageAnswers {
    /// An answer the page needs that the test does not give, or one it cannot take.
    struct Problem: Error {
        let expectation: String
        let expected: String
        let got: String
    }

    static func fill(_ step: inout JourneyStep, from book: AnswerBook, secrets: SecretValues) throws(Problem) {
        _ = AutomaticAnswers.apply(to: &step)
        for index in step.callbacks.indices {
            try fill(&step.callbacks[index], from: book, secrets: secrets)
        }
    }

    private static func fill(_ callback: inout Callback, from book: AnswerBook, secrets: SecretValues) throws(Problem) {
        guard callback.requirement == .required || callback.requirement == .optional else { return }
        let label = callback.label.isEmpty ? callback.type : TerminalText.line(callback.label)
        if case .kbaCreate = callback.kind {
            guard let question = book.value(for: callback, role: "question") ?? book.value(for: callback),
                  let answer = book.value(for: callback, role: "answer", question: question) else {
                throw Problem(expectation: "answers", expected: "a question and an answer for \(label)", got: "none")
            }
            secrets.note(answer)
            try? callback.answer(.kba(question: question, answer: answer))
            return
        }
        guard let text = book.value(for: callback) else {
            guard callback.requirement == .optional else {
                throw Problem(expectation: "answers", expected: "an answer for \(label)", got: "none")
            }
            callback.applyDefault()
            return
        }
        if callback.asksForSecret { secrets.note(text) }
        do {
            try callback.answer(try AnswerParser.answer(text, for: callback))
        } catch {
            throw Problem(expectation: "answers.\(label)", expected: "an answer the page takes", got: "\(error)")
        }
    }

    /// A test's answers as `--answer` would take them.
    static func book(_ answers: [(name: String, value: TestTemplate)], scope: VariableScope, secrets: SecretValues) -> AnswerBook {
        var book = AnswerBook()
        for answer in answers {
            try? book.add("\(answer.name)=\(answer.value.render(in: scope, secrets: secrets))")
        }
        return book
    }
}
