import Foundation
import Hummingbird

/// `demo-fields`: a sign-on form with every field the newest SDKs know beyond the plain ones, in
/// the shapes PingOne sends them: an AGREEMENT (`inputType` READ_ONLY_TEXT, a title and the text
/// to acknowledge by signing on), an IMAGE (a description, its address and a link), a plain
/// BUTTON (no `inputType`: the JavaScript SDK's ActionCollector fallback presses it as an
/// action), and a METADATA field of the SDK Integrator connector, which a client without the
/// integration module answers with an error object. Pressing the button shows a help form
/// whose button leads back.
enum FieldsFlow {
    static let metadataKey = "integration"
    static let helpKey = "help"

    static var fieldsForm: (name: String, description: String, fields: [[String: Any]], defaults: [String: Any]) {
        ("Fields", "Sign on; the form carries the newer field types.", [
            ["type": "AGREEMENT", "inputType": "READ_ONLY_TEXT", "key": "agreement", "titleEnabled": true, "title": "Terms of Service",
             "content": "By signing on you agree to the demo environment's terms of service.",
             "agreement": ["id": "6ff30c9e-cd98-4fe5-85ca-01111ca20702", "useDynamicAgreement": false], "enabled": true],
            ["type": "IMAGE", "key": "banner", "description": "The demo PingOne banner", "imageUrl": "https://example.com/demo-pingone/banner.png",
             "hyperlinkUrl": "https://example.com/demo-pingone"],
            ["type": "TEXT", "key": "username", "label": "Username", "required": true],
            ["type": "PASSWORD", "key": "password", "label": "Password", "required": true],
            ["type": "METADATA", "key": metadataKey, "payload": ["sessionToken": "demo-session-token", "purpose": "device-attestation"]],
            ["type": "SUBMIT_BUTTON", "key": "submit", "label": "Sign On"],
            ["type": "BUTTON", "key": helpKey, "label": "Get help"],
        ], ["username": "", "password": ""])
    }

    static var helpForm: (name: String, description: String, fields: [[String: Any]], defaults: [String: Any]) {
        ("Help", "What the demo knows.", [
            ["type": "LABEL", "content": "The demo environment's users and passwords are printed when journey serve or journey demo starts."],
            ["type": "SUBMIT_BUTTON", "key": "back", "label": "Back"],
        ], [:])
    }
}

extension FlowEngine {
    /// The fields form's answer: the button shows the help form; a sign-on needs the METADATA
    /// field answered with an object (a result or, without the module, an error) and a known
    /// user with the right password.
    func answerFields(_ values: [String: Any], action: String, in interaction: inout Interaction, base: String) async -> Response {
        if action == FieldsFlow.helpKey { return await show(.fieldHelp, in: &interaction, base: base) }
        guard values[FieldsFlow.metadataKey] is [String: Any] else {
            return fieldError(interaction, target: FieldsFlow.metadataKey, code: "INVALID_VALUE",
                              message: "must be an object: the integration's result, or its error {code, message}")
        }
        let username = (values["username"] as? String ?? "").trimmingCharacters(in: .whitespaces)
        guard let user = await users.user(username), user.password == values["password"] as? String, !user.isLocked else {
            return formError(interaction, " Invalid username and/or password", target: "password",
                             detail: "The provided password did not match provisioned password")
        }
        interaction.username = user.username
        return await finish(interaction, base: base)
    }
}
