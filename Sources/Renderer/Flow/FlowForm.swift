import DaVinci
import Foundation
import Orchestrate
import TerminalKit

/// A DaVinci form as a form: its fields (`CollectorMapping`), which one has focus, and how the
/// answers go back into the collectors. It behaves as a journey's `Form` does: Tab and the
/// arrows move, Enter in a field presses the form's submit button, a button row presses the
/// button chosen. Tab and Shift-Tab also go through a row's buttons and links one by one.
/// Pure: keys in, events out; drawing into a canvas.
public struct FlowForm: Sendable {
    /// The form as PingOne sent it (with the messages of a refused answer).
    public let step: DaVinciStep
    public private(set) var fields: [FlowField]
    /// Index into `fields` of the focused field, nil when nothing is focusable.
    public private(set) var focus: Int?

    public init(step: DaVinciStep) {
        self.step = step
        fields = CollectorMapping.fields(of: step)
        let firstWithMessage = fields.firstIndex { field in
            field.widget.isFocusable && field.collector.map { !step.messages(for: step.collectors[$0]).isEmpty } == true
        }
        focus = firstWithMessage ?? fields.firstIndex { $0.widget.isFocusable }
    }

    /// What a key did to the form.
    public enum Event: Sendable {
        case ignored
        case handled
        /// Send the answered form, pressing the collector at `pressing` (nil: no button at all).
        case submit(DaVinciStep, pressing: Int?)
        /// The social sign-on button at `pressing` was pressed: the flow goes on in a browser
        /// (`DaVinciBrowserStep`); nothing is sent.
        case browser(DaVinciStep, pressing: Int)
        /// The answers cannot be sent as they are; the field is focused.
        case problem(String)
    }

    public mutating func update(_ key: KeyEvent) -> Event {
        guard let focused = focus else { return FormLayout.keys.action(for: key) == .submit ? submit(pressing: step.defaultButton) : .ignored }
        switch fields[focused].widget.update(key) {
        case .handled:
            return .handled
        case .activated(let index):
            if case .buttons(let collectors) = fields[focused].binding, collectors.indices.contains(index) {
                return submit(pressing: collectors[index])
            }
            return submit(pressing: step.defaultButton)
        case .ignored:
            var widgets = fields.map(\.widget)
            guard let moved = FormLayout.moveFocus(from: focused, by: key, in: &widgets) else { return .ignored }
            for index in fields.indices { fields[index].widget = widgets[index] }
            focus = moved
            return .handled
        }
    }

    private mutating func submit(pressing pressed: Int?) -> Event {
        if let pressed, case .socialLogin = step.collectors[pressed].kind { return .browser(step, pressing: pressed) }
        let answered = answeredStep()
        // A link or flow button leaves the form: what is typed need not be complete.
        let leaves = pressed.map { step.collectors[$0].kind.leavesForm } ?? false
        if !leaves, let (collector, message) = answered.problem() {
            focus = fields.firstIndex { $0.collector == collector && $0.widget.isFocusable } ?? focus
            return .problem(message)
        }
        return .submit(answered, pressing: pressed)
    }

    /// The form with every field's value written back into its collector.
    public func answeredStep() -> DaVinciStep {
        var answered = step
        var chosen: [Int: [String]] = [:]
        var phones: [Int: (country: String, number: String, extension: String?)] = [:]
        var passwords: [Int: (text: String, confirmation: String)] = [:]
        for field in fields {
            guard let index = field.collector else { continue }
            switch (field.binding, field.widget) {
            case (.text, .text(let text)):
                answered.collectors[index].value = .text(text.text)
            case (.password, .text(let text)):
                passwords[index, default: ("", "")].text = text.text
            case (.confirmation, .text(let text)):
                passwords[index, default: ("", "")].confirmation = text.text
            case (.choice(let values), .radio(let list)):
                answered.collectors[index].value = .choice(values.indices.contains(list.selected) ? values[list.selected] : "")
            case (.option(let value), .checkbox(let box)):
                chosen[index, default: []] += box.isChecked ? [value] : []
            case (.checked, .checkbox(let box)):
                answered.collectors[index].value = .checked(box.isChecked)
            case (.phoneCountry, .text(let text)):
                phones[index, default: ("", "", nil)].country = text.text.trimmingSpaces()
            case (.phoneNumber, .text(let text)):
                phones[index, default: ("", "", nil)].number = text.text.trimmingSpaces()
            case (.phoneExtension, .text(let text)):
                phones[index, default: ("", "", nil)].extension = text.text.trimmingSpaces()
            case (.device(let values), .radio(let list)):
                answered.collectors[index].value = .device(values.indices.contains(list.selected) ? values[list.selected] : "")
            default:
                continue
            }
        }
        for (index, values) in chosen { answered.collectors[index].value = .choices(values) }
        for (index, phone) in phones {
            answered.collectors[index].value = .phone(countryCode: phone.country, number: phone.number, extension: phone.extension)
        }
        for (index, password) in passwords {
            let verifies = { if case .password(_, verify: true) = answered.collectors[index].kind { return true } else { return false } }()
            answered.collectors[index].value = .password(password.text, confirmation: verifies ? password.confirmation : password.text)
        }
        return answered
    }

    /// Draws the form's name, description and message, then the fields.
    public func render(into canvas: inout Canvas, in area: Rect) {
        var page: [FieldWidget] = []
        if !step.formName.isEmpty { page.append(.block(TextBlock(text: TerminalText.line(step.formName), role: .title))) }
        if !step.formDescription.isEmpty { page.append(.block(TextBlock(text: PlainText.fromHTML(step.formDescription)))) }
        if let message = step.formMessage, !step.collectors.contains(where: { $0.kind == .errorDisplay }) {
            page.append(.block(TextBlock(text: TerminalText.line(message), role: .error, prefix: "✗ ")))
        }
        FormLayout.render(page: page, fields: fields.map(\.widget), focus: focus, into: &canvas, in: area)
    }
}
