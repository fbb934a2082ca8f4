import DemoAM
import Foundation
import Testing

@Suite("OAuth 2.0 authorize with the SSO token")
struct OAuthAuthorizeTests {
    @Test(
        "the code flow with PKCE: 302 with code, iss, state and client_id, then tokens",
        arguments: [
            ("/json/realms/root", "/oauth2/realms/root", "/oauth2/realms/root"),
            ("/json/realms/root", "/oauth2", "/oauth2/realms/root"),
            ("/json/realms/root/realms/alpha", "/oauth2/realms/root/realms/alpha", "/oauth2/realms/root/realms/alpha"),
            ("/json/realms/alpha", "/oauth2/realms/alpha", "/oauth2/realms/root/realms/alpha"),
        ]
    )
    func codeFlow(realmPath: String, oauthPath: String, issuerPath: String) async throws {
        try await withDemoAM { server, client in
            let ssoToken = try await client.signIn(realmPath: realmPath)
            let request = AuthorizeRequest()
            let authorized = try await client.authorize(request, ssoToken: ssoToken, oauthPath: oauthPath)
            #expect(authorized.status == 302)
            #expect(authorized.headers["Cache-Control"] == ["no-store"])
            #expect(authorized.location?.hasPrefix("urn:journeyterm:callback?code=") == true)
            #expect(authorized.redirectItems.map(\.name) == ["code", "iss", "state", "client_id"])
            #expect(authorized.redirect["iss"] == server.baseURL + issuerPath)
            #expect(authorized.redirect["state"] == "state-1234")
            #expect(authorized.redirect["client_id"] == "journeyterm")

            let tokens = try await client.exchange(authorized, request, oauthPath: oauthPath)
            #expect(tokens.status == 200)
            #expect(tokens.headers["Cache-Control"] == ["no-store"])
            #expect(tokens.headers["Content-Type"] == ["application/json;charset=UTF-8"])
            #expect(tokens.json.keys == ["access_token", "refresh_token", "scope", "id_token", "token_type", "expires_in"])
            #expect(tokens.json["token_type"] == "Bearer")
            #expect(tokens.json["expires_in"] == 3600)
            #expect(tokens.json["scope"] == "openid profile email")
            #expect(jwtPayload(try #require(tokens.json["access_token"]?.string))["iss"]?.string == server.baseURL + issuerPath)
        }
    }

    @Test("the session cookie works like the header, and the state is echoed as sent")
    func cookieAndState() async throws {
        try await withDemoAM { _, client in
            let ssoToken = try await client.signIn()
            var request = AuthorizeRequest()
            request.state = "a b&c=d/é"
            request.redirectURI = "http://127.0.0.1/callback"
            let reply = try await client.get(
                "/oauth2/realms/root/authorize?" + request.query, headers: [("Cookie", "iPlanetDirectoryPro=\(ssoToken)")]
            )
            #expect(reply.status == 302)
            #expect(reply.location?.hasPrefix("http://127.0.0.1/callback?code=") == true)
            #expect(reply.redirect["state"] == "a b&c=d/é")
        }
    }

    @Test("no session, an unknown token or another realm's session is login_required, redirected with the state")
    func loginRequired() async throws {
        try await withDemoAM { _, client in
            let alphaToken = try await client.signIn(realmPath: "/json/realms/alpha")
            for ssoToken in [nil, "not-a-session", alphaToken] {
                let reply = try await client.authorize(AuthorizeRequest(), ssoToken: ssoToken)
                #expect(reply.status == 302)
                #expect(reply.redirectItems.map(\.name) == ["error", "error_description", "state"])
                #expect(reply.redirect["error"] == "login_required")
                #expect(reply.redirect["state"] == "state-1234")
                #expect(reply.location?.contains("error_description=The+user+is+not+signed+in") == true)
            }
        }
    }

    @Test("a client that needs consent gets consent_required")
    func consentRequired() async throws {
        try await withDemoAM { _, client in
            var request = AuthorizeRequest()
            request.clientId = "needs-consent"
            let reply = try await client.authorize(request, ssoToken: try await client.signIn())
            #expect(reply.status == 302)
            #expect(reply.redirect["error"] == "consent_required")
            #expect(reply.redirect["error_description"]?.hasPrefix("The user has not given consent") == true)
            #expect(reply.location?.contains("error_description=The+user+has+not+given+consent") == true)
            #expect(reply.redirect["code"] == nil)
        }
    }

    @Test("an unregistered redirect_uri or an unknown client is a 400, never a redirect")
    func noRedirectToStrangers() async throws {
        try await withDemoAM { _, client in
            let ssoToken = try await client.signIn()
            var wrongURI = AuthorizeRequest()
            wrongURI.redirectURI = "https://attacker.example/callback"
            let refused = try await client.authorize(wrongURI, ssoToken: ssoToken)
            #expect(refused.status == 400)
            #expect(refused.location == nil)
            #expect(refused.text == #"{"error_description":"The redirection URI provided does not match a pre-registered value.","error":"invalid_request"}"#)

            var unknownClient = AuthorizeRequest()
            unknownClient.clientId = "stranger"
            let unknown = try await client.authorize(unknownClient, ssoToken: ssoToken)
            #expect(unknown.status == 400)
            #expect(unknown.location == nil)
            #expect(unknown.json["error"] == "invalid_client")
        }
    }

    @Test("PKCE is required, with S256 only")
    func pkceRequired() async throws {
        try await withDemoAM { _, client in
            let ssoToken = try await client.signIn()
            var noChallenge = AuthorizeRequest()
            noChallenge.sendsCodeChallenge = false
            var plain = AuthorizeRequest()
            plain.codeChallengeMethod = "plain"
            var noMethod = AuthorizeRequest()
            noMethod.codeChallengeMethod = nil
            for request in [noChallenge, plain, noMethod] {
                let reply = try await client.authorize(request, ssoToken: ssoToken)
                #expect(reply.status == 302)
                #expect(reply.redirect["error"] == "invalid_request")
                #expect(reply.redirect["state"] == "state-1234")
            }
        }
    }

    @Test("response_type must be code")
    func responseType() async throws {
        try await withDemoAM { _, client in
            let ssoToken = try await client.signIn()
            var token = AuthorizeRequest()
            token.responseType = "token"
            #expect(try await client.authorize(token, ssoToken: ssoToken).redirect["error"] == "unsupported_response_type")
            var missing = AuthorizeRequest()
            missing.responseType = nil
            let reply = try await client.authorize(missing, ssoToken: ssoToken)
            #expect(reply.redirect["error"] == "invalid_request")
            #expect(reply.redirect["error_description"] == "Missing parameter, 'response_type'")
        }
    }

    @Test("scopes beyond the client's are invalid_scope; without scope the client's scopes are granted")
    func scopes() async throws {
        try await withDemoAM { _, client in
            let ssoToken = try await client.signIn()
            var tooMuch = AuthorizeRequest()
            tooMuch.scope = "openid address"
            #expect(try await client.authorize(tooMuch, ssoToken: ssoToken).redirect["error"] == "invalid_scope")

            var none = AuthorizeRequest()
            none.scope = nil
            #expect(try await client.tokens(none, ssoToken: ssoToken)["scope"] == "openid profile email")
        }
    }

    @Test("acr_values must name a journey the session has passed")
    func acrValues() async throws {
        try await withDemoAM { _, client in
            let ssoToken = try await client.signIn()
            var stepUp = AuthorizeRequest()
            stepUp.acrValues = "SecondFactor"
            let refused = try await client.authorize(stepUp, ssoToken: ssoToken)
            #expect(refused.redirect["error"] == "interaction_required")
            #expect(refused.redirect["error_description"]?.contains("walk the journey SecondFactor") == true)

            var login = AuthorizeRequest()
            login.acrValues = "SecondFactor Login"
            #expect(try await client.authorize(login, ssoToken: ssoToken).redirect["code"] != nil)
        }
    }
}
