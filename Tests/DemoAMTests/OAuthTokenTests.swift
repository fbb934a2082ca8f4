import AsyncHTTPClient
import DemoAM
import NIOCore
import Testing

@Suite("OAuth 2.0 access_token")
struct OAuthTokenTests {
    private static let invalidGrant = #"{"error_description":"grant is invalid","error":"invalid_grant"}"#

    @Test("a wrong code_verifier is invalid_grant, and the code is used up")
    func wrongVerifier() async throws {
        try await withDemoAM { _, client in
            let request = AuthorizeRequest()
            let authorized = try await client.authorize(request, ssoToken: try await client.signIn())
            var wrong = request
            wrong.codeVerifier = String(request.codeVerifier.reversed())
            let refused = try await client.exchange(authorized, wrong)
            #expect(refused.status == 400)
            #expect(refused.text == Self.invalidGrant)
            #expect(try await client.exchange(authorized, request).text == Self.invalidGrant)
        }
    }

    @Test("a code works once")
    func codeReuse() async throws {
        try await withDemoAM { _, client in
            let request = AuthorizeRequest()
            let authorized = try await client.authorize(request, ssoToken: try await client.signIn())
            #expect(try await client.exchange(authorized, request).status == 200)
            let again = try await client.exchange(authorized, request)
            #expect(again.status == 400)
            #expect(again.text == Self.invalidGrant)
        }
    }

    @Test("the code is bound to its redirect_uri and client")
    func codeBinding() async throws {
        try await withDemoAM { _, client in
            let ssoToken = try await client.signIn()
            let request = AuthorizeRequest()
            var otherURI = request
            otherURI.redirectURI = "http://127.0.0.1/callback"
            #expect(try await client.exchange(try await client.authorize(request, ssoToken: ssoToken), otherURI).text == Self.invalidGrant)
            var otherClient = request
            otherClient.clientId = "needs-consent"
            #expect(try await client.exchange(try await client.authorize(request, ssoToken: ssoToken), otherClient).text == Self.invalidGrant)
        }
    }

    @Test("malformed token requests: grant type, client, parameters, content type")
    func malformedRequests() async throws {
        try await withDemoAM { _, client in
            let path = "/oauth2/realms/root/access_token"
            let noGrantType = try await client.postForm(path, [("client_id", "journeyterm")])
            #expect(noGrantType.status == 400)
            #expect(noGrantType.json["error"] == "invalid_request")
            let password = try await client.postForm(path, [("grant_type", "password"), ("client_id", "journeyterm")])
            #expect(password.json["error"] == "unsupported_grant_type")
            let noClient = try await client.postForm(path, [("grant_type", "authorization_code"), ("code", "x")])
            #expect(noClient.text == #"{"error_description":"Client authentication failed","error":"invalid_client"}"#)
            let noCode = try await client.postForm(path, [("grant_type", "authorization_code"), ("client_id", "journeyterm")])
            #expect(noCode.text == #"{"error_description":"Missing parameter, 'code'","error":"invalid_request"}"#)
            let unknownCode = try await client.postForm(path, [
                ("grant_type", "authorization_code"), ("client_id", "journeyterm"), ("code", "nope"),
                ("redirect_uri", "urn:journeyterm:callback"), ("code_verifier", "v"),
            ])
            #expect(unknownCode.text == Self.invalidGrant)
            var jsonRequest = HTTPClientRequest(url: client.baseURL + path)
            jsonRequest.method = .POST
            jsonRequest.headers.add(name: "Content-Type", value: "application/json")
            jsonRequest.body = .bytes(ByteBuffer(string: #"{"grant_type":"refresh_token"}"#))
            let json = try await client.send(jsonRequest)
            #expect(json.status == 400)
            #expect(json.json["error"] == "invalid_request")
            #expect(try await client.get(path).status == 404)
        }
    }

    @Test("a refresh with rotation returns a new refresh token and revokes the old one")
    func refreshWithRotation() async throws {
        try await withDemoAM { _, client in
            let tokens = try await client.tokens()
            let first = try #require(tokens["refresh_token"]?.string)
            let refreshed = try await client.refresh(first)
            #expect(refreshed.status == 200)
            #expect(refreshed.json.keys == ["access_token", "refresh_token", "scope", "id_token", "token_type", "expires_in"])
            let second = try #require(refreshed.json["refresh_token"]?.string)
            #expect(second != first)
            #expect(refreshed.json["access_token"] != tokens["access_token"])
            #expect(try await client.refresh(first).text == Self.invalidGrant)
            #expect(try await client.refresh(second).status == 200)
        }
    }

    @Test("a refresh without rotation has no refresh_token, and the old one keeps working")
    func refreshWithoutRotation() async throws {
        try await withDemoAM(DemoAMConfiguration(port: 0, rotatesRefreshTokens: false)) { _, client in
            let refreshToken = try #require(try await client.tokens()["refresh_token"]?.string)
            for _ in 0..<2 {
                let refreshed = try await client.refresh(refreshToken)
                #expect(refreshed.status == 200)
                #expect(refreshed.json.keys == ["access_token", "scope", "id_token", "token_type", "expires_in"])
            }
        }
    }

    @Test("a refresh may narrow the scopes but not widen them, and only for its own client")
    func refreshScopes() async throws {
        try await withDemoAM(DemoAMConfiguration(port: 0, rotatesRefreshTokens: false)) { _, client in
            var request = AuthorizeRequest()
            request.scope = "openid email"
            let refreshToken = try #require(try await client.tokens(request)["refresh_token"]?.string)
            let narrowed = try await client.refresh(refreshToken, scope: "email")
            #expect(narrowed.json["scope"] == "email")
            #expect(narrowed.json["id_token"] == nil)
            let userinfo = try await client.userinfo(try #require(narrowed.json["access_token"]?.string))
            #expect(userinfo.text == #"{"sub":"demo","email":"demo@example.com","subname":"demo"}"#)

            let widened = try await client.refresh(refreshToken, scope: "openid profile")
            #expect(widened.text == #"{"error_description":"Unknown/invalid scope(s)","error":"invalid_scope"}"#)
            #expect(try await client.refresh(refreshToken, clientId: "needs-consent").text == Self.invalidGrant)
            #expect(try await client.refresh("unknown").text == Self.invalidGrant)
        }
    }
}
