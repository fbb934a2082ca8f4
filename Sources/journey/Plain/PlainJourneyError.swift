import JourneyEngine
import Orchestrate

/// Why plain mode stopped before the journey ended.
enum PlainJourneyError: Error, CustomStringConvertible {
    case missingAnswer(label: String, inputs: [String])
    case badAnswer(label: String, problem: String)
    case inputEnded
    case suspended
    /// The person pasted a resume link: walk again from it.
    case resume(ResumeLink)
    /// The person pasted the address a browser landed on: go on from the kept step with it.
    case browserReturn(BrowserReturn)
    /// The journey goes on in a browser and there is no terminal to paste its answer into;
    /// `instance` names where the step is kept, when it is.
    case waitingForBrowser(instance: String?)
    /// AM showed the same page again after the same answers.
    case rejectedAgain(reasons: [String])

    var description: String {
        switch self {
        case .missingAnswer(let label, let inputs):
            "The journey asks for \"\(TerminalText.line(label))\" (\(TerminalText.line(inputs.joined(separator: ", ")))) and no answer was given. Pass --answer \"\(label)=…\"."
        case .badAnswer(let label, let problem):
            "The answer for \"\(TerminalText.line(label))\" cannot be used: \(TerminalText.line(problem))."
        case .inputEnded:
            "Input ended before the journey did."
        case .suspended:
            "The journey is suspended until the emailed link is used. Resume it with: journey login --url … --resume '<link>'"
        case .resume:
            "Resuming from the link."
        case .browserReturn:
            "Going on with the address the browser landed on."
        case .waitingForBrowser(let instance?):
            "The journey goes on in a browser: open the address above. The step is kept; when the browser lands on an address "
                + "with a code and state, go on with: journey login --instance \(instance) --redirected '<that address>'"
        case .waitingForBrowser(nil):
            "The journey goes on in a browser, and without a terminal to paste the address it lands on, this run cannot go on."
        case .rejectedAgain(let reasons):
            "AM asked the same page again after the same answers" + (reasons.isEmpty ? "." : ": " + reasons.joined(separator: "; "))
        }
    }

    var exitStatus: ExitStatus {
        switch self {
        case .rejectedAgain: .authenticationFailed
        case .waitingForBrowser: .inBrowser
        default: .answerMissing
        }
    }
}
