import DemoAM
import Foundation
import Testing

@Suite("SecondFactor journey")
struct SecondFactorTests {
    private let secret = "JBSWY3DPEHPK3PXP"

    /// Signs in as demo and picks a second factor; returns its code page.
    private func codePage(_ client: AMClient, choice: Int = 0) async throws -> Reply {
        let credentials = try await client.start("SecondFactor")
        #expect(credentials.json["stage"] == "UsernamePassword")
        let page = try await client.submit(credentials, ["IDToken1": "demo", "IDToken2": "Demo-pass1"])
        #expect(page.json["stage"] == "SecondFactorChoice")
        return try await client.submit(page, ["IDToken1": .int(choice)])
    }

    @Test("the choice page offers the authenticator app and email with integer values")
    func choicePage() async throws {
        try await withDemoAM { _, client in
            let credentials = try await client.start("SecondFactor")
            let choice = try await client.submit(credentials, ["IDToken1": "demo", "IDToken2": "Demo-pass1"])
            #expect(choice.types == ["ChoiceCallback"])
            let outputs = choice.callbacks[0].outputs
            #expect(outputs["prompt"] == "Choose a second factor")
            #expect(outputs["choices"] == ["Authenticator app", "Email"])
            #expect(outputs["defaultChoice"] == 0)
            #expect(choice.text.contains(#"{"name":"IDToken1","value":0}"#))

            let asString = try await client.submit(choice, ["IDToken1": "0"])
            #expect(asString.status == 400)
            #expect(asString.json["message"] == "Input IDToken1 of ChoiceCallback must be an integer, not a string")
            let outOfRange = try await client.submit(choice, ["IDToken1": 7])
            #expect(outOfRange.json["stage"] == "SecondFactorChoice", "a choice that is none of them asks again")
        }
    }

    @Test("the authenticator app's code (OATH Token Verifier) completes the journey at level 10 with pwd and otp")
    func success() async throws {
        try await withDemoAM { _, client in
            let page = try await codePage(client)
            #expect(page.json["stage"] == "OneTimePassword")
            #expect(page.types == ["NameCallback", "ConfirmationCallback"])
            #expect(page.callbacks[0].outputs["prompt"] == "Enter verification code")
            #expect(page.callbacks[1].outputs["options"] == ["Submit"])
            #expect(page.json["description"]?.string?.contains("the TOTP of your account's secret") == true)
            let code = try #require(TOTP.code(secret: secret))
            let done = try await client.submit(page, ["IDToken1": .string(code)])
            let token = try #require(done.json["tokenId"]?.string)
            let session = try await client.sessionInfo(token)
            #expect(session.json["properties"]?["AuthLevel"] == "10")
        }
    }

    @Test("three wrong codes end the journey; a right one after a wrong one still succeeds")
    func wrongCodes() async throws {
        try await withDemoAM { _, client in
            var page = try await codePage(client)
            for _ in 0..<2 {
                page = try await client.submit(page, ["IDToken1": "000000"])
                #expect(page.json["stage"] == "OneTimePassword")
            }
            let failed = try await client.submit(page, ["IDToken1": "000000"])
            #expect(failed.status == 401)
            #expect(failed.json["message"] == "Login failure")

            let again = try await client.submit(try await codePage(client), ["IDToken1": "123"])
            let done = try await client.submit(again, ["IDToken1": .string(try #require(TOTP.code(secret: secret)))])
            #expect(done.json["tokenId"]?.string != nil)
        }
    }

    @Test("email sends a one-time password to the outbox, which completes the journey")
    func emailedCode() async throws {
        try await withDemoAM { _, client in
            let page = try await codePage(client, choice: 1)
            #expect(page.json["stage"] == "OneTimePasswordEmail")
            #expect(page.types == ["PasswordCallback"])
            let outbox = try await client.get("/demo/outbox")
            let mail = try #require(outbox.json.array.last { $0["to"] == "demo@example.com" })
            let text = try #require(mail["text"]?.string)
            let code = String(text.suffix(6))
            #expect(Int(code) != nil, "\(text)")
            let done = try await client.submit(page, ["IDToken1": .string(code)])
            #expect(done.json["tokenId"]?.string != nil)
        }
    }

    @Test("a wrong password fails before the second factor")
    func wrongPassword() async throws {
        try await withDemoAM { _, client in
            let credentials = try await client.start("SecondFactor")
            let failed = try await client.submit(credentials, ["IDToken1": "demo", "IDToken2": "nope"])
            #expect(failed.status == 401)
        }
    }
}
