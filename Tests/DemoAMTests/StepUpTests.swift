import DemoAM
import Foundation
import Testing

@Suite("StepUp upgrades a session in place")
struct StepUpTests {
    @Test("with a session: one code page; success keeps the tokenId and new tokens carry level 2, otp and StepUp")
    func upgradeInPlace() async throws {
        try await withDemoAM { _, client in
            let ssoToken = try await client.signIn()
            let before = jwtPayload(try await client.accessToken(ssoToken: ssoToken))
            #expect(before["auth_level"] == 0 && before["amr"] == ["pwd"])

            let page = try await client.start("StepUp", headers: [("iPlanetDirectoryPro", ssoToken)])
            #expect(page.json["stage"] == "StepUp")
            #expect(page.types == ["NameCallback", "ConfirmationCallback"])
            #expect(page.json["description"]?.string?.contains("TOTP") == true)
            #expect(page.callbacks[0].outputs["prompt"] == "Enter verification code")
            let done = try await client.submit(page, ["IDToken1": .string(try currentCode())])
            #expect(done.json["tokenId"]?.string == ssoToken)
            #expect(done.setCookies.contains { $0.hasPrefix("iPlanetDirectoryPro=\(ssoToken);") })

            let after = jwtPayload(try await client.accessToken(ssoToken: ssoToken))
            #expect(after["auth_level"] == 2)
            #expect(after["amr"] == ["pwd", "otp"])
            #expect(after["acr"] == "StepUp")
            let authTimes = (before: try #require(before["auth_time"]?.int), after: try #require(after["auth_time"]?.int))
            #expect(authTimes.after >= authTimes.before)

            let info = try await client.sessionInfo(ssoToken)
            #expect(info.json["properties"]?["AuthLevel"] == "2")
            #expect(info.json["properties"]?["amr"] == "pwd otp")
            #expect(info.json["properties"]?["Service"] == "StepUp")
        }
    }

    @Test("three wrong codes fail the journey and leave the session as it was")
    func failedStepUp() async throws {
        try await withDemoAM { _, client in
            let ssoToken = try await client.signIn()
            var page = try await client.start("StepUp", headers: [("iPlanetDirectoryPro", ssoToken)])
            for _ in 0..<2 {
                page = try await client.submit(page, ["IDToken1": "000000"])
                #expect(page.json["stage"] == "StepUp")
            }
            let failed = try await client.submit(page, ["IDToken1": "000000"])
            #expect(failed.status == 401)
            #expect(failed.json["message"] == "Login failure")

            #expect(try await client.sessionInfo(ssoToken).status == 200)
            let claims = jwtPayload(try await client.accessToken(ssoToken: ssoToken))
            #expect(claims["auth_level"] == 0 && claims["amr"] == ["pwd"] && claims["acr"] == "Login")
        }
    }

    @Test("without a session: username and password, then the code; a new session of level 2 with pwd and otp")
    func withoutSession() async throws {
        try await withDemoAM { _, client in
            let credentials = try await client.start("StepUp")
            #expect(credentials.json["stage"] == "UsernamePassword")
            let page = try await client.submit(credentials, ["IDToken1": "alice", "IDToken2": "Alice-pass1"])
            #expect(page.json["stage"] == "StepUp")
            let done = try await client.submit(page, ["IDToken1": .string(try currentCode(of: "alice"))])
            let ssoToken = try #require(done.json["tokenId"]?.string)
            let claims = jwtPayload(try await client.accessToken(ssoToken: ssoToken))
            #expect(claims["auth_level"] == 2 && claims["amr"] == ["pwd", "otp"])
        }
    }

    @Test("a session is answered at once for a journey it passed, upgraded by any other, replaced with ForceAuth (as AM)")
    func sessionReuseFollowsTheJourneysPassed() async throws {
        try await withDemoAM { _, client in
            let ssoToken = try await client.signIn()
            let again = try await client.start("Login", headers: [("iPlanetDirectoryPro", ssoToken)])
            #expect(again.json["tokenId"]?.string == ssoToken)
            let secondFactor = try await client.start("SecondFactor", headers: [("iPlanetDirectoryPro", ssoToken)])
            #expect(secondFactor.json["stage"] == "UsernamePassword", "a journey the session did not pass runs")

            // ForceAuth: the same user signs in anew, and the new session replaces the old one.
            let forced = try await client.start("Login", query: "ForceAuth=true", headers: [("iPlanetDirectoryPro", ssoToken)])
            let replaced = try await client.submit(forced, ["IDToken1": "demo", "IDToken2": "Demo-pass1"])
            let newToken = try #require(replaced.json["tokenId"]?.string)
            #expect(newToken != ssoToken)
            #expect(try await client.sessionInfo(newToken).status == 200)
            #expect(try await client.sessionInfo(ssoToken).status == 401, "the old session ended")
        }
    }
}
