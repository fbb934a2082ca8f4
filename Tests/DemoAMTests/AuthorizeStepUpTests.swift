import DemoAM
import Foundation
import Testing

@Suite("authorize honours acr_values, max_age and prompt")
struct AuthorizeStepUpTests {
    @Test("acr_values=StepUp: interaction_required before the step-up, a code with acr StepUp after it")
    func acrValuesStepUp() async throws {
        try await withDemoAM { _, client in
            let ssoToken = try await client.signIn()
            var request = AuthorizeRequest()
            request.acrValues = "StepUp"
            let before = try await client.authorize(request, ssoToken: ssoToken)
            #expect(before.status == 302)
            #expect(before.redirect["error"] == "interaction_required")
            #expect(before.redirect["error_description"]?.contains("StepUp") == true)
            #expect(before.redirect["state"] == "state-1234")

            _ = try await client.stepUp(ssoToken, code: try currentCode())
            let tokens = try await client.tokens(request, ssoToken: ssoToken)
            let claims = jwtPayload(try #require(tokens["access_token"]?.string))
            #expect(claims["acr"] == "StepUp" && claims["auth_level"] == 2)
            #expect(jwtPayload(try #require(tokens["id_token"]?.string))["acr"] == "StepUp")

            request.acrValues = "Login"
            let login = try await client.tokens(request, ssoToken: ssoToken)
            #expect(jwtPayload(try #require(login["access_token"]?.string))["acr"] == "Login")
        }
    }

    @Test("max_age: login_required once the session authenticated longer ago, a code within it")
    func maxAge() async throws {
        try await withDemoAM { _, client in
            let ssoToken = try await client.signIn()
            let old = try await client.get(
                "/oauth2/realms/root/authorize?" + AuthorizeRequest().query + "&max_age=0", headers: [("iPlanetDirectoryPro", ssoToken)]
            )
            #expect(old.redirect["error"] == "login_required")
            #expect(old.redirect["error_description"]?.contains("max_age=0") == true)
            let recent = try await client.get(
                "/oauth2/realms/root/authorize?" + AuthorizeRequest().query + "&max_age=3600", headers: [("iPlanetDirectoryPro", ssoToken)]
            )
            #expect(recent.redirect["code"] != nil)
            let bad = try await client.get(
                "/oauth2/realms/root/authorize?" + AuthorizeRequest().query + "&max_age=soon", headers: [("iPlanetDirectoryPro", ssoToken)]
            )
            #expect(bad.redirect["error"] == "invalid_request")
        }
    }

    @Test("prompt=login is login_required: the demo has no login page")
    func promptLogin() async throws {
        try await withDemoAM { _, client in
            let reply = try await client.get(
                "/oauth2/realms/root/authorize?" + AuthorizeRequest().query + "&prompt=login", headers: [("iPlanetDirectoryPro", try await client.signIn())]
            )
            #expect(reply.redirect["error"] == "login_required")
            #expect(reply.redirect["error_description"]?.contains("prompt=login") == true)
        }
    }

    @Test("journeyterm-transactions: WRITE_TRANSACTION and 300-second access tokens, or the server's when shorter")
    func transactionsClient() async throws {
        try await withDemoAM { _, client in
            let tokens = try await client.tokens(clientId: "journeyterm-transactions", ssoToken: try await client.signIn())
            #expect(tokens["scope"] == "openid profile WRITE_TRANSACTION")
            #expect(tokens["expires_in"] == 300)
        }
        try await withDemoAM(DemoAMConfiguration(port: 0, accessTokenLifetime: .seconds(60))) { _, client in
            let tokens = try await client.tokens(clientId: "journeyterm-transactions", ssoToken: try await client.signIn())
            #expect(tokens["expires_in"] == 60)
        }
    }
}
