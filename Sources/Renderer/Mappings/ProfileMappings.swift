import JourneyEngine
import Orchestrate
import TerminalKit

/// KbaCreate, TermsAndConditions and ConsentMapping callbacks.
enum ProfileMappings {
    static let ownQuestion = "Write my own question"

    /// Pick a question (or write one, when allowed), then answer it.
    static func securityQuestion(_ position: Int, _ kba: KbaCreateCallback) -> [FormField] {
        let questions = kba.predefinedQuestions.map(TerminalText.line)
        var fields = [FormField(position, .radio(RadioList(
            label: TerminalText.line(kba.prompt),
            options: questions + (kba.allowUserDefinedQuestions ? [ownQuestion] : []),
            selected: 0, highlighted: 0)), .securityQuestion(kba.predefinedQuestions, allowsOwn: kba.allowUserDefinedQuestions))]
        if kba.allowUserDefinedQuestions {
            fields.append(FormField(position, .text(TextField(
                label: "Your own question (used when \"\(ownQuestion)\" is chosen)", text: "", cursor: 0)), .ownSecurityQuestion))
        }
        fields.append(FormField(position, .text(TextField(
            label: "Answer", text: "", cursor: 0, isMasked: true, canReveal: true)), .securityAnswer))
        return fields
    }

    static func terms(_ position: Int, _ terms: TermsAndConditionsCallback, value: JSONValue?) -> [FormField] {
        [
            FormField(position, .scroll(ScrollText(
                title: "Terms and Conditions (version \(TerminalText.line(terms.version)))",
                text: PlainText.fromHTML(terms.terms)))),
            FormField(position, .checkbox(Checkbox(label: "I accept the terms and conditions",
                                                   isChecked: value?.boolValue ?? false)), .flag),
        ]
    }

    static func consent(_ position: Int, _ consent: ConsentMappingCallback, value: JSONValue?) -> [FormField] {
        var text = TerminalText.block(consent.message)
        if !consent.fields.isEmpty { text += "\nShared: " + consent.fields.map(TerminalText.line).joined(separator: ", ") }
        if !consent.accessLevel.isEmpty { text += "\nAccess: " + TerminalText.line(consent.accessLevel) }
        return [
            FormField(position, .block(TextBlock(text: text, role: .information))),
            FormField(position, .checkbox(Checkbox(
                label: "I consent: " + TerminalText.line(consent.displayName) + (consent.isRequired ? "" : " (optional)"),
                isChecked: value?.boolValue ?? false)), .flag),
        ]
    }
}
