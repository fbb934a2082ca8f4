import Foundation
import HTTPTypes
import Hummingbird

/// The demo flows: starts them from an authorize request with `response_mode=pi.flow` and
/// answers each form. Sign-on (username and password; a one-time code for users who have one;
/// changed terms of use to accept, two SINGLE_CHECKBOX fields; a QR_CODE to set up an
/// authenticator app with; a device check and a passkey with a one-time code as its fallback
/// (`DeviceChecks`); a failed flow for a locked
/// account; an approval on a phone, polled), registration (email, username, country, phone, agreements, a password under the
/// environment's policy, then a code to verify the email) and password recovery (a code, then
/// a new password).
struct FlowEngine: Sendable {
    let configuration: DemoPingOneConfiguration
    let users: PingOneUsers
    let interactions: Interactions
    let authorizationServer: AuthorizationServer
    let identityProvider = DemoIdP()
    let connectionId = "867ed4363b2bc21c860085ad2baa817d"
    let flowId = "6e9114ac34cfcec300202eae7776f981"

    var environment: String { configuration.environmentId }

    // MARK: Start

    /// `GET /as/authorize?response_mode=pi.flow…`: checks the client, then answers with the
    /// first form of the flow policy asked for (`acr_values`).
    func start(_ query: [String: String], base: String) async -> Response {
        guard query["response_mode"] == "pi.flow" else {
            return WireJSON.oauthError("invalid_request", "The demo environment serves flows only: use response_mode=pi.flow.")
        }
        guard let clientId = query["client_id"], clientId == configuration.clientId else {
            return WireJSON.oauthError("invalid_client", "Unknown client_id; the demo application is \(configuration.clientId).", status: .unauthorized)
        }
        guard let redirectURI = query["redirect_uri"], configuration.redirectURIs.contains(redirectURI) else {
            return WireJSON.oauthError("invalid_request", "The redirect_uri is not registered for \(clientId).")
        }
        guard query["response_type"] == "code" else { return WireJSON.oauthError("unsupported_response_type", "Use response_type=code.") }
        guard query["code_challenge_method"] == "S256", let challenge = query["code_challenge"], !challenge.isEmpty else {
            return WireJSON.oauthError("invalid_request", "PKCE is required: send code_challenge with code_challenge_method=S256.")
        }
        let scope = query["scope"] ?? ""
        guard scope.split(separator: " ").contains("openid") else { return WireJSON.oauthError("invalid_scope", "The scope must include openid.") }
        let form: FormID
        switch query["acr_values"] {
        case nil, "", DemoPingOne.signOnPolicy: form = .signOn
        case DemoPingOne.registrationPolicy: form = .registration
        case DemoPingOne.detailsPolicy, DemoPingOne.sessionOnlyPolicy: form = .contactDetails
        case DemoPingOne.fieldsPolicy: form = .fieldTypes
        case DemoPingOne.redirectPolicy: return hostedSignOnRedirect(base: base)
        case let other?: return WireJSON.oauthError("invalid_request", "Unknown flow policy (acr_values) \(other).")
        }
        let interaction = Interaction(
            id: RandomID.uuid(), token: RandomID.hex(64), sessionCookie: RandomID.hex(16), started: .now,
            authorization: AuthorizeRequest(clientId: clientId, redirectURI: redirectURI, scope: scope, state: query["state"],
                                            nonce: query["nonce"], codeChallenge: challenge),
            form: form, nodeId: RandomID.hex(5), endsWithSessionOnly: query["acr_values"] == DemoPingOne.sessionOnlyPolicy)
        await interactions.add(interaction)
        return WireJSON.response(node(interaction, base: base), cookies: [
            "ST=\(interaction.sessionCookie); Path=/\(environment); HttpOnly",
            "ST-NO-SS=\(interaction.sessionCookie); Path=/\(environment); HttpOnly",
            "interactionId=\(interaction.id); Path=/\(environment); HttpOnly",
        ])
    }

    // MARK: Continue

    /// `POST /davinci/connections/…/capabilities/…`: the answer to the form on screen. One
    /// answer per interaction at a time: another that arrives meanwhile is refused, so parallel
    /// guesses cannot get past the wrong-code limit.
    func answer(_ request: Request, base: String) async -> Response {
        let body = await WireJSON.object(in: request) ?? [:]
        let cookies = Self.cookies(request.headers[.cookie] ?? "")
        let unauthorized = WireJSON.response(["code": 1999, "message": "Unauthorized!", "errorMessage": "Unauthorized!", "httpResponseCode": 401,
                                              "success": false, "logLevel": "error"], status: .unauthorized)
        guard let id = request.headers[HTTPField.Name("interactionId")!] ?? body["interactionId"] as? String ?? cookies["interactionId"] else {
            return unauthorized
        }
        guard let interaction = await interactions.claim(id) else {
            guard await interactions.interaction(id) != nil else { return unauthorized }
            return WireJSON.response(["interactionId": id, "code": "busy", "message": "Another answer to this form is being processed."],
                                     status: .conflict)
        }
        guard request.headers[HTTPField.Name("interactionToken")!].map({ $0 == interaction.token }) ?? true,
              cookies["ST"] == interaction.sessionCookie else {
            await interactions.release(id)
            return unauthorized
        }
        let response = await answer(body, to: interaction, base: base)
        await interactions.release(id)
        return response
    }

    /// The answer `body` to the claimed `interaction`'s form.
    private func answer(_ body: [String: Any], to claimed: Interaction, base: String) async -> Response {
        var interaction = claimed
        let id = interaction.id
        guard !interaction.isExpired, ContinuousClock.now - interaction.started < configuration.interactionLifetime else {
            await interactions.end(id)
            return WireJSON.response(["interactionId": id, "code": "requestTimedOut", "message": "Request timed out. Please try again."],
                                     status: .badRequest)
        }
        guard body["id"] as? String == interaction.nodeId else {
            return formError(interaction, "Unexpected value received: the answer is not for the form on screen.")
        }
        let parameters = body["parameters"] as? [String: Any]
        let data = parameters?["data"] as? [String: Any]
        let action = data?["actionKey"] as? String ?? "submit"
        let values = data?["formData"] as? [String: Any] ?? [:]
        func text(_ key: String) -> String { (values[key] as? String ?? "").trimmingCharacters(in: .whitespaces) }
        if interaction.isFormless { return await continueFormless(in: &interaction, base: base) }

        switch (interaction.form, action) {
        case (.signOn, "register"), (.recovery, "register"):
            return await show(.registration, in: &interaction, base: base)
        case (.signOn, "trouble"):
            return await show(.recovery, in: &interaction, base: base)
        case (.registration, "signon"), (.recovery, "signon"):
            return await show(.signOn, in: &interaction, base: base)
        case (.signOn, _):
            guard let user = await users.user(text("username")) else { return formError(interaction, " Invalid username and/or password") }
            guard user.password == values["password"] as? String else {
                return formError(interaction, " Invalid username and/or password", target: "password",
                                 detail: "The provided password did not match provisioned password")
            }
            if user.isLocked {
                await interactions.end(id)
                return WireJSON.response(["environment": ["id": environment], "status": "FAILED",
                                          "error": ["code": "ACCOUNT_LOCKED", "message": "The account \(user.username) is locked."]])
            }
            interaction.username = user.username
            if let approval = user.approval { return await awaitApproval(approval, in: &interaction, base: base) }
            guard user.usesOneTimeCode else {
                if user.usesPasskey {
                    interaction.pendingUser = user
                    return await show(.deviceCheck, in: &interaction, base: base)
                }
                if user.mustAcceptTerms { return await show(.terms, in: &interaction, base: base) }
                if user.newAuthenticatorSecret != nil {
                    interaction.pendingUser = user
                    return await show(.authenticator, in: &interaction, base: base)
                }
                return await finish(interaction, base: base)
            }
            interaction.pendingUser = user
            interaction.oneTimeCode = await interactions.sendCode(to: user.email)
            return await show(.oneTimeCode, in: &interaction, base: base)
        case (.registration, _):
            return await register(values, in: &interaction, base: base)
        case (.oneTimeCode, "resend"):
            interaction.oneTimeCode = await interactions.sendCode(to: interaction.pendingUser?.email ?? "")
            interaction.wrongCodes = 0
            return await show(.oneTimeCode, in: &interaction, base: base)
        case (.oneTimeCode, _):
            guard text("otp") == interaction.oneTimeCode else {
                interaction.wrongCodes += 1
                guard interaction.wrongCodes < 3 else {
                    await interactions.end(id)
                    return WireJSON.response(["environment": ["id": environment], "status": "FAILED",
                                              "error": ["code": "TOO_MANY_ATTEMPTS", "message": "Too many wrong codes."]])
                }
                await interactions.update(interaction)
                return fieldError(interaction, target: "otp", code: "INVALID_VALUE", message: "The code is not valid (\(3 - interaction.wrongCodes) tries left)")
            }
            if let pending = interaction.pendingUser, interaction.username == nil {
                guard await users.register(pending) else {
                    return fieldError(interaction, target: "username", code: "UNIQUENESS_VIOLATION", message: "is unique but a non-unique value is provided")
                }
                interaction.username = pending.username
            }
            if interaction.isRecovery { return await show(.newPassword, in: &interaction, base: base) }
            return await finish(interaction, base: base)
        case (.recovery, _):
            guard let user = await users.user(text("username")) else {
                return fieldError(interaction, target: "username", code: "INVALID_VALUE", message: "No account has this username")
            }
            interaction.username = user.username
            interaction.pendingUser = user
            interaction.isRecovery = true
            interaction.oneTimeCode = await interactions.sendCode(to: user.email)
            return await show(.oneTimeCode, in: &interaction, base: base)
        case (.terms, _):
            // SINGLE_CHECKBOX values are JSON booleans: the string "true" is refused.
            guard !(values["acceptTerms"] is String), let accepted = values["acceptTerms"] as? Bool else {
                return fieldError(interaction, target: "acceptTerms", code: "INVALID_VALUE", message: "must be a boolean")
            }
            guard accepted else {
                return fieldError(interaction, target: "acceptTerms", code: "INVALID_VALUE", message: "The terms of use must be accepted")
            }
            await users.acceptTerms(of: interaction.username ?? "")
            return await finish(interaction, base: base)
        case (.authenticator, _):
            // The demo does not check a code from the app: setting it up ends sign-on.
            await users.enrolAuthenticator(of: interaction.username ?? "")
            return await finish(interaction, base: base)
        case (.approval, _):
            return await answerApproval(parameters?["eventType"] as? String, value: values[ApprovalFlow.pollingKey] as? String, in: &interaction, base: base)
        case (.contactDetails, _):
            return await answerContactDetails(values, in: &interaction, base: base)
        case (.fieldTypes, _):
            return await answerFields(values, action: action, in: &interaction, base: base)
        case (.fieldHelp, _):
            return await show(.fieldTypes, in: &interaction, base: base)
        case (.deviceCheck, _):
            if let problem = DeviceChecks.signalsProblem(values) { return fieldError(interaction, target: DeviceChecks.signalsKey, code: "INVALID_VALUE", message: problem) }
            return await show(.passkey, in: &interaction, base: base)
        case (.passkey, let action):
            // Only the fallback branch exists here: the demo checks no assertion.
            guard DeviceChecks.webAuthnErrors.contains(action) else {
                return fieldError(interaction, target: DeviceChecks.passkeyKey, code: "INVALID_VALUE",
                                  message: "No passkey assertion was sent, and no WebAuthn error to take the fallback branch on")
            }
            interaction.oneTimeCode = await interactions.sendCode(to: interaction.pendingUser?.email ?? "")
            return await show(.oneTimeCode, in: &interaction, base: base)
        case (.newPassword, _):
            let password = values["newPassword"] as? String ?? ""
            let broken = PasswordRules.unsatisfied(by: password)
            guard broken.isEmpty else {
                return fieldError(interaction, target: "newPassword", code: "INVALID_VALUE",
                                  message: "New password did not satisfy password policy requirements", unsatisfied: broken)
            }
            await users.setPassword(password, of: interaction.username ?? "")
            return await finish(interaction, base: base)
        }
    }

    private func register(_ values: [String: Any], in interaction: inout Interaction, base: String) async -> Response {
        func text(_ key: String) -> String { (values[key] as? String ?? "").trimmingCharacters(in: .whitespaces) }
        let email = text("user.email")
        guard email.range(of: "^[^@ ]+@[^@ ]+\\.[^@ ]+$", options: .regularExpression) != nil else {
            return fieldError(interaction, target: "user.email", code: "INVALID_VALUE", message: "must be a well-formed email address")
        }
        let username = text("user.username")
        guard !username.isEmpty, username.allSatisfy({ $0.isLetter || $0.isNumber || "._-".contains($0) }) else {
            return fieldError(interaction, target: "user.username", code: "INVALID_VALUE", message: "must be letters, digits, '.', '_' or '-'")
        }
        guard await users.user(username) == nil else {
            return fieldError(interaction, target: "user.username", code: "UNIQUENESS_VIOLATION", message: "is unique but a non-unique value is provided")
        }
        guard (values["consents"] as? [Any])?.contains(where: { $0 as? String == "terms" }) == true else {
            return fieldError(interaction, target: "consents", code: "INVALID_VALUE", message: "The terms of use must be accepted")
        }
        let password = values["user.password"] as? String ?? ""
        let broken = PasswordRules.unsatisfied(by: password)
        guard broken.isEmpty else {
            return fieldError(interaction, target: "user.password", code: "INVALID_VALUE",
                              message: "The password did not satisfy password policy requirements", unsatisfied: broken)
        }
        let phone = values["user.phone"] as? [String: Any]
        interaction.pendingUser = PingOneUser(
            username: username, password: password, email: email, givenName: text("user.given_name"), usesOneTimeCode: false, isLocked: false,
            country: text("user.country"),
            phone: (phone?["phoneNumber"] as? String).map { "\(phone?["countryCode"] as? String ?? "") \($0)" })
        interaction.oneTimeCode = await interactions.sendCode(to: email)
        return await show(.oneTimeCode, in: &interaction, base: base)
    }
}
