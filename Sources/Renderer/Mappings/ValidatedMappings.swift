import JourneyEngine
import Orchestrate
import TerminalKit

/// Validated create callbacks and attribute inputs → fields with their policies listed.
enum ValidatedMappings {
    static func validated(_ position: Int, _ field: ValidatedCreateCallback, value: JSONValue?, masked: Bool) -> FormField {
        TextMappings.field(position, prompt: field.prompt, value: value, masked: masked,
                           hints: PolicyHints.lines(requirements: field.policies.requirements, failed: field.failedPolicies))
    }

    static func attribute(_ position: Int, _ attribute: AttributeInputCallback, value: JSONValue?, binding: FieldBinding) -> FormField {
        let current: JSONValue? = switch value {
        case .string(let text)? where !text.isEmpty: value
        case .int(let number)?: .string(String(number))
        case .double(let number)?: .string(String(number))
        default: attribute.value.stringValue.map(JSONValue.string) ?? attribute.value.intValue.map { .string(String($0)) }
        }
        let prompt = attribute.prompt + (attribute.required ? "" : " (optional)")
        return TextMappings.field(position, prompt: prompt, value: current, masked: false,
                                  hints: PolicyHints.lines(requirements: attribute.policies.requirements,
                                                           failed: attribute.failedPolicies),
                                  binding: binding)
    }

    static func flag(_ position: Int, _ attribute: AttributeInputCallback, value: JSONValue?) -> FormField {
        FormField(position, .checkbox(Checkbox(
            label: TerminalText.line(attribute.prompt), isChecked: value?.boolValue ?? attribute.value.boolValue ?? false)), .flag)
    }
}
