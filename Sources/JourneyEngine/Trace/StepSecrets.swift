import Foundation
import Orchestrate

/// What is secret in a journey step: every input of a password field (whatever AM named it)
/// except its validate-only flag, a security answer, a social provider's token, a CAPTCHA token,
/// a one-time code typed into a text field, and the seed in an OTP registration URI. Traces hide them
/// (`BodySecrets.journeySteps`); `--answers` files leave them out.
public enum StepSecrets {
    /// Whether an input holds a secret.
    public static func isSecret(_ input: CallbackInput, of callback: Callback) -> Bool {
        switch callback.kind {
        case .password, .validatedPassword: input.suffix != "validateOnly"
        case .kbaCreate: input.suffix == "answer"
        case .idP, .reCaptchaEnterprise: input.suffix == "token"
        case .reCaptcha: input.suffix.isEmpty
        case .name(let name): Redaction.looksLikeCode(name.prompt) && input.suffix != "validateOnly"
        case .textInput(let field): Redaction.looksLikeCode(field.prompt)
        default: false
        }
    }

    /// A step body with its callbacks' secrets hidden, or nil when the body is not a step.
    static func hiding(in body: JSONValue) -> JSONValue? {
        guard case .object(var object) = body, let step = try? JourneyStep(json: body) else { return nil }
        object["callbacks"] = .array(step.callbacks.map(redacted))
        return .object(object)
    }

    private static func redacted(_ callback: Callback) -> JSONValue {
        var copy = callback
        for input in callback.inputs where isSecret(input, of: callback) {
            if input.value != .string("") { try? copy.setInput(role: input.suffix, to: .string(Redaction.marker)) }
        }
        guard case .hiddenValue(let hidden) = callback.kind, hidden.value.contains("secret=") else {
            return copy.wireValue
        }
        // An otpauth:// registration URI carries the OTP seed: hide it in output and input.
        let hide = { (text: String) in
            text.replacingOccurrences(of: #"secret=[^&]*"#, with: "secret=\(Redaction.marker)", options: .regularExpression)
        }
        var object = copy.wireValue.objectValue ?? [:]
        for key in ["output", "input"] {
            object[key] = .array((object[key]?.arrayValue ?? []).map { entry in
                guard var item = entry.objectValue, let text = item["value"]?.stringValue else { return entry }
                item["value"] = .string(hide(text))
                return .object(item)
            })
        }
        return .object(object)
    }
}

extension BodySecrets {
    /// A journey step's secret inputs and OTP seeds (`StepSecrets`).
    public static let journeySteps = BodySecrets(name: "journey steps", hide: StepSecrets.hiding)
}

extension RedactionRules {
    /// The rules for a journey client: AM's SSO cookie (also sent as a header), the profile's
    /// extra headers and query parameters, and journey steps' secrets.
    public init(server: ServerConfiguration) {
        self.init(cookieName: server.cookieName, headers: Set(server.extraHeaders.map(\.name)),
                  queryParameters: Set(server.extraQueryParameters.map(\.name)), bodySecrets: [.journeySteps])
    }

    /// The rules for journey traffic without a profile: the SSO cookie by `cookieName` and
    /// journey steps' secrets.
    public static func journey(cookieName: String = ServerConfiguration.defaultCookieName) -> RedactionRules {
        RedactionRules(cookieName: cookieName, bodySecrets: [.journeySteps])
    }
}
