import Orchestrate

/// One field of a DaVinci form (`form.components.fields[]`), as the SDKs call it: a collector.
/// Its `kind` is looked up by the wire `type` (`CollectorRegistry`); what the person gives is
/// its `value`, which `DaVinciStep.submission` writes into `formData` under its `key`.
public struct Collector: Sendable, Hashable {
    /// The wire `type`, e.g. `TEXT`, `PASSWORD_VERIFY`, `FLOW_LINK`.
    public let type: String
    /// Where its value goes in `formData`, or which button was pressed (`actionKey`).
    public let key: String?
    /// What the person reads: the field's label, a label's content, a button's text; a
    /// LABEL's rich content with each link's address after its text; never a QR code's
    /// content or an image's `data:` URI.
    public let label: String
    public let isRequired: Bool
    public let kind: CollectorKind
    /// The person's answer; starts from the form's `formData.value` when the flow gave one.
    public var value: CollectorValue
    /// The field as PingOne sent it.
    public let wire: JSONValue

    /// `node` is the whole answer the field came in (a POLLING field's challenge may sit there).
    public init(wire: JSONValue, defaults: JSONValue?, passwordPolicy: PasswordPolicy?, node: JSONValue? = nil) {
        self.wire = wire
        type = wire["type"]?.stringValue ?? ""
        key = wire["key"]?.stringValue
        isRequired = wire["required"]?.boolValue ?? false
        kind = CollectorRegistry.kind(of: wire, passwordPolicy: passwordPolicy, node: node)
        let content = type == "QR_CODE" ? nil : wire["content"]?.stringValue.flatMap { CollectorRegistry.isDataURI($0) ? nil : $0 }
        let richText = ["LABEL", "SINGLE_CHECKBOX"].contains(type) ? RichContent.text(of: wire["richContent"]) : nil
        label = richText ?? wire["label"]?.stringValue ?? content ?? wire["description"]?.stringValue ?? ""
        value = kind.initialValue(key.flatMap { defaults?[$0] })
    }

    /// The value as `formData` carries it, or nil when the collector sends nothing (buttons,
    /// labels, an empty list or phone number): a string; the chosen values; a ticked box as
    /// `true` or `false`, a JSON boolean as the SDKs send it; a phone number as
    /// `{countryCode, phoneNumber}`, with `extension` when the field has one; a device to
    /// register by its type, one to authenticate with
    /// as `{type, id, description}`; PROTECT without signals as `""`, METADATA with the error of
    /// a client without the integration module.
    public var formValue: JSONValue? {
        switch (value, kind) {
        case (_, .protect): return .string("")
        case (_, .metadata): return CollectorKind.metadataUnavailable
        case (.none, _): return nil
        case (.text(let text), _), (.password(let text, _), _), (.choice(let text), _): return .string(text)
        case (.choices(let values), _): return values.isEmpty ? nil : .array(values.map(JSONValue.string))
        case (.checked(let checked), _): return .bool(checked)
        case (.phone(let country, let number, let phoneExtension), _):
            guard !country.isEmpty, !number.isEmpty else { return nil }
            var phone: JSONObject = ["countryCode": .string(country), "phoneNumber": .string(number)]
            if let phoneExtension { phone["extension"] = .string(phoneExtension) }
            return .object(phone)
        case (.device(let chosen), .devices(let devices, let registering)):
            guard let device = devices.first(where: { $0.value == chosen }) else { return nil }
            if registering { return .string(device.type) }
            return .object(["type": .string(device.type), "id": .string(device.value), "description": .string(device.description ?? "")])
        case (.device, _): return nil
        }
    }

    /// What is wrong with the value before it is sent, or nil: a required field left empty or
    /// that this client cannot answer, a text that does not match the field's pattern, a
    /// password outside its policy (each rule it breaks) or not typed the same twice.
    public func problem() -> String? {
        let name = TerminalText.line(label.isEmpty ? key ?? type : label)
        if isRequired {
            switch kind {
            case .unsupported(let reason): return "\(name) is required, and a terminal cannot answer it: \(reason)."
            case .unknown: return "\(name) is required, and this client cannot answer a \(TerminalText.line(type)) field."
            default: break
            }
        }
        if isRequired, value.isEmpty, kind.collectsInput {
            if case .checkbox(let message?) = kind, !message.isEmpty { return TerminalText.line(message) }
            return "\(name) is required."
        }
        switch (kind, value) {
        case (.text(let validation?), .text(let text)) where !text.isEmpty:
            return validation.accepts(text) ? nil : TerminalText.line(validation.message)
        case (.password(let policy, let verify), .password(let text, let confirmation)):
            if verify, text != confirmation { return "The two passwords are not the same." }
            let broken = text.isEmpty ? [] : policy?.problems(with: text) ?? []
            return broken.isEmpty ? nil : broken.joined(separator: " ")
        case (.phoneNumber, .phone(let country, let number, _)) where !number.isEmpty:
            return number.allSatisfy({ $0.isNumber || " -().".contains($0) }) && !country.isEmpty ? nil : "Enter a phone number with its country code."
        default:
            return nil
        }
    }
}
