import Foundation
import Orchestrate

/// Which collector a field is, keyed by its wire `type` the way callbacks are keyed on the
/// journey side: one line per type.
public enum CollectorRegistry {
    /// Collectors a terminal cannot answer, with why: the same honest fallback the journey
    /// side gives WebAuthn. (FIDO2 and PROTECT are answered as the SDKs answer them when the
    /// platform cannot: `CollectorKind.fido2`, `.protect`.)
    static let unsupportedTypes: [String: String] = [
        "FIDO2_REGISTRATION": "passkeys and security keys need a browser's or platform's authenticator",
        "FIDO2_AUTHENTICATION": "passkeys and security keys need a browser's or platform's authenticator",
    ]

    /// The kind of a field, as the Ping Android and iOS SDKs route it (CollectorFactory.kt,
    /// CollectorFactory.swift): by its `inputType` when it has one this client knows, else by its
    /// `type` (where those SDKs drop the field, the JavaScript SDK routes by `type` alone, so a
    /// known `type` still works). `type` then picks the style (a DROPDOWN or RADIO select, a
    /// FLOW_LINK). Any other `type` with BUTTON or LINK in it is a button that sends an action,
    /// as the JavaScript SDK's ActionCollector fallback presses it. `passwordPolicy` is the
    /// flow's, for PASSWORD_VERIFY without one of its own; `node` is the whole answer, where a
    /// POLLING field's challenge may sit.
    static func kind(of field: JSONValue, passwordPolicy: PasswordPolicy?, node: JSONValue?) -> CollectorKind {
        let type = field["type"]?.stringValue ?? ""
        if type == "SUBMIT_BUTTON" { return .button(.submit) }
        if let inputType = field["inputType"]?.stringValue, let kind = kind(routedBy: inputType, type: type, field, passwordPolicy, node) {
            return kind
        }
        if let kind = kind(routedBy: type, type: type, field, passwordPolicy, node) { return kind }
        if let reason = unsupportedTypes[type] { return .unsupported(reason: reason) }
        if type.contains("BUTTON") || type.contains("LINK") { return .button(type.contains("LINK") ? .link : .action) }
        return .unknown
    }

    /// The kind `route` (an `inputType`, or a `type`) names; nil when it names none.
    private static func kind(routedBy route: String, type: String, _ field: JSONValue, _ passwordPolicy: PasswordPolicy?,
                             _ node: JSONValue?) -> CollectorKind? {
        switch route {
        case "TEXT": return .text(validation(of: field))
        case "PASSWORD": return .password(PasswordPolicy(json: field["passwordPolicy"]), verify: false)
        case "PASSWORD_VERIFY": return .password(PasswordPolicy(json: field["passwordPolicy"]) ?? passwordPolicy, verify: true)
        case "SUBMIT_BUTTON": return .button(.submit)
        case "ACTION", "FLOW_BUTTON": return .button(type.contains("LINK") ? .link : .action)
        case "FLOW_LINK": return .button(.link)
        case "LABEL": return .label
        case "READ_ONLY_TEXT", "AGREEMENT":
            return .readOnlyText(title: field["titleEnabled"]?.boolValue == true ? field["title"]?.stringValue : nil)
        case "IMAGE":
            return .image(address: field["imageUrl"]?.stringValue.flatMap(URL.init(string:)),
                          link: field["hyperlinkUrl"]?.stringValue.flatMap(URL.init(string:)))
        case "METADATA": return .metadata
        case "QR_CODE":
            let content = field["content"]?.stringValue ?? ""
            return .qrCode(scannable: content.isEmpty || isDataURI(content) ? nil : content, fallbackText: field["fallbackText"]?.stringValue ?? "")
        case "ERROR_DISPLAY": return .errorDisplay
        case "SINGLE_SELECT", "DROPDOWN", "RADIO":
            return .singleSelect(options(of: field), style: type == "DROPDOWN" ? .dropdown : type == "RADIO" ? .radio : .list)
        case "MULTI_SELECT", "CHECKBOX", "COMBOBOX":
            return .multiSelect(options(of: field), style: type == "CHECKBOX" ? .checkbox : type == "COMBOBOX" ? .combobox : .list)
        case "BOOLEAN", "SINGLE_CHECKBOX": return .checkbox(errorMessage: field["errorMessage"]?.stringValue)
        case "PHONE_NUMBER":
            let extensionLabel = field["showExtension"]?.boolValue == true ? field["extensionLabel"]?.stringValue ?? "Extension" : nil
            return .phoneNumber(defaultCountryCode: field["defaultCountryCode"]?.stringValue, extensionLabel: extensionLabel)
        case "DEVICE_REGISTRATION": return .devices(devices(of: field, registering: true), registering: true)
        case "DEVICE_AUTHENTICATION": return .devices(devices(of: field, registering: false), registering: false)
        case "POLLING": return .polling(Polling(field: field, node: node))
        case "FIDO2": return .fido2(registering: field["action"]?.stringValue == "REGISTER")
        case "PROTECT": return .protect
        case "SOCIAL_LOGIN_BUTTON": return .socialLogin(url: field["links"]?["authenticate"]?["href"]?.stringValue.flatMap(URL.init(string:)))
        default: return nil
        }
    }

    /// Whether a field's `content` is an image inlined as a `data:` URI: never text to show.
    static func isDataURI(_ content: String) -> Bool {
        content.prefix(5).lowercased() == "data:"
    }

    private static func validation(of field: JSONValue) -> TextValidation? {
        guard let pattern = field["validation"]?["regex"]?.stringValue, !pattern.isEmpty else { return nil }
        return TextValidation(pattern: pattern, message: field["validation"]?["errorMessage"]?.stringValue ?? "The value is not valid.")
    }

    private static func options(of field: JSONValue) -> [CollectorOption] {
        (field["options"]?.arrayValue ?? []).compactMap { option in
            if let text = option.stringValue { return CollectorOption(label: text, value: text) }
            guard let value = option["value"]?.stringValue else { return nil }
            return CollectorOption(label: option["label"]?.stringValue ?? value, value: value)
        }
    }

    private static func devices(of field: JSONValue, registering: Bool) -> [CollectorDevice] {
        // Older servers (and an older Android SDK) list them as `devices`.
        (field["options"]?.arrayValue ?? field["devices"]?.arrayValue ?? []).compactMap { device in
            guard let type = device["type"]?.stringValue else { return nil }
            let value = registering ? type : device["id"]?.stringValue ?? type
            return CollectorDevice(value: value, type: type, title: device["title"]?.stringValue ?? device["name"]?.stringValue ?? type,
                                   description: device["description"]?.stringValue, isDefault: device["default"]?.boolValue ?? false)
        }
    }
}
