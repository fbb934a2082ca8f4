import JourneyEngine
import Orchestrate

/// Fills a page from an answer book with no one to ask: the engine's automatic answers, then
/// each callback from the book; an optional callback without an answer keeps its default, a
/// required one without an answer stops the iteration (``UnansweredPage``).
enum BookAnswers {
    static func answer(_ original: JourneyStep, from book: AnswerBook) throws -> JourneyStep {
        var step = original
        if step.isSuspended { throw UnansweredPage(prompt: "a resume link (the journey is suspended)") }
        _ = AutomaticAnswers.apply(to: &step)
        for index in step.callbacks.indices {
            let callback = step.callbacks[index]
            switch callback.requirement {
            case .nothing, .automatic:
                continue
            case .optional, .required:
                break
            }
            if case .kbaCreate(let kba) = callback.kind {
                let question = book.value(for: callback, role: "question") ?? kba.predefinedQuestions.first ?? ""
                guard let answer = book.value(for: callback, role: "answer", question: question) else {
                    throw UnansweredPage(prompt: callback.label)
                }
                try step.callbacks[index].answer(.kba(question: question, answer: answer))
            } else if let text = book.value(for: callback) {
                try step.callbacks[index].answer(AnswerParser.answer(text, for: callback))
            } else if callback.requirement == .optional {
                step.callbacks[index].applyDefault()
            } else {
                throw UnansweredPage(prompt: callback.label)
            }
        }
        return step
    }
}

/// A page asked for something the scenario has no answer for.
struct UnansweredPage: Error, CustomStringConvertible {
    let prompt: String

    var description: String {
        "No answer for \"\(TerminalText.line(prompt))\" (give one with --answer or a --cases column)."
    }
}
