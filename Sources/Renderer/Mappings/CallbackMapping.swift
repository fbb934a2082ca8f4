import JourneyEngine
import Orchestrate
import TerminalKit

/// Maps one callback to its form fields. The per-kind mappings live beside this file; all text
/// they take from the callback is neutralised for the terminal here.
enum CallbackMapping {
    static func fields(for callback: Callback) -> [FormField] {
        let position = callback.position
        switch callback.kind {
        case .name(let name):
            return [TextMappings.field(position, prompt: name.prompt, value: callback.value, masked: false)]
        case .password(let password):
            return [TextMappings.field(position, prompt: password.prompt, value: callback.value, masked: true,
                                       hints: PolicyHints.lines(requirements: [], failed: password.failedPolicies))]
        case .textInput(let input):
            return [TextMappings.textInput(position, input, value: callback.value)]
        case .textOutput(let output):
            return MessageMappings.fields(position, output)
        case .suspendedTextOutput(let output):
            return MessageMappings.suspended(position, output)
        case .pollingWait(let wait):
            return [FormField(position, .spinner(Spinner(message: TerminalText.line(wait.message))))]
        case .hiddenValue(let hidden):
            return MessageMappings.registrationCode(position, hidden)
        case .metadata(let metadata):
            return DeviceMappings.metadata(position, metadata)
        case .choice(let choice):
            return [ChoiceMappings.choice(position, choice, value: callback.value)]
        case .confirmation(let confirmation):
            return [ChoiceMappings.confirmation(position, confirmation)]
        case .selectIdP(let select):
            return [ChoiceMappings.provider(position, select)]
        case .validatedUsername(let field), .validatedPassword(let field):
            return [ValidatedMappings.validated(position, field, value: callback.value,
                                                masked: callback.type == "ValidatedCreatePasswordCallback" && !field.echoOn)]
        case .stringAttribute(let attribute):
            return [ValidatedMappings.attribute(position, attribute, value: callback.value, binding: .text)]
        case .numberAttribute(let attribute):
            return [ValidatedMappings.attribute(position, attribute, value: callback.value, binding: .number)]
        case .booleanAttribute(let attribute):
            return [ValidatedMappings.flag(position, attribute, value: callback.value)]
        case .kbaCreate(let kba):
            return ProfileMappings.securityQuestion(position, kba)
        case .termsAndConditions(let terms):
            return ProfileMappings.terms(position, terms, value: callback.value)
        case .consentMapping(let consent):
            return ProfileMappings.consent(position, consent, value: callback.value)
        case .redirect(let redirect):
            return SocialMappings.redirect(position, redirect)
        case .idP(let idp):
            return SocialMappings.providerToken(position, idp, value: callback)
        case .reCaptcha, .reCaptchaEnterprise:
            return CaptchaMappings.token(callback)
        case .deviceProfile, .deviceBinding, .deviceSigningVerifier, .pingOneProtectInitialize, .pingOneProtectEvaluation, .appIntegrity:
            return DeviceMappings.needsDevice(callback)
        case .unknown(let unknown):
            return DeviceMappings.unknown(callback, unknown)
        }
    }
}
