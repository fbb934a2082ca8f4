import Foundation
import HTTPTypes
import Hummingbird

/// The demo's flows for the shapes a real PingOne flow takes beyond plain forms:
/// `demo-details` and `demo-session-only` show a form with a LABEL whose rich content holds a
/// link and a PHONE_NUMBER with an extension (with a username and password), then a node with
/// a `next` link and no form (PingOne sends one when a flow passes a node without a screen),
/// then the end: an authorization code, or for `demo-session-only` a `session` alone.
/// `demo-redirect` answers the authorize request with a redirect to PingOne's hosted pages.
enum DetailsFlow {
    static let termsAddress = "https://example.com/demo-pingone/terms"

    static var contactForm: (name: String, description: String, fields: [[String: Any]], defaults: [String: Any]) {
        ("Contact details", "Sign on, and say where to call you.", [
            ["type": "LABEL", "content": "Read the terms of use before you go on.",
             "richContent": ["content": "Read the {{terms}} before you go on.",
                             "replacements": ["terms": ["type": "link", "value": "terms of use", "href": termsAddress, "target": "_blank"]]]],
            ["type": "TEXT", "key": "username", "label": "Username", "required": true],
            ["type": "PASSWORD", "key": "password", "label": "Password", "required": true],
            ["type": "PHONE_NUMBER", "key": "workPhone", "label": "Work phone", "defaultCountryCode": "US", "required": true,
             "validatePhoneNumber": true, "showExtension": true, "extensionLabel": "Extension"],
            ["type": "SUBMIT_BUTTON", "key": "submit", "label": "Continue"],
        ], ["username": "", "password": "", "workPhone": ["countryCode": "US", "phoneNumber": "", "extension": ""]])
    }
}

extension FlowEngine {
    /// `demo-redirect`: a 302 to the hosted sign-on page instead of a form as JSON.
    func hostedSignOnRedirect(base: String) -> Response {
        Response(status: .found, headers: [.location: "\(base)/\(configuration.environmentId)/signon/?flowExecutionId=\(RandomID.hex(8))"])
    }

    /// The contact form's answer: a known user with the right password, and the work phone in
    /// the shape the SDKs send when the field shows an extension (`extension` beside
    /// `countryCode` and `phoneNumber`). Then the node without a form.
    func answerContactDetails(_ values: [String: Any], in interaction: inout Interaction, base: String) async -> Response {
        let username = (values["username"] as? String ?? "").trimmingCharacters(in: .whitespaces)
        guard let user = await users.user(username), user.password == values["password"] as? String, !user.isLocked else {
            return formError(interaction, " Invalid username and/or password", target: "password",
                             detail: "The provided password did not match provisioned password")
        }
        guard let phone = values["workPhone"] as? [String: Any], phone["countryCode"] is String,
              !(phone["phoneNumber"] as? String ?? "").isEmpty else {
            return fieldError(interaction, target: "workPhone", code: "INVALID_VALUE", message: "must be an object with countryCode and phoneNumber")
        }
        guard phone["extension"] is String else {
            return fieldError(interaction, target: "workPhone", code: "INVALID_VALUE", message: "must carry its extension (the field shows one)")
        }
        interaction.username = user.username
        interaction.isFormless = true
        interaction.nodeId = RandomID.hex(5)
        await interactions.update(interaction)
        return WireJSON.response([
            "interactionId": interaction.id, "interactionToken": interaction.token,
            "_links": ["next": ["href": "\(base)/\(configuration.environmentId)/davinci/connections/\(connectionId)/capabilities/customForm"]],
            "eventName": "continue", "id": interaction.nodeId, "companyId": configuration.environmentId, "flowId": flowId,
            "connectionId": connectionId, "capabilityName": "createSession", "isResponseCompatibleWithMobileAndWebSdks": true, "success": true,
        ])
    }

    /// The empty answer to the node without a form: the end of the flow.
    func continueFormless(in interaction: inout Interaction, base: String) async -> Response {
        guard interaction.endsWithSessionOnly else { return await finish(interaction, base: base) }
        await interactions.end(interaction.id)
        return WireJSON.response([
            "interactionId": interaction.id, "companyId": configuration.environmentId, "connectionId": connectionId,
            "connectorId": "pingOneAuthenticationConnector", "id": interaction.nodeId, "capabilityName": "setSession",
            "environment": ["id": configuration.environmentId], "session": ["id": RandomID.uuid()], "status": "COMPLETED", "success": true,
            "interactionToken": interaction.token, "isResponseCompatibleWithMobileAndWebSdks": true,
        ], cookies: ["ST=\(RandomID.hex(24)); Path=/\(configuration.environmentId); HttpOnly"])
    }
}
