import Orchestrate

extension BodySecrets {
    /// What is secret in a DaVinci answer besides the usual names: the interaction's token and
    /// the session token of a finished flow. (A form's password fields are hidden in requests
    /// through `HTTPRequest.secretBodyFields`, set from the form the answer is for.)
    public static let davinciFlows = BodySecrets(name: "DaVinci flows") { body in
        guard case .object(var object) = body else { return nil }
        var changed = false
        for key in ["interactionToken", "sessionToken"] {
            if let text = object[key]?.stringValue, !text.isEmpty {
                object[key] = .string(Redaction.token(text))
                changed = true
            }
        }
        return changed ? .object(object) : nil
    }
}
