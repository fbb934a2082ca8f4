import Orchestrate

extension BodySecrets {
    /// What is secret in a DaVinci answer besides the usual names: the interaction's token, the
    /// session token of a finished flow, and a QR_CODE's content and manual key (an
    /// authenticator's seed). (A form's password fields are hidden in requests through
    /// `HTTPRequest.secretBodyFields`, set from the form the answer is for.)
    public static let davinciFlows = BodySecrets(name: "DaVinci flows") { body in
        guard case .object(var object) = body else { return nil }
        var changed = false
        for key in ["interactionToken", "sessionToken"] {
            if let text = object[key]?.stringValue, !text.isEmpty {
                object[key] = .string(Redaction.token(text))
                changed = true
            }
        }
        if case .object(var form)? = object["form"], case .object(var components)? = form["components"],
           case .array(let fields)? = components["fields"], fields.contains(where: { $0["type"]?.stringValue == "QR_CODE" }) {
            components["fields"] = .array(fields.map(hidingQRCode))
            form["components"] = .object(components)
            object["form"] = .object(form)
            changed = true
        }
        return changed ? .object(object) : nil
    }

    private static func hidingQRCode(_ field: JSONValue) -> JSONValue {
        guard field["type"]?.stringValue == "QR_CODE", case .object(var object) = field else { return field }
        for key in ["content", "fallbackText"] where object[key]?.stringValue?.isEmpty == false {
            object[key] = .string(Redaction.marker)
        }
        return .object(object)
    }
}
