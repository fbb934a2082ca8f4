/// The demo's device checks, as a PingOne flow with PingOne Protect and a FIDO2 connector lays
/// them out: a form carrying a PROTECT field (the device signals an SDK's Protect module would
/// fill in), then a form asking for a passkey (FIDO2, `AUTHENTICATE`). The flow's fallback
/// branch, taken on the WebAuthn error an SDK sends as the action when the platform cannot,
/// leads to a one-time code.
enum DeviceChecks {
    static let signalsKey = "protectsdk"
    static let passkeyKey = "fido2"

    /// The errors WebAuthn reports (`DOMException` names), which the SDKs send as the `actionKey`.
    static let webAuthnErrors: Set<String> = [
        "NotAllowedError", "AbortError", "InvalidStateError", "NotSupportedError", "SecurityError", "TimeoutError", "UnknownError",
    ]

    static func fields(of form: FormID) -> (name: String, description: String, fields: [[String: Any]], defaults: [String: Any]) {
        switch form {
        case .passkey:
            return ("Passkey", "Sign on with a passkey.", [
                ["type": "FIDO2", "key": passkeyKey, "label": "Sign on with a passkey", "action": "AUTHENTICATE", "trigger": "BUTTON",
                 "required": true,
                 "publicKeyCredentialRequestOptions": [
                    "challenge": [Int](repeating: 7, count: 32), "timeout": 60000, "rpId": "127.0.0.1", "userVerification": "preferred",
                    "allowCredentials": [[String: Any]](),
                 ]],
            ], [:])
        default:
            return ("Device check", "Checking the device you sign on from.", [
                ["type": "PROTECT", "key": signalsKey, "behavioralDataCollection": true, "universalDeviceIdentification": false],
                ["type": "LABEL", "content": "PingOne Protect looks at this device's signals before the passkey."],
                ["type": "SUBMIT_BUTTON", "key": "submit", "label": "Continue"],
            ], [:])
        }
    }

    /// What is wrong with the device check's answer, or nil. As PingOne does, signals may be
    /// absent or empty (a client without the Protect module): the risk is then judged without
    /// them. Present, they are the Protect SDK's text.
    static func signalsProblem(_ values: [String: Any]) -> String? {
        guard let signals = values[signalsKey] else { return nil }
        return signals is String ? nil : "must be the Protect SDK's signals as text"
    }
}
