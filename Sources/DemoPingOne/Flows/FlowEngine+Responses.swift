import Foundation
import HTTPTypes
import Hummingbird

/// What the demo flows answer with: the next form (a continue node), the end of a flow with an
/// authorization code, and PingOne's 400s for a field or a whole form.
extension FlowEngine {
    func show(_ form: FormID, in interaction: inout Interaction, base: String) async -> Response {
        interaction.form = form
        interaction.nodeId = RandomID.hex(5)
        await interactions.update(interaction)
        return WireJSON.response(node(interaction, base: base))
    }

    func finish(_ interaction: Interaction, base: String) async -> Response {
        await interactions.end(interaction.id)
        let (code, session) = await authorizationServer.issueCode(for: interaction.authorization, username: interaction.username ?? "")
        var authorize: [String: Any] = ["code": code]
        if let state = interaction.authorization.state { authorize["state"] = state }
        return WireJSON.response([
            "interactionId": interaction.id, "companyId": environment, "connectionId": connectionId,
            "connectorId": "pingOneAuthenticationConnector", "id": interaction.nodeId, "capabilityName": "returnSuccessResponseRedirect",
            "environment": ["id": environment], "session": ["id": session], "status": "COMPLETED", "authorizeResponse": authorize,
            "success": true, "interactionToken": interaction.token, "sessionToken": RandomID.uuid(), "sessionTokenMaxAge": 2_592_000,
            "isResponseCompatibleWithMobileAndWebSdks": true,
        ], cookies: ["ST=\(RandomID.hex(24)); Path=/\(environment); HttpOnly"])
    }

    func node(_ interaction: Interaction, base: String) -> [String: Any] {
        let form = Forms.fields(of: interaction.form, interaction: interaction, environment: environment)
        var body: [String: Any] = [
            "interactionId": interaction.id, "interactionToken": interaction.token,
            "_links": ["next": ["href": "\(base)/\(environment)/davinci/connections/\(connectionId)/capabilities/customForm"],
                       "self": ["href": "\(base)/\(environment)/davinci/orchestrate"]],
            "eventName": "continue", "id": interaction.nodeId, "companyId": environment, "flowId": flowId, "connectionId": connectionId,
            "capabilityName": "customForm", "isResponseCompatibleWithMobileAndWebSdks": true, "success": true,
            "form": ["name": form.name, "description": form.description, "category": "CUSTOM_FORM", "components": ["fields": form.fields]],
            "formData": ["value": form.defaults],
        ]
        if interaction.form == .registration { body["passwordPolicy"] = PasswordRules.policy }
        if interaction.form == .signOn {
            body["form"] = ["name": form.name, "description": form.description, "category": "CUSTOM_FORM",
                            "components": ["fields": form.fields + [DemoIdP.button(interaction: interaction.id, base: base, environment: environment)]]]
            body["_links"] = ["next": ["href": "\(base)/\(environment)/davinci/connections/\(connectionId)/capabilities/customForm"],
                              "continue": ["href": DemoIdP.continueLink(base: base, environment: environment, flowId: flowId)]]
        }
        return body
    }

    /// A 400 PingOne's SDKs keep the form for, with a message for one field.
    func fieldError(_ interaction: Interaction, target: String, code: String, message: String, unsatisfied: [String] = []) -> Response {
        var item: [String: Any] = ["code": code, "target": target, "message": message]
        if !unsatisfied.isEmpty { item["innerError"] = ["unsatisfiedRequirements": unsatisfied] }
        return errorResponse(interaction, code: 400, message: "\(code == "UNIQUENESS_VIOLATION" ? "uniquenessViolation" : "invalidValue") \(target): \(message)",
                             details: [["statusCode": 400, "rawResponse": ["id": RandomID.uuid(), "code": "INVALID_DATA",
                                                                          "message": "The request could not be completed. One or more validation errors were in the request.",
                                                                          "details": [item]]]])
    }

    /// A 400 for the whole form (no field to show it at, or, with `target`, one too).
    func formError(_ interaction: Interaction, _ message: String, target: String? = nil, detail: String? = nil) -> Response {
        guard let target, let detail else { return errorResponse(interaction, code: message, message: message, details: nil) }
        return errorResponse(interaction, code: message, message: message,
                             details: [["statusCode": 400, "rawResponse": ["id": RandomID.uuid(), "code": "INVALID_DATA", "message": message,
                                                                          "details": [["code": "INVALID_VALUE", "target": target, "message": detail]]]]])
    }

    func errorResponse(_ interaction: Interaction, code: Any, message: String, details: [[String: Any]]?) -> Response {
        var body: [String: Any] = [
            "interactionId": interaction.id, "companyId": environment, "connectionId": connectionId, "connectorId": "pingOneSSOConnector",
            "id": interaction.nodeId, "capabilityName": "customForm", "errorCategory": "InvalidData", "code": code, "cause": NSNull(),
            "expected": true, "message": message, "httpResponseCode": 400, "isResponseCompatibleWithMobileAndWebSdks": true,
        ]
        if let details { body["details"] = details }
        return WireJSON.response(body, status: .badRequest)
    }

    static func cookies(_ header: String) -> [String: String] {
        var cookies: [String: String] = [:]
        for pair in header.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2 { cookies[parts[0]] = parts[1] }
        }
        return cookies
    }
}
