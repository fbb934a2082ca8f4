import JourneyEngine
import Orchestrate
import TerminalKit

/// Name, Password and TextInput callbacks → text fields.
enum TextMappings {
    static func field(_ position: Int, prompt: String, value: JSONValue?, masked: Bool,
                      hints: [HintLine] = [], binding: FieldBinding = .text) -> FormField {
        let text = TerminalText.line(value?.stringValue ?? "")
        return FormField(position, .text(TextField(
            label: TerminalText.line(prompt), text: text, cursor: text.count,
            isMasked: masked, canReveal: masked, hint: hints)), binding)
    }

    /// Pre-filled with `defaultText` until the person types.
    static func textInput(_ position: Int, _ input: TextInputCallback, value: JSONValue?) -> FormField {
        let typed = value?.stringValue ?? ""
        let text = typed.isEmpty ? TerminalText.line(input.defaultText ?? "") : typed
        return field(position, prompt: input.prompt, value: .string(text), masked: false)
    }
}

/// Policy requirements in words under a field; failed ones in the error role.
enum PolicyHints {
    /// The hints of a text field's callback, a "required" failure only with `showingRequired`.
    /// Nil for callbacks without policies.
    static func lines(for callback: Callback, showingRequired: Bool) -> [HintLine]? {
        let (requirements, failed): ([PolicyRequirement], [PolicyFailure])
        switch callback.kind {
        case .password(let password): (requirements, failed) = ([], password.failedPolicies)
        case .validatedUsername(let field), .validatedPassword(let field): (requirements, failed) = (field.policies.requirements, field.failedPolicies)
        case .stringAttribute(let attribute), .numberAttribute(let attribute):
            (requirements, failed) = (attribute.policies.requirements, attribute.failedPolicies)
        default: return nil
        }
        return lines(requirements: requirements, failed: showingRequired ? failed : failed.filter { $0.policy.requirement != "REQUIRED" })
    }

    static func lines(requirements: [PolicyRequirement], failed: [PolicyFailure]) -> [HintLine] {
        let failedNames = Set(failed.map(\.policy.requirement))
        let rules = requirements.filter { !["REQUIRED", "VALID_TYPE"].contains($0.requirement) }
        var lines = rules.map { rule in
            failedNames.contains(rule.requirement)
                ? HintLine(text: "✗ " + rule.description, role: .error)
                : HintLine(text: "· " + rule.description, role: .muted)
        }
        let listed = Set(rules.map(\.requirement))
        lines += failed.filter { !listed.contains($0.policy.requirement) }
            .map { HintLine(text: "✗ " + $0.description, role: .error) }
        return lines
    }
}
