import Foundation
import JourneyEngine
import Orchestrate
import TerminalKit

/// A journey step as a form: its fields, which one has focus, and how answers go back into the
/// step. Pure: keys in, events out; drawing into a canvas.
public struct Form: Sendable {
    /// The step as AM sent it.
    public let step: JourneyStep
    /// When AM stops accepting answers to this page (``JourneyStep/expiresAt``), read once:
    /// the page's countdown asks every frame.
    public let expiresAt: Date?
    /// The journey's name, shown with the stage ("journey Login · stage UsernamePassword").
    public var journeyName: String?
    public private(set) var fields: [FormField]
    /// Index into `fields` of the focused field, nil when nothing is focusable.
    public private(set) var focus: Int?
    /// Buttons pressed on Confirmation callbacks, by callback position.
    private var pressedButtons: [Int: Int] = [:]
    /// Values of validated fields when they were last checked with `validateOnly`.
    private var lastValidated: [Int: String] = [:]
    /// Fields the focus has left, and whether the page was submitted: AM's "required" shows
    /// only under those (`refreshPolicyHints`).
    private var leftFields: Set<Int> = []
    private var submitTried = false

    /// Builds the form for a step. With `previous` (the same page shown again after
    /// `validateOnly` or a refused answer), the person's values and focus are kept.
    public init(step: JourneyStep, carrying previous: Form? = nil) {
        self.step = step
        expiresAt = step.expiresAt
        fields = step.callbacks.flatMap(CallbackMapping.fields)
        focus = fields.firstIndex { $0.widget.isFocusable }
        guard let previous, previous.step.callbacks.map(\.type) == step.callbacks.map(\.type),
              previous.fields.count == fields.count else { return }
        for index in fields.indices where fields[index].binding == previous.fields[index].binding {
            fields[index].widget.carryValue(from: previous.fields[index].widget)
        }
        focus = previous.focus
        lastValidated = previous.lastValidated
        journeyName = previous.journeyName
        leftFields = previous.leftFields
        submitTried = previous.submitTried
        for index in fields.indices { refreshPolicyHints(index) }
    }

    /// AM's "required" failure (it checks every field when one is validated) shows under an
    /// empty field only once the person left it or tried to submit; never while a value is typed.
    private mutating func refreshPolicyHints(_ index: Int) {
        guard let position = fields[index].callbackPosition, case .text(var field) = fields[index].widget else { return }
        let showsRequired = field.text.isEmpty && (submitTried || leftFields.contains(index))
        guard let hints = PolicyHints.lines(for: step.callbacks[position], showingRequired: showsRequired) else { return }
        field.hint = hints
        fields[index].widget = .text(field)
    }

    /// What a key did to the form.
    public enum Event: Sendable {
        case ignored
        case handled
        /// Send the answered step.
        case submit(JourneyStep)
        /// Ask AM to check a validated field (`validateOnly`) without advancing.
        case validate(JourneyStep)
        /// Resume a suspended journey from a pasted link.
        case resume(ResumeLink)
        /// Go on from a step that left for a browser, with the address it landed on (not yet
        /// checked against the step: that needs the journey's hand-off).
        case browserReturn(String)
        /// The answers cannot be sent as they are (e.g. not a number); the field is focused.
        case problem(String)
    }

    public mutating func update(_ key: KeyEvent) -> Event {
        guard let focused = focus else {
            return FormLayout.keys.action(for: key) == .submit ? submitOrProblem() : .ignored
        }
        switch fields[focused].widget.update(key) {
        case .handled:
            refreshPolicyHints(focused)
            return .handled
        case .activated(let index):
            if fields[focused].binding == .confirmation, let position = fields[focused].callbackPosition {
                pressedButtons[position] = index
            }
            return submitOrProblem()
        case .ignored:
            var widgets = fields.map(\.widget)
            guard let moved = FormLayout.moveFocus(from: focused, by: key, in: &widgets) else { return .ignored }
            for index in fields.indices { fields[index].widget = widgets[index] }
            focus = moved
            guard focus != focused else { return .handled }
            leftFields.insert(focused)
            refreshPolicyHints(focused)
            return validationOnLeaving(focused) ?? .handled
        }
    }

    /// Leaving a validated field whose value changed asks AM to check it.
    private mutating func validationOnLeaving(_ index: Int) -> Event? {
        guard let position = fields[index].callbackPosition,
              step.callbacks[position].input(role: "validateOnly") != nil,
              case .text(let field) = fields[index].widget, !field.text.isEmpty,
              lastValidated[position] != field.text,
              case .success(var probe) = answeredStep() else { return nil }
        lastValidated[position] = field.text
        try? probe.callbacks[position].answer(.validateOnly(true))
        return .validate(probe)
    }

    private mutating func submitOrProblem() -> Event {
        submitTried = true
        for index in fields.indices { refreshPolicyHints(index) }
        if let link = pasted(.resumeLink) {
            do {
                return .resume(try ResumeLink(link: link))
            } catch {
                return .problem(error.description)
            }
        }
        if let index = fields.firstIndex(where: { $0.binding == .browserReturn }) {
            guard let address = pasted(.browserReturn) else {
                focus = index
                return .problem("Paste the address the browser landed on after signing in at the provider: it carries a code and state.")
            }
            return .browserReturn(address)
        }
        switch answeredStep() {
        case .success(let answered): return .submit(answered)
        case .failure(let problem):
            focus = problem.field
            return .problem(problem.message)
        }
    }

    /// The text pasted into the field with `binding`, when there is some.
    private func pasted(_ binding: FieldBinding) -> String? {
        for field in fields where field.binding == binding {
            if case .text(let text) = field.widget, !text.text.trimmingSpaces().isEmpty {
                return text.text
            }
        }
        return nil
    }

    /// A value that cannot be sent, and the field it is in.
    public struct Problem: Error, Sendable {
        public let field: Int
        public let message: String
    }

    /// The step with every field's value written back, and the automatic answers filled.
    public func answeredStep() -> Result<JourneyStep, Problem> {
        var answered = step
        var questions: [Int: String] = [:]
        var ownQuestions: [Int: String] = [:]
        var securityAnswers: [Int: String] = [:]
        var providerTokens: [Int: (field: Int, token: String)] = [:]
        var tokenTypes: [Int: String] = [:]
        for (index, field) in fields.enumerated() {
            guard let position = field.callbackPosition else { continue }
            let answer: CallbackAnswer?
            switch (field.binding, field.widget) {
            case (.text, .text(let text)):
                answer = .text(text.text)
            case (.number, .text(let text)):
                let trimmed = text.text.trimmingSpaces()
                if trimmed.isEmpty { continue }
                guard let number = AnswerParser.decimalNumber(trimmed) else {
                    return .failure(Problem(field: index, message: "\(text.label): \"\(trimmed)\" is not a number"))
                }
                answer = .number(number)
            case (.choice, .radio(let list)):
                answer = .index(list.selected)
            case (.confirmation, _):
                answer = pressedButtons[position].map(CallbackAnswer.index)
            case (.flag, .checkbox(let box)):
                answer = .bool(box.isChecked)
            case (.provider(let names), .radio(let list)):
                answer = names.indices.contains(list.selected) ? .text(names[list.selected]) : nil
            case (.securityQuestion(let predefined, _), .radio(let list)):
                questions[position] = predefined.indices.contains(list.selected) ? predefined[list.selected] : ""
                continue
            case (.ownSecurityQuestion, .text(let text)):
                ownQuestions[position] = text.text
                continue
            case (.securityAnswer, .text(let text)):
                securityAnswers[position] = text.text
                continue
            case (.providerToken, .text(let text)):
                providerTokens[position] = (index, text.text.trimmingSpaces())
                continue
            case (.captchaToken, .text(let text)):
                let token = text.text.trimmingSpaces()
                if token.isEmpty {
                    answered.callbacks[position].applyDefault()
                    continue
                }
                answer = .text(token)
            case (.providerTokenType, .radio(let list)):
                tokenTypes[position] = list.options.indices.contains(list.selected) ? list.options[list.selected] : nil
                continue
            default:
                continue
            }
            if let answer { try? answered.callbacks[position].answer(answer) }
        }
        for (position, pasted) in providerTokens {
            guard !pasted.token.isEmpty else {
                return .failure(Problem(field: pasted.field, message: "Paste a token from the provider, or press Esc and take another way in (j picks another journey)."))
            }
            try? answered.callbacks[position].answer(.providerToken(pasted.token, type: tokenTypes[position] ?? "id_token"))
        }
        for (position, answer) in securityAnswers {
            let chosen = questions[position] ?? ""
            let question = chosen.isEmpty ? ownQuestions[position] ?? "" : chosen
            try? answered.callbacks[position].answer(.kba(question: question, answer: answer))
        }
        _ = AutomaticAnswers.apply(to: &answered)
        return .success(answered)
    }

    /// How long to wait before resubmitting, for a polling step.
    public var pollingDelay: Duration? { step.pollingDelay }

    /// Advances spinners (polling steps) by one frame and shows the time to the next check.
    public mutating func tick(remaining: Duration) {
        for index in fields.indices {
            if case .spinner(var spinner) = fields[index].widget {
                spinner.advance()
                spinner.remaining = remaining
                fields[index].widget = .spinner(spinner)
            }
        }
    }
}
