import Orchestrate
/// What a callback needs from the person before its step can be submitted.
public enum CallbackRequirement: Sendable, Hashable {
    /// Shown only (messages) or carried silently (hidden values, metadata, polling).
    case nothing
    /// Filled by the engine (`AutomaticAnswers`): a device profile, or the fallback value the
    /// SDKs send when a browser or device feature is missing. The note says what was sent.
    case automatic
    /// An answer is asked for, but the server's pre-filled value may be kept.
    case optional
    /// The step cannot be submitted meaningfully without an answer.
    case required
}

extension Callback {
    public var requirement: CallbackRequirement {
        switch kind {
        case .textOutput, .suspendedTextOutput, .hiddenValue, .pollingWait, .metadata:
            .nothing
        case .deviceProfile, .redirect, .deviceBinding, .deviceSigningVerifier, .pingOneProtectInitialize,
             .pingOneProtectEvaluation, .appIntegrity, .unknown:
            .automatic
        case .name, .password, .validatedUsername, .validatedPassword, .kbaCreate, .termsAndConditions:
            .required
        case .textInput(let input):
            input.defaultText == nil ? .required : .optional
        case .stringAttribute(let attribute), .numberAttribute(let attribute):
            attribute.required ? .required : .optional
        case .consentMapping(let consent):
            consent.isRequired ? .required : .optional
        case .choice, .confirmation, .booleanAttribute, .selectIdP, .idP, .reCaptcha, .reCaptchaEnterprise:
            .optional
        }
    }

    /// Whether what a person types for this callback is a secret, hidden as it is typed and in
    /// reports: a password (unless AM echoes it), a provider's token, a CAPTCHA token.
    public var asksForSecret: Bool {
        switch kind {
        case .password, .idP, .reCaptcha, .reCaptchaEnterprise: true
        case .validatedPassword(let field): !field.echoOn
        default: false
        }
    }

    /// The words a person (or an answers file) uses for this callback: its prompt, attribute
    /// name or equivalent, neutralised for the terminal. Empty when it has none.
    public var label: String {
        let text: String = switch kind {
        case .name(let name): name.prompt
        case .password(let password): password.prompt
        case .textInput(let input): input.prompt
        case .choice(let choice): choice.prompt
        case .confirmation(let confirmation): confirmation.prompt
        case .validatedUsername(let field), .validatedPassword(let field): field.prompt
        case .stringAttribute(let attribute), .numberAttribute(let attribute), .booleanAttribute(let attribute):
            attribute.prompt
        case .kbaCreate(let kba): kba.prompt
        case .termsAndConditions: "Terms and Conditions"
        case .consentMapping(let consent): consent.displayName
        case .selectIdP: "Identity provider"
        case .idP(let idp): "Token from \(idp.provider)"
        case .reCaptcha, .reCaptchaEnterprise: "CAPTCHA token"
        default: ""
        }
        return TerminalText.line(text)
    }
}
