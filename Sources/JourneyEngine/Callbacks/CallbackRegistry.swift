/// Maps a wire `type` string to the model that reads it. Adding a callback type means adding
/// a model under `Callbacks/Types/` and one line here.
public enum CallbackRegistry {
    typealias Reader = @Sendable (CallbackOutputs) throws(CallbackDecodingError) -> CallbackKind

    static let readers: [String: Reader] = [
        "NameCallback": { .name(NameCallback($0)) },
        "PasswordCallback": { .password(PasswordCallback($0)) },
        "TextInputCallback": { .textInput(TextInputCallback($0)) },
        "TextOutputCallback": { .textOutput(TextOutputCallback($0)) },
        "SuspendedTextOutputCallback": { .suspendedTextOutput(TextOutputCallback($0)) },
        "ChoiceCallback": { outputs throws(CallbackDecodingError) in .choice(try ChoiceCallback(outputs)) },
        "ConfirmationCallback": { outputs throws(CallbackDecodingError) in
            .confirmation(try ConfirmationCallback(outputs))
        },
        "HiddenValueCallback": { .hiddenValue(HiddenValueCallback($0)) },
        "PollingWaitCallback": { outputs throws(CallbackDecodingError) in
            .pollingWait(try PollingWaitCallback(outputs))
        },
        "ValidatedCreateUsernameCallback": { .validatedUsername(ValidatedCreateCallback($0)) },
        "ValidatedCreatePasswordCallback": { .validatedPassword(ValidatedCreateCallback($0)) },
        "StringAttributeInputCallback": { .stringAttribute(AttributeInputCallback($0)) },
        "NumberAttributeInputCallback": { .numberAttribute(AttributeInputCallback($0)) },
        "BooleanAttributeInputCallback": { .booleanAttribute(AttributeInputCallback($0)) },
        "KbaCreateCallback": { .kbaCreate(KbaCreateCallback($0)) },
        "TermsAndConditionsCallback": { .termsAndConditions(TermsAndConditionsCallback($0)) },
        "ConsentMappingCallback": { .consentMapping(ConsentMappingCallback($0)) },
        "MetadataCallback": { .metadata(MetadataCallback($0)) },
        "DeviceProfileCallback": { .deviceProfile(DeviceProfileCallback($0)) },
        "SelectIdPCallback": { .selectIdP(SelectIdPCallback($0)) },
        "IdPCallback": { .idP(IdPCallback($0)) },
        "RedirectCallback": { outputs throws(CallbackDecodingError) in .redirect(try RedirectCallback(outputs)) },
        "ReCaptchaCallback": { .reCaptcha(ReCaptchaCallback($0)) },
        "ReCaptchaEnterpriseCallback": { .reCaptchaEnterprise(ReCaptchaCallback($0)) },
        "DeviceBindingCallback": { .deviceBinding(DeviceBindingCallback($0)) },
        "DeviceSigningVerifierCallback": { .deviceSigningVerifier(DeviceBindingCallback($0)) },
        "PingOneProtectInitializeCallback": { .pingOneProtectInitialize(PingOneProtectCallback($0)) },
        "PingOneProtectEvaluationCallback": { .pingOneProtectEvaluation(PingOneProtectCallback($0)) },
        "AppIntegrityCallback": { .appIntegrity(AppIntegrityCallback($0)) },
    ]


    static func kind(forType type: String, outputs: CallbackOutputs) -> CallbackKind {
        guard let read = readers[type] else {
            return .unknown(UnknownCallback(reason: "this client has no support for \(type)"))
        }
        do {
            return try read(outputs)
        } catch {
            return .unknown(UnknownCallback(reason: "\(type) could not be read: \(error)"))
        }
    }
}
