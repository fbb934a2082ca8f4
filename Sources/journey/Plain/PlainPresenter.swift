import JourneyEngine
import Orchestrate

/// Answers journey steps line by line: from the answers book first, then by asking the
/// person (when standard input is a terminal). Without a terminal, a missing answer stops the
/// journey with a message naming the prompt.
final class PlainPresenter {
    private let console: Console
    private let printer: StepPrinter
    private let answers: AnswerBook
    /// The page last submitted and the answers sent, to notice AM asking the same again.
    private var lastSubmission: (page: [String], body: JSONValue)?
    /// The user name last typed into the journey, for the stored session.
    private(set) var userName: String?
    /// The polling page last printed, so repeated polls of the same page stay quiet.
    private var lastPollingPage: [String]?

    init(console: Console, answers: AnswerBook) {
        self.console = console
        self.printer = StepPrinter(console: console)
        self.answers = answers
    }

    /// The answered step, or nil to keep waiting on a polling step.
    func answer(_ original: JourneyStep) throws(PlainJourneyError) -> JourneyStep? {
        var step = original
        if step.pollingDelay != nil {
            let page = [step.stage ?? ""] + step.callbacks.map { $0.type + ($0.outputs.string("message") ?? "") }
            if page != lastPollingPage {
                printer.printPage(of: step)
                step.callbacks.forEach(printer.printOutput)
                lastPollingPage = page
            }
            return nil
        }
        lastPollingPage = nil
        printer.printPage(of: step)
        if step.isSuspended {
            step.callbacks.forEach(printer.printOutput)
            guard console.isInteractive else { throw .suspended }
            guard let link = console.ask("Paste the resume link from the email: ") else { throw .inputEnded }
            do {
                throw PlainJourneyError.resume(try ResumeLink(link: link))
            } catch let error as ConfigurationError {
                throw .badAnswer(label: "resume link", problem: error.description)
            } catch let error as PlainJourneyError {
                throw error
            } catch {
                throw .badAnswer(label: "resume link", problem: "\(error)")
            }
        }
        let notices = AutomaticAnswers.apply(to: &step)
        for index in step.callbacks.indices {
            printer.printOutput(of: step.callbacks[index])
            for notice in notices where notice.position == step.callbacks[index].position {
                console.say(console.styled("ℹ \(notice.text)", .dim))
            }
            try fill(&step.callbacks[index])
        }
        if !asksSomething(step), console.isInteractive {
            guard console.ask("Nothing to answer on this page. Press Enter to send it (Ctrl-C stops): ") != nil else {
                throw .inputEnded
            }
        }
        try guardAgainstRepetition(of: step)
        userName = step.typedUserName ?? userName
        return step
    }

    private func guardAgainstRepetition(of step: JourneyStep) throws(PlainJourneyError) {
        let page = [step.stage ?? ""] + step.callbacks.map { $0.type + ":" + $0.label }
        let body = JSONValue.array(step.callbacks.map { .array($0.inputs.map(\.value)) })
        defer { lastSubmission = (page, body) }
        // With a terminal the person sees the page again and answers anew; without one, the
        // same answers would only get the same page.
        guard !console.isInteractive || !asksSomething(step), let last = lastSubmission,
              last.page == page, last.body == body else { return }
        var reasons: [String] = []
        for callback in step.callbacks {
            switch callback.kind {
            case .textOutput(let output) where output.style == .error || output.style == .warning:
                reasons.append(TerminalText.line(output.message))
            case .validatedUsername(let field), .validatedPassword(let field):
                reasons += field.failedPolicies.map { "\(callback.label): \($0.description)" }
            case .stringAttribute(let attribute), .numberAttribute(let attribute), .booleanAttribute(let attribute):
                reasons += attribute.failedPolicies.map { "\(callback.label): \($0.description)" }
            default:
                break
            }
        }
        throw .rejectedAgain(reasons: reasons)
    }

    private func asksSomething(_ step: JourneyStep) -> Bool {
        step.callbacks.contains { $0.requirement == .required || $0.requirement == .optional }
    }

    private func fill(_ callback: inout Callback) throws(PlainJourneyError) {
        switch callback.requirement {
        case .nothing, .automatic:
            return
        case .optional, .required:
            break
        }
        switch callback.kind {
        case .kbaCreate(let kba): return try fillSecurityQuestion(&callback, kba)
        case .termsAndConditions(let terms):
            console.say(console.styled("Terms and Conditions, version \(TerminalText.line(terms.version)):", .bold))
            console.say(TerminalString(PlainText.fromHTML(terms.terms)))
        case .consentMapping(let consent):
            console.say(TerminalString(consent.message))
            if !consent.fields.isEmpty { console.say("  Fields: \(line: consent.fields.joined(separator: ", "))") }
        case .validatedUsername(let field), .validatedPassword(let field):
            printer.printPolicies(of: field.prompt, requirements: field.policies.requirements, failed: field.failedPolicies)
        case .stringAttribute(let attribute), .numberAttribute(let attribute):
            printer.printPolicies(of: attribute.prompt, requirements: attribute.policies.requirements, failed: attribute.failedPolicies)
        case .password(let password):
            printer.printPolicies(of: password.prompt, requirements: [], failed: password.failedPolicies)
        case .idP(let idp):
            (IdPTokenText.lines(idp) + [IdPTokenText.typingHint(idp)]).forEach { console.say(TerminalString($0)) }
        case .reCaptcha, .reCaptchaEnterprise:
            CaptchaTokenText.lines(callback).forEach { console.say(TerminalString($0)) }
        default:
            break
        }
        let label = Self.promptLabel(for: callback)
        if let text = answers.value(for: callback) {
            do throws(PlainJourneyError) {
                try apply(text, to: &callback, label: label)
                return
            } catch {
                guard console.isInteractive else { throw error }
                if case .badAnswer(_, let problem) = error { console.say(console.styled("✗ \(problem)", .red)) }
            }
        }
        guard console.isInteractive else {
            if callback.requirement == .optional {
                callback.applyDefault()
                return
            }
            throw .missingAnswer(label: label, inputs: callback.inputs.map(\.name))
        }
        try ask(&callback, label: label)
    }

    private func apply(_ text: String, to callback: inout Callback, label: String) throws(PlainJourneyError) {
        do {
            try callback.answer(try AnswerParser.answer(text, for: callback))
        } catch let error as AnswerParseError {
            throw .badAnswer(label: label, problem: error.description)
        } catch let error as AnswerError {
            throw .badAnswer(label: label, problem: error.description)
        } catch {
            throw .badAnswer(label: label, problem: "\(error)")
        }
    }

    /// Asks until the answer fits; an empty line keeps the pre-filled value where there is one.
    private func ask(_ callback: inout Callback, label: String) throws(PlainJourneyError) {
        let options = Self.options(of: callback)
        for (index, option) in options.enumerated() {
            console.say("  \(index + 1)) \(option)")
        }
        let current = Self.currentValueText(of: callback, options: options)
        let hint = current.map { " [\($0)]" } ?? ""
        while true {
            let prompt: TerminalString = "\(label)\(hint): "
            guard let text = callback.asksForSecret ? console.askHidden(prompt) : console.ask(prompt) else {
                throw .inputEnded
            }
            if text.isEmpty {
                if current != nil || callback.requirement == .optional {
                    callback.applyDefault()
                    return
                }
                console.say(console.styled("✗ an answer is required", .red))
                continue
            }
            do throws(PlainJourneyError) {
                try apply(text, to: &callback, label: label)
                return
            } catch {
                if case .badAnswer(_, let problem) = error { console.say(console.styled("✗ \(problem)", .red)) }
            }
        }
    }

    private func fillSecurityQuestion(_ callback: inout Callback, _ kba: KbaCreateCallback) throws(PlainJourneyError) {
        let label = callback.label.isEmpty ? "Security question" : callback.label
        var question = answers.value(for: callback, role: "question") ?? answers.value(for: callback)
        if question == nil, console.isInteractive {
            for (index, text) in kba.predefinedQuestions.enumerated() { console.say("  \(index + 1)) \(TerminalText.line(text))") }
            let own = kba.allowUserDefinedQuestions ? " (a number, or type your own)" : " (a number)"
            question = console.ask("\(label)\(own): ")
            if question == nil { throw .inputEnded }
        }
        guard var chosen = question else { throw .missingAnswer(label: label, inputs: callback.inputs.map(\.name)) }
        if let number = Int(chosen), kba.predefinedQuestions.indices.contains(number - 1) {
            chosen = kba.predefinedQuestions[number - 1]
        } else if !kba.allowUserDefinedQuestions,
                  !kba.predefinedQuestions.contains(where: { $0.equalsIgnoringCase(chosen) }) {
            throw .badAnswer(label: label, problem: "\"\(chosen)\" is not one of the offered questions")
        }
        var answer = answers.value(for: callback, role: "answer", question: chosen)
        if answer == nil, console.isInteractive {
            answer = console.askHidden("Answer to \"\(TerminalText.line(chosen))\": ")
            if answer == nil { throw .inputEnded }
        }
        guard let answer else {
            throw .missingAnswer(label: "the answer to \"\(chosen)\"", inputs: callback.inputs.map(\.name))
        }
        try? callback.answer(.kba(question: chosen, answer: answer))
    }

    /// The words before the colon: the callback's own label, or what kind of answer it wants.
    private static func promptLabel(for callback: Callback) -> String {
        if !callback.label.isEmpty { return callback.label }
        switch callback.kind {
        case .choice, .confirmation: return "Choose"
        default: return callback.type
        }
    }

    private static func options(of callback: Callback) -> [String] {
        switch callback.kind {
        case .choice(let choice): choice.choices.map(TerminalText.line)
        case .confirmation(let confirmation): confirmation.options.map(TerminalText.line)
        case .selectIdP(let select): select.providers.map { TerminalText.line($0.displayName) }
        default: []
        }
    }

    /// The value an empty answer keeps, as text for the prompt's brackets.
    private static func currentValueText(of callback: Callback, options: [String]) -> String? {
        switch callback.kind {
        case .choice(let choice):
            let index = callback.value?.intValue ?? choice.defaultChoice
            return options.indices.contains(index) ? options[index] : options[choice.defaultChoice]
        case .confirmation(let confirmation):
            let index = callback.value?.intValue ?? confirmation.defaultOption
            return options.indices.contains(index) ? options[index] : options[confirmation.defaultOption]
        case .booleanAttribute:
            return (callback.value?.boolValue ?? false) ? "yes" : "no"
        case .textInput(let input):
            return input.defaultText.map(TerminalText.line)
        default:
            return nil
        }
    }
}
