import DemoAM
import Foundation
import Testing

@Suite("OAuth 2.0 token introspection (RFC 7662)")
struct IntrospectionTests {
    @Test("a live access token is active with its claims; client_secret_basic and client_secret_post both work")
    func active() async throws {
        try await withDemoAM { _, client in
            let accessToken = try await client.accessToken(ssoToken: try await client.signIn())
            let basic = try await client.introspect(accessToken)
            #expect(basic.status == 200)
            let claims = basic.json
            #expect(claims.keys == [
                "active", "scope", "client_id", "username", "sub", "token_type", "exp", "iat", "auth_time", "auth_level", "amr", "acr", "realm",
            ])
            #expect(claims["active"] == true)
            #expect(claims["scope"] == "openid profile email")
            #expect(claims["client_id"] == "journeyterm")
            #expect(claims["username"] == "demo" && claims["sub"] == "demo")
            #expect(claims["token_type"] == "Bearer")
            #expect(claims["auth_level"] == 0 && claims["amr"] == ["pwd"] && claims["acr"] == "Login" && claims["realm"] == "/")
            #expect(claims["exp"] == jwtPayload(accessToken)["exp"])
            #expect(basic.text.hasPrefix(#"{"active":true,"scope":"openid profile email","client_id":"journeyterm""#))

            let post = try await client.introspect(
                accessToken, basic: nil, fields: [("client_id", "demo-api"), ("client_secret", "demo-api-secret"), ("token_type_hint", "access_token")]
            )
            #expect(post.json["active"] == true)
        }
    }

    @Test("unknown, revoked and refresh tokens are inactive")
    func inactive() async throws {
        try await withDemoAM { _, client in
            let tokens = try await client.tokens(clientId: "journeyterm", ssoToken: try await client.signIn())
            let accessToken = try #require(tokens["access_token"]?.string)
            for token in ["not-a-token", try #require(tokens["refresh_token"]?.string)] {
                #expect(try await client.introspect(token).text == #"{"active":false}"#)
            }
            _ = try await client.postForm("/oauth2/realms/root/token/revoke", [("token", accessToken), ("client_id", "journeyterm")])
            #expect(try await client.introspect(accessToken).text == #"{"active":false}"#)
        }
    }

    @Test("an alpha token is inactive at the root realm and active at alpha")
    func otherRealm() async throws {
        try await withDemoAM { _, client in
            let alphaSSO = try await client.signIn(realmPath: "/json/realms/alpha")
            let request = AuthorizeRequest()
            let authorized = try await client.authorize(request, ssoToken: alphaSSO, oauthPath: "/oauth2/realms/alpha")
            let tokens = try await client.exchange(authorized, request, oauthPath: "/oauth2/realms/alpha")
            let accessToken = try #require(tokens.json["access_token"]?.string)
            #expect(try await client.introspect(accessToken).json["active"] == false)
            let alpha = try await client.postForm("/oauth2/realms/alpha/introspect", [
                ("token", accessToken), ("client_id", "demo-api"), ("client_secret", "demo-api-secret"),
            ])
            #expect(alpha.json["active"] == true && alpha.json["realm"] == "/alpha")
        }
    }

    @Test("client authentication is required: none, a wrong secret or a public client is a 401 invalid_client")
    func clientAuthentication() async throws {
        try await withDemoAM { _, client in
            let accessToken = try await client.accessToken(ssoToken: try await client.signIn())
            for basic in [nil, ("demo-api", "wrong"), ("journeyterm", "")] as [(String, String)?] {
                let reply = try await client.introspect(accessToken, basic: basic)
                #expect(reply.status == 401)
                #expect(reply.json["error"] == "invalid_client")
                #expect(reply.challenge == #"Basic realm="AM""#)
            }
            let publicClient = try await client.introspect(accessToken, basic: nil, fields: [("client_id", "journeyterm")])
            #expect(publicClient.status == 401)
        }
    }

    @Test("the confidential client cannot use the code flow")
    func confidentialClientOnlyIntrospects() async throws {
        try await withDemoAM { _, client in
            var request = AuthorizeRequest()
            request.clientId = "demo-api"
            let reply = try await client.authorize(request, ssoToken: try await client.signIn())
            #expect(reply.status == 400)
            #expect(reply.json["error"] == "invalid_client")
        }
    }
}
