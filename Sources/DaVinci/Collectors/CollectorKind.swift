import Foundation
import Orchestrate

/// What a collector is, by its wire `type` (`CollectorRegistry`), with what it needs to be shown
/// and answered.
public enum CollectorKind: Sendable, Hashable {
    /// TEXT, with the field's own pattern when it has one.
    case text(TextValidation?)
    /// PASSWORD; PASSWORD_VERIFY (`verify`) asks twice and shows the flow's password policy.
    case password(PasswordPolicy?, verify: Bool)
    /// DROPDOWN, RADIO, SINGLE_SELECT: one of the options.
    case singleSelect([CollectorOption], style: SelectStyle)
    /// CHECKBOX, COMBOBOX, MULTI_SELECT: any of the options.
    case multiSelect([CollectorOption], style: SelectStyle)
    /// SINGLE_CHECKBOX (`inputType` BOOLEAN): one box to tick, sent as a JSON boolean; a
    /// required one must be ticked, and `errorMessage` says so.
    case checkbox(errorMessage: String?)
    /// PHONE_NUMBER: a country calling code and a number, and an extension when the field
    /// asks for one (`showExtension`; `extensionLabel` names it, "Extension" by default).
    case phoneNumber(defaultCountryCode: String?, extensionLabel: String? = nil)
    /// DEVICE_REGISTRATION (pick a kind of device to add) and DEVICE_AUTHENTICATION (pick one of
    /// the person's devices).
    case devices([CollectorDevice], registering: Bool)
    /// SUBMIT_BUTTON, ACTION, FLOW_BUTTON, FLOW_LINK: pressing it sends the form.
    case button(ButtonStyle)
    /// SOCIAL_LOGIN_BUTTON: sign in at an identity provider, in a browser.
    case socialLogin(url: URL?)
    /// QR_CODE: a code to scan, read-only. `scannable` is its `content` when that is text (an
    /// `otpauth://` URI) a terminal can draw as a QR code, nil when it is an image (a `data:`
    /// URI); `fallbackText` is what to type by hand instead (the manual key).
    case qrCode(scannable: String?, fallbackText: String)
    /// POLLING: the flow waits for something done elsewhere (an approval on a phone). Nothing is
    /// typed: the client waits `interval` and submits the form (continue polling), or asks the
    /// challenge's status until it is done (challenge polling), at most `retries` times.
    case polling(Polling)
    /// LABEL: text to read.
    case label
    /// AGREEMENT (`inputType` READ_ONLY_TEXT): text to read and acknowledge by sending the form,
    /// with its title when `titleEnabled`. It sends nothing, as no SDK sends a value for it.
    case readOnlyText(title: String?)
    /// IMAGE: a picture a terminal shows by its description and address, with the link it
    /// opens (`hyperlinkUrl`) when it has one. It sends nothing.
    case image(address: URL?, link: URL?)
    /// METADATA: a step of the SDK Integrator connector, which an app's integration module
    /// answers with its result or an error. This client has no such module: it answers with the
    /// error ``metadataUnavailable``, in an action, as the JavaScript SDK sends a METADATA node.
    case metadata
    /// ERROR_DISPLAY: where the flow's error goes; the form shows errors itself.
    case errorDisplay
    /// FIDO2 (`action` REGISTER or AUTHENTICATE): a passkey a terminal has no authenticator
    /// for. Pressing it sends the WebAuthn error the SDKs send when the platform cannot
    /// (``fido2Unavailable``) as an action, so the flow takes its fallback branch.
    case fido2(registering: Bool)
    /// PROTECT: device signals for PingOne Protect. Sent as `""` (no signals), as the JavaScript
    /// SDK sends it without its Protect module (the Android and iOS SDKs leave the key out); it
    /// never stops the flow.
    case protect
    /// A collector a terminal cannot answer: shown with why and left out of the answer; it
    /// stops the flow only when required.
    case unsupported(reason: String)
    /// A type this client does not know: shown read-only with its label and key.
    case unknown

    /// How a select is shown.
    public enum SelectStyle: String, Sendable, Hashable {
        case dropdown, radio, checkbox, combobox, list
    }

    /// How a button is shown and what it sends.
    public enum ButtonStyle: String, Sendable, Hashable {
        /// SUBMIT_BUTTON: `eventType` "submit"; the form's default button.
        case submit
        /// ACTION, FLOW_BUTTON: `eventType` "action".
        case action
        /// FLOW_LINK: `eventType` "action", drawn as a link.
        case link
    }

    /// The `eventType` pressing this collector sends, or nil when it is not an action.
    public var action: String? {
        switch self {
        case .button(.submit): "submit"
        case .button(.action), .button(.link): "action"
        case .socialLogin: "submit"
        case .fido2: "action"
        default: nil
        }
    }

    /// What a METADATA field is answered with by a client without the SDK integration module: an
    /// error in the JavaScript SDK's shape (`MetadataError`, `{code, message}`).
    public static let metadataUnavailable: JSONValue = .object([
        "code": .string("Unsupported"), "message": .string("This client has no module for the SDK Integrator connector."),
    ])

    /// The WebAuthn error a FIDO2 collector is answered with: what a browser reports when no
    /// authenticator can answer, and what the JavaScript SDK passes on as the action.
    public static let fido2Unavailable = "NotAllowedError"

    /// Whether pressing it leaves the form without its answers: links, flow buttons, a FIDO2
    /// collector (its error goes alone) and a social sign-on button (the browser takes over).
    public var leavesForm: Bool {
        switch self {
        case .button(.link), .button(.action), .fido2, .socialLogin: true
        default: false
        }
    }

    /// Whether the person types or picks a value for it (as opposed to reading or pressing).
    public var collectsInput: Bool {
        switch self {
        case .text, .password, .singleSelect, .multiSelect, .checkbox, .phoneNumber, .devices: true
        default: false
        }
    }

    /// Whether its value goes into `formData`: what the person gives, and what this client
    /// answers by itself (PROTECT's empty signals, METADATA's error).
    var sendsValue: Bool {
        switch self {
        case .protect, .metadata: true
        default: collectsInput
        }
    }

    /// Whether a refused answer empties it, as the SDKs clear passwords after each submit.
    var clearsOnRefusal: Bool {
        if case .password = self { return true }
        return false
    }

    /// The value to start from, given the form's default (`formData.value[key]`).
    func initialValue(_ given: JSONValue?) -> CollectorValue {
        switch self {
        case .text: .text(given?.stringValue ?? "")
        case .password: .password("", confirmation: "")
        case .singleSelect: .choice(given?.stringValue ?? "")
        case .multiSelect: .choices(given?.arrayValue?.compactMap(\.stringValue) ?? given?.stringValue.map { [$0] }.flatMap { $0 == [""] ? [] : $0 } ?? [])
        case .checkbox: .checked(given?.boolValue ?? false)
        case .phoneNumber(let country, let extensionLabel):
            .phone(countryCode: given?["countryCode"]?.stringValue ?? country ?? "", number: given?["phoneNumber"]?.stringValue ?? "",
                   extension: extensionLabel == nil ? nil : given?["extension"]?.stringValue ?? "")
        case .devices(let devices, _): .device(devices.first(where: \.isDefault)?.value ?? "")
        default: .none
        }
    }
}

/// One option of a select: what is shown and what is sent.
public struct CollectorOption: Sendable, Hashable {
    public let label: String
    public let value: String

    public init(label: String, value: String) {
        self.label = label
        self.value = value
    }
}

/// One device a DEVICE_REGISTRATION or DEVICE_AUTHENTICATION collector offers.
public struct CollectorDevice: Sendable, Hashable {
    /// What is sent: the device's `id` when it has one (authentication), else its `type`.
    public let value: String
    public let type: String
    public let title: String
    public let description: String?
    public let isDefault: Bool

    public init(value: String, type: String, title: String, description: String?, isDefault: Bool) {
        self.value = value
        self.type = type
        self.title = title
        self.description = description
        self.isDefault = isDefault
    }
}

/// A TEXT field's own check: a regular expression and the message when it does not match.
public struct TextValidation: Sendable, Hashable {
    public let pattern: String
    public let message: String

    public init(pattern: String, message: String) {
        self.pattern = pattern
        self.message = message
    }

    /// The longest pattern and text checked here; longer ones are left to the server.
    static let longestPattern = 512
    static let longestText = 256

    /// Whether the text matches. The pattern comes from the server and runs on a backtracking
    /// engine, so patterns that could take exponential time (a quantified group holding a
    /// quantifier, such as `(a+)+`), invalid ones and long inputs are not checked here and
    /// accept everything: the server checks again.
    public func accepts(_ text: String) -> Bool {
        guard pattern.count <= Self.longestPattern, text.count <= Self.longestText, !Self.nestsQuantifiers(pattern),
              let expression = try? NSRegularExpression(pattern: pattern) else { return true }
        return expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// Whether a group that holds a quantifier (`*`, `+`, `?`, `{`) is itself quantified.
    static func nestsQuantifiers(_ pattern: String) -> Bool {
        var groupsWithQuantifier: [Bool] = []
        var escaped = false
        var previousClosedQuantifiedGroup = false
        for character in pattern {
            if escaped {
                escaped = false
                continue
            }
            let closedBefore = previousClosedQuantifiedGroup
            previousClosedQuantifiedGroup = false
            switch character {
            case "\\": escaped = true
            case "(": groupsWithQuantifier.append(false)
            case ")": previousClosedQuantifiedGroup = groupsWithQuantifier.popLast() ?? false
            case "*", "+", "?", "{":
                if closedBefore { return true }
                if !groupsWithQuantifier.isEmpty { groupsWithQuantifier[groupsWithQuantifier.count - 1] = true }
            default: break
            }
        }
        return false
    }
}
