import DemoAM
import Foundation
import Testing

@Suite("SecondFactor journey")
struct SecondFactorTests {
    private let secret = "JBSWY3DPEHPK3PXP"

    /// Signs in as demo and picks a channel; returns the one-time password page.
    private func otpPage(_ client: AMClient, channel: Int = 0) async throws -> Reply {
        let credentials = try await client.start("SecondFactor")
        #expect(credentials.json["stage"] == "UsernamePassword")
        let choice = try await client.submit(credentials, ["IDToken1": "demo", "IDToken2": "Demo-pass1"])
        #expect(choice.json["stage"] == "SecondFactorChoice")
        return try await client.submit(choice, ["IDToken1": .int(channel)])
    }

    @Test("the choice page offers Email and SMS with integer values")
    func choicePage() async throws {
        try await withDemoAM { _, client in
            let credentials = try await client.start("SecondFactor")
            let choice = try await client.submit(credentials, ["IDToken1": "demo", "IDToken2": "Demo-pass1"])
            #expect(choice.types == ["ChoiceCallback"])
            let outputs = choice.callbacks[0].outputs
            #expect(outputs["prompt"] == "Choose a second factor")
            #expect(outputs["choices"] == ["Email", "SMS"])
            #expect(outputs["defaultChoice"] == 0)
            #expect(choice.callbacks[0].input("IDToken1") == 0)
            #expect(choice.text.contains(#"{"name":"IDToken1","value":0}"#))

            let asString = try await client.submit(choice, ["IDToken1": "0"])
            #expect(asString.status == 400)
            #expect(asString.json["message"] == "Input IDToken1 of ChoiceCallback must be an integer, not a string")
            let outOfRange = try await client.submit(choice, ["IDToken1": 7])
            #expect(outOfRange.status == 400)
        }
    }

    @Test("the TOTP of the user's secret completes the journey")
    func success() async throws {
        try await withDemoAM { _, client in
            let page = try await otpPage(client)
            #expect(page.json["stage"] == "OneTimePassword")
            #expect(page.types == ["TextOutputCallback", "PasswordCallback"])
            #expect(page.callbacks[0].outputs["messageType"] == "0")
            #expect(page.callbacks[0].outputs["message"]?.string?.contains("d***@example.com") == true)
            #expect(page.callbacks[1].outputs["prompt"] == "One Time Password")
            #expect(page.callbacks[1].inputNames == ["IDToken2"])
            let code = try #require(TOTP.code(secret: secret))
            let done = try await client.submit(page, ["IDToken2": .string(code)])
            #expect(done.json["tokenId"]?.string != nil)
        }
    }

    @Test("a wrong code shows the page again with an error, and three end the journey")
    func wrongCodes() async throws {
        try await withDemoAM { _, client in
            var page = try await otpPage(client, channel: 1)
            #expect(page.callbacks[0].outputs["message"]?.string?.contains("SMS") == true)
            for attemptsLeft in [2, 1] {
                let codeName = page.callbacks.count == 2 ? "IDToken2" : "IDToken3"
                page = try await client.submit(page, [codeName: "000000"])
                #expect(page.json["stage"] == "OneTimePassword")
                #expect(page.types == ["TextOutputCallback", "TextOutputCallback", "PasswordCallback"])
                #expect(page.callbacks[0].outputs["messageType"] == "2")
                let left = attemptsLeft == 1 ? "1 attempt left" : "2 attempts left"
                #expect(page.callbacks[0].outputs["message"] == .string("That code is not valid. \(left)."))
                #expect(page.callbacks[2].inputNames == ["IDToken3"])
            }
            let failed = try await client.submit(page, ["IDToken3": "000000"])
            #expect(failed.status == 401)
            #expect(failed.json["message"] == "Login failure")
        }
    }

    @Test("a right code after a wrong one still succeeds")
    func retry() async throws {
        try await withDemoAM { _, client in
            let page = try await otpPage(client)
            let again = try await client.submit(page, ["IDToken2": "123"])
            let done = try await client.submit(again, ["IDToken3": .string(try #require(TOTP.code(secret: secret)))])
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
