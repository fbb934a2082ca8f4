import Orchestrate
extension Callback {
    /// Writes the value AM pre-selected, in AM's wire type, when the input does not already
    /// hold a usable one: a Choice's `defaultChoice` (AM may pre-fill `""`), a Confirmation's
    /// `defaultOption` (a pre-filled integer such as 100 is kept), a boolean attribute's current
    /// value, a TextInput's `defaultText`, the local sign-in of a SelectIdP; a reCAPTCHA
    /// Enterprise callback without a token says so in its client error, as the SDKs do.
    public mutating func applyDefault() {
        switch kind {
        case .choice(let choice):
            if value?.intValue.map(choice.choices.indices.contains) != true {
                try? answer(.index(choice.defaultChoice))
            }
        case .confirmation(let confirmation):
            if case .int = value ?? .null { return }
            try? answer(.index(confirmation.defaultOption))
        case .booleanAttribute(let attribute):
            if case .bool = value ?? .null { return }
            try? answer(.bool(attribute.value.boolValue ?? false))
        case .textInput(let input):
            if let text = input.defaultText, value?.stringValue?.isEmpty ?? true {
                try? answer(.text(text))
            }
        case .selectIdP(let select):
            if value?.stringValue?.isEmpty ?? true,
               select.providers.contains(where: { $0.name == SelectIdPCallback.localAuthentication }) {
                try? answer(.text(SelectIdPCallback.localAuthentication))
            }
        case .reCaptchaEnterprise:
            if input(role: "token")?.value.stringValue?.isEmpty ?? true {
                try? answer(.clientError(ReCaptchaCallback.noTokenError))
            }
        default:
            break
        }
    }
}
