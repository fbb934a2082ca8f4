import Orchestrate
/// `MetadataCallback`: data for the client, sent back unchanged. Its `data` says what it is for.
public struct MetadataCallback: Sendable, Hashable {
    public enum Purpose: Sendable, Hashable {
        /// AM 6.5.2 put the page's stage here.
        case stage(String)
        case webAuthnRegistration
        case webAuthnAuthentication
        case pingOneProtectInitialize
        case pingOneProtectEvaluation
        case other
    }

    public let data: JSONValue
    public let purpose: Purpose

    init(_ outputs: CallbackOutputs) {
        data = outputs["data"] ?? .null
        purpose = Self.purpose(of: data)
    }

    private static func purpose(of data: JSONValue) -> Purpose {
        let type = data["_type"]?.stringValue
        let action = data["_action"]?.stringValue
        if type == "PingOneProtect" {
            return action == "protect_risk_evaluation" ? .pingOneProtectEvaluation : .pingOneProtectInitialize
        }
        if type == "WebAuthn" || data["relyingPartyId"] != nil || data["_relyingPartyId"] != nil
            || data["pubKeyCredParams"] != nil || data["_pubKeyCredParams"] != nil {
            let registering = action == "webauthn_registration"
                || data["pubKeyCredParams"] != nil || data["_pubKeyCredParams"] != nil
            return registering ? .webAuthnRegistration : .webAuthnAuthentication
        }
        if let stage = data["stage"]?.stringValue, data.objectValue?.count == 1 {
            return .stage(stage)
        }
        return .other
    }
}
