/// One callback of a page before it is numbered: its type, outputs and input slots.
///
/// Every journey builds its callbacks with the factory methods below, so the JSON shapes live in
/// one place. Input values are the ones the client sees first; their JSON type is also the type
/// the server insists on when the client answers (see ``Answers``).
struct Callback: Sendable {
    /// An input slot: the suffix after `IDToken<N>` and its current value.
    struct Input: Sendable {
        let suffix: String
        let value: JSONValue
    }

    let type: String
    let outputs: [(key: String, value: JSONValue)]
    let inputs: [Input]
    /// Whether what comes back in it is a secret whatever its type (a one-time code typed into
    /// a `NameCallback`): a page shown again never sends it back. Not part of the wire form.
    var holdsSecret = false

    /// AM's input name: `IDToken` + the callback's 1-based position in the step + a suffix.
    static func inputName(position: Int, suffix: String = "") -> String {
        "IDToken\(position)\(suffix)"
    }

    /// The wire form at `position` (1-based): `{"type","output","input","_id"}`; `input` is left
    /// out for output-only callbacks, as AM does.
    func json(position: Int) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("type", .string(type)),
            ("output", .array(outputs.map { .object([("name", .string($0.key)), ("value", $0.value)]) })),
        ]
        if !inputs.isEmpty {
            members.append(
                ("input", .array(inputs.map {
                    .object([("name", .string(Self.inputName(position: position, suffix: $0.suffix))), ("value", $0.value)])
                }))
            )
        }
        members.append(("_id", .int(position - 1)))
        return .object(members)
    }
}

// MARK: - Factories

extension Callback {
    /// `TextOutputCallback` / `ConfirmationCallback` message types.
    enum MessageType: Int, Sendable {
        case information = 0
        case warning = 1
        case error = 2
    }

    /// `secret`: what is typed is a code, never sent back (an OATH verification code).
    static func name(prompt: String, secret: Bool = false) -> Callback {
        Callback(type: "NameCallback", outputs: [("prompt", .string(prompt))], inputs: [Input(suffix: "", value: "")], holdsSecret: secret)
    }

    static func password(prompt: String) -> Callback {
        Callback(type: "PasswordCallback", outputs: [("prompt", .string(prompt))], inputs: [Input(suffix: "", value: "")])
    }

    /// `messageType` is a string here, unlike in ``confirmation(options:selected:)``.
    static func textOutput(_ message: String, type: MessageType = .information) -> Callback {
        Callback(type: "TextOutputCallback", outputs: [("message", .string(message)), ("messageType", .string(String(type.rawValue)))], inputs: [])
    }

    static func suspendedTextOutput(_ message: String) -> Callback {
        Callback(type: "SuspendedTextOutputCallback", outputs: [("message", .string(message)), ("messageType", "0")], inputs: [])
    }

    static func choice(prompt: String, choices: [String], defaultChoice: Int) -> Callback {
        Callback(
            type: "ChoiceCallback",
            outputs: [("prompt", .string(prompt)), ("choices", .array(choices.map(JSONValue.string))), ("defaultChoice", .int(defaultChoice))],
            inputs: [Input(suffix: "", value: .int(defaultChoice))]
        )
    }

    /// An information confirmation with custom `options` (`optionType` -1) and the given preselected value.
    static func confirmation(options: [String], selected: Int) -> Callback {
        Callback(
            type: "ConfirmationCallback",
            outputs: [
                ("prompt", ""), ("messageType", .int(MessageType.information.rawValue)),
                ("options", .array(options.map(JSONValue.string))), ("optionType", -1), ("defaultOption", 0),
            ],
            inputs: [Input(suffix: "", value: .int(selected))]
        )
    }

    /// `waitTime` is in milliseconds, as a string.
    static func pollingWait(_ waitTime: Duration, message: String) -> Callback {
        Callback(type: "PollingWaitCallback", outputs: [("waitTime", .string(String(waitTime.inMilliseconds))), ("message", .string(message))], inputs: [])
    }

    /// AM's CAPTCHA node: the site key, the widget's script and element class, whether it is
    /// reCAPTCHA v3, and one input for the token.
    static func reCaptcha(siteKey: String, apiURI: String, divClass: String, v3: Bool) -> Callback {
        Callback(
            type: "ReCaptchaCallback",
            outputs: [("recaptchaSiteKey", .string(siteKey)), ("captchaApiUri", .string(apiURI)), ("captchaDivClass", .string(divClass)), ("reCaptchaV3", .bool(v3))],
            inputs: [Input(suffix: "", value: "")]
        )
    }

    /// AM's reCAPTCHA Enterprise node: the site key, the widget's script and element class; the
    /// token, the action, a client error and a payload come back.
    static func reCaptchaEnterprise(siteKey: String, apiURI: String, divClass: String) -> Callback {
        Callback(
            type: "ReCaptchaEnterpriseCallback",
            outputs: [("recaptchaSiteKey", .string(siteKey)), ("captchaApiUri", .string(apiURI)), ("captchaDivClass", .string(divClass))],
            inputs: ["token", "action", "clientError", "payload"].map { Input(suffix: $0, value: "") }
        )
    }

    /// The input starts out holding the id, as AM sends it.
    static func hiddenValue(id: String, value: String) -> Callback {
        Callback(type: "HiddenValueCallback", outputs: [("value", .string(value)), ("id", .string(id))], inputs: [Input(suffix: "", value: .string(id))])
    }

    static func validatedCreateUsername(prompt: String, policies: JSONValue, failed: [JSONValue], value: String) -> Callback {
        Callback(
            type: "ValidatedCreateUsernameCallback",
            outputs: [("policies", policies), ("failedPolicies", .array(failed)), ("validateOnly", false), ("prompt", .string(prompt))],
            inputs: validatedInputs(.string(value))
        )
    }

    static func validatedCreatePassword(prompt: String, policies: JSONValue, failed: [JSONValue], value: String) -> Callback {
        Callback(
            type: "ValidatedCreatePasswordCallback",
            outputs: [("echoOn", false), ("policies", policies), ("failedPolicies", .array(failed)), ("validateOnly", false), ("prompt", .string(prompt))],
            inputs: validatedInputs(.string(value))
        )
    }

    /// A `StringAttributeInputCallback` for a string value, `BooleanAttributeInputCallback` for a boolean.
    static func attribute(name: String, prompt: String, required: Bool, policies: JSONValue, failed: [JSONValue], value: JSONValue) -> Callback {
        let type: String
        if case .bool = value {
            type = "BooleanAttributeInputCallback"
        } else {
            type = "StringAttributeInputCallback"
        }
        return Callback(
            type: type,
            outputs: [
                ("name", .string(name)), ("prompt", .string(prompt)), ("required", .bool(required)), ("policies", policies),
                ("failedPolicies", .array(failed)), ("validateOnly", false), ("value", value),
            ],
            inputs: validatedInputs(value)
        )
    }

    static func kbaCreate(prompt: String, questions: [String], question: String, answer: String) -> Callback {
        Callback(
            type: "KbaCreateCallback",
            outputs: [("prompt", .string(prompt)), ("predefinedQuestions", .array(questions.map(JSONValue.string))), ("allowUserDefinedQuestions", true)],
            inputs: [Input(suffix: "question", value: .string(question)), Input(suffix: "answer", value: .string(answer))]
        )
    }

    static func termsAndConditions(version: String, terms: String, createDate: String, accepted: Bool) -> Callback {
        Callback(
            type: "TermsAndConditionsCallback",
            outputs: [("version", .string(version)), ("terms", .string(terms)), ("createDate", .string(createDate))],
            inputs: [Input(suffix: "", value: .bool(accepted))]
        )
    }

    /// `SelectIdPCallback`: each provider with the name its button shows; AM lists
    /// `localAuthentication` without a `uiConfig`.
    static func selectIdP(providers: [(name: String, buttonDisplayName: String?)]) -> Callback {
        let list: [JSONValue] = providers.map { provider in
            guard let display = provider.buttonDisplayName else { return .object([("provider", .string(provider.name))]) }
            return .object([("provider", .string(provider.name)), ("uiConfig", .object([("buttonDisplayName", .string(display))]))])
        }
        return Callback(type: "SelectIdPCallback", outputs: [("providers", .array(list)), ("value", "")], inputs: [Input(suffix: "", value: "")])
    }

    /// `RedirectCallback` to `url` with GET, as AM's Social Provider Handler node sends a browser
    /// client to a provider; it has no inputs.
    static func redirect(to url: String) -> Callback {
        Callback(type: "RedirectCallback", outputs: [("redirectUrl", .string(url)), ("redirectMethod", "GET"), ("trackingCookie", false)], inputs: [])
    }

    private static func validatedInputs(_ value: JSONValue) -> [Input] {
        [Input(suffix: "", value: value), Input(suffix: "validateOnly", value: false)]
    }
}

extension Callback {
    /// This callback as the client sent it back at `index` (0-based) of the page: each input
    /// holding the value sent, so a page shown again keeps what was typed; but a secret (a
    /// password, a one-time code, a security answer) is never sent back, as AM sends none.
    func answered(by answers: Answers, at index: Int) -> Callback {
        Callback(type: type, outputs: outputs, inputs: inputs.map { input in
            if isSecret(input) { return input }
            return Input(suffix: input.suffix, value: answers.value(index, input.suffix) ?? input.value)
        }, holdsSecret: holdsSecret)
    }

    /// Whether the input holds a secret: a password's (or a one-time code's), a security answer,
    /// a CAPTCHA token.
    func isSecret(_ input: Input) -> Bool {
        if holdsSecret { return true }
        return switch type {
        case "PasswordCallback", "ValidatedCreatePasswordCallback", "ReCaptchaCallback": input.suffix.isEmpty
        case "KbaCreateCallback": input.suffix == "answer"
        case "ReCaptchaEnterpriseCallback": input.suffix == "token"
        default: false
        }
    }
}
