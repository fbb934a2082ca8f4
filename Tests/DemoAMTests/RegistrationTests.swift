import DemoAM
import Testing

@Suite("Registration journey")
struct RegistrationTests {
    private static let complete: [String: JSON] = [
        "IDToken1": "newbie", "IDToken2": "New", "IDToken3": "Comer", "IDToken4": "newbie@example.com", "IDToken5": true,
        "IDToken6": "Secret-pass9", "IDToken7question": "What's your favorite color?", "IDToken7answer": "green",
        "IDToken8question": "Who was your first employer?", "IDToken8answer": "Acme", "IDToken9": true,
    ]

    /// The failedPolicies of a callback, each parsed from its JSON string.
    private func failedPolicies(_ callback: JSON) -> [JSON] {
        (callback.outputs["failedPolicies"]?.array ?? []).map { JSON.parse($0.string ?? "") ?? .null }
    }

    @Test("the page has AM's registration callbacks, numbered in order")
    func page() async throws {
        try await withDemoAM { _, client in
            let page = try await client.start("Registration")
            #expect(page.json["stage"] == "Registration")
            #expect(page.json["header"] == "Sign Up")
            #expect(page.json["description"] == "Signing up is fast and easy.")
            #expect(
                page.types == [
                    "ValidatedCreateUsernameCallback", "StringAttributeInputCallback", "StringAttributeInputCallback",
                    "StringAttributeInputCallback", "BooleanAttributeInputCallback", "ValidatedCreatePasswordCallback",
                    "KbaCreateCallback", "KbaCreateCallback", "TermsAndConditionsCallback",
                ]
            )
            #expect(
                page.callbacks.map(\.inputNames) == [
                    ["IDToken1", "IDToken1validateOnly"], ["IDToken2", "IDToken2validateOnly"], ["IDToken3", "IDToken3validateOnly"],
                    ["IDToken4", "IDToken4validateOnly"], ["IDToken5", "IDToken5validateOnly"], ["IDToken6", "IDToken6validateOnly"],
                    ["IDToken7question", "IDToken7answer"], ["IDToken8question", "IDToken8answer"], ["IDToken9"],
                ]
            )
            let username = page.callbacks[0].outputs
            #expect(username["prompt"] == "Username")
            #expect(username["failedPolicies"] == [])
            #expect(username["validateOnly"] == false)
            #expect(username["policies"]?["name"] == "userName")
            #expect(username["policies"]?["policyRequirements"]?.array.contains("MIN_LENGTH") == true)
            #expect(page.text.contains(#""policyId":"minimum-length","params":{"minLength":3}"#))
            #expect(page.text.contains(#""forbiddenChars":["/"]"#))
            let mail = page.callbacks[3].outputs
            #expect(mail["name"] == "mail")
            #expect(mail["required"] == true)
            #expect(mail["value"] == "")
            #expect(mail["policies"]?["policyRequirements"]?.array.contains("VALID_EMAIL_ADDRESS_FORMAT") == true)
            let marketing = page.callbacks[4]
            #expect(marketing.outputs["name"] == "preferences/marketing")
            #expect(marketing.outputs["required"] == false)
            #expect(marketing.outputs["value"] == false)
            #expect(marketing.input("IDToken5") == false)
            let password = page.callbacks[5].outputs
            #expect(password["echoOn"] == false)
            #expect(page.text.contains(#""disallowedFields":["userName","givenName","sn"]"#))
            let kba = page.callbacks[6].outputs
            #expect(kba["predefinedQuestions"] == ["What's your favorite color?", "Who was your first employer?"])
            #expect(kba["allowUserDefinedQuestions"] == true)
            let terms = page.callbacks[8]
            #expect(terms.outputs["version"] == "1.0")
            #expect(terms.outputs["createDate"]?.string?.hasSuffix("Z") == true)
            #expect(terms.input("IDToken9") == false)
        }
    }

    @Test("validateOnly returns the same page with failedPolicies as JSON strings and the values kept")
    func validateOnly() async throws {
        try await withDemoAM { _, client in
            let page = try await client.start("Registration")
            let checked = try await client.submit(page, ["IDToken1": "demo", "IDToken6": "short", "IDToken6validateOnly": true])
            #expect(checked.status == 200)
            #expect(checked.json["stage"] == "Registration")
            #expect(checked.types == page.types)
            #expect(failedPolicies(checked.callbacks[0]) == [["policyRequirement": "UNIQUE"]])
            #expect(checked.callbacks[0].input("IDToken1") == "demo")
            let password = failedPolicies(checked.callbacks[5])
            #expect(password.contains(["policyRequirement": "MIN_LENGTH", "params": ["minLength": 8]]))
            #expect(password.contains(["policyRequirement": "AT_LEAST_X_CAPITAL_LETTERS", "params": ["numCaps": 1]]))
            #expect(password.contains(["policyRequirement": "AT_LEAST_X_NUMBERS", "params": ["numNums": 1]]))
            #expect(checked.text.contains(#"\"policyRequirement\":\"MIN_LENGTH\",\"params\":{\"minLength\":8}"#))
            #expect(failedPolicies(checked.callbacks[1]) == [["policyRequirement": "REQUIRED"]])
            #expect(checked.callbacks[5].input("IDToken6validateOnly") == false)

            let fixed = try await client.submit(checked, ["IDToken1": "a/", "IDToken4": "not-an-email", "IDToken4validateOnly": true])
            #expect(failedPolicies(fixed.callbacks[0]).contains(["policyRequirement": "MIN_LENGTH", "params": ["minLength": 3]]))
            #expect(failedPolicies(fixed.callbacks[0]).contains(["policyRequirement": "CANNOT_CONTAIN_CHARACTERS", "params": ["forbiddenChars": ["/"]]]))
            #expect(failedPolicies(fixed.callbacks[3]) == [["policyRequirement": "VALID_EMAIL_ADDRESS_FORMAT"]])
            #expect(fixed.callbacks[3].outputs["value"] == "not-an-email")
        }
    }

    @Test("a complete registration signs the new user in, and Login then works for them")
    func register() async throws {
        try await withDemoAM { _, client in
            let page = try await client.start("Registration")
            let done = try await client.submit(page, Self.complete)
            #expect(done.status == 200)
            let ssoToken = try #require(done.json["tokenId"]?.string)
            // Create Object proves no method: the tokens say none.
            #expect(jwtPayload(try await client.accessToken(ssoToken: ssoToken))["amr"] == [])

            let login = try await client.start("Login")
            let signedIn = try await client.submit(login, ["IDToken1": "newbie", "IDToken2": "Secret-pass9"])
            #expect(signedIn.json["tokenId"]?.string != nil)

            let again = try await client.submit(try await client.start("Registration"), Self.complete)
            #expect(again.json["stage"] == "Registration")
            #expect(failedPolicies(again.callbacks[0]) == [["policyRequirement": "UNIQUE"]])
        }
    }

    @Test("terms not accepted, an empty security answer or one question twice ask again, keeping what was typed")
    func askedAgain() async throws {
        try await withDemoAM { _, client in
            let page = try await client.start("Registration")
            for (key, value) in [("IDToken9", JSON.bool(false)), ("IDToken7answer", ""), ("IDToken8question", "What's your favorite color?")] {
                var values = Self.complete
                values[key] = value
                let refused = try await client.submit(try await client.start("Registration"), values)
                #expect(refused.json["stage"] == "Registration", "\(key): \(refused.text)")
                #expect(refused.types == page.types)
                #expect(refused.callbacks[0].input("IDToken1") == "newbie")
            }
            var values = Self.complete
            values["IDToken9"] = false
            let refused = try await client.submit(page, values)
            // The password is not sent back: it is typed again.
            #expect(refused.callbacks[5].input("IDToken6") == "", "\(refused.text)")
            let done = try await client.submit(refused, ["IDToken6": "Secret-pass9", "IDToken7answer": "green", "IDToken8answer": "Acme", "IDToken9": true])
            #expect(done.json["tokenId"]?.string != nil)
        }
    }

    @Test("the terms must be accepted with a boolean")
    func termsType() async throws {
        try await withDemoAM { _, client in
            let page = try await client.start("Registration")
            var values = Self.complete
            values["IDToken9"] = 1
            let reply = try await client.submit(page, values)
            #expect(reply.status == 400)
            #expect(reply.json["message"] == "Input IDToken9 of TermsAndConditionsCallback must be a boolean, not an integer")
        }
    }
}
