import DemoAM
import Foundation
import Testing

@Suite("OAuth 2.0 userinfo, revoke and endSession")
struct OAuthTokenUseTests {
    private static let invalidToken =
        #"{"error_description":"The access token provided is expired, revoked, malformed, or invalid for other reasons.","error":"invalid_token"}"#

    @Test("userinfo returns the claims the scopes allow")
    func userinfo() async throws {
        try await withDemoAM { _, client in
            let reply = try await client.userinfo(try #require(try await client.tokens()["access_token"]?.string))
            #expect(reply.status == 200)
            #expect(reply.headers["Cache-Control"] == ["no-store"])
            #expect(reply.text == #"{"sub":"demo","name":"Demo User","given_name":"Demo","family_name":"User","email":"demo@example.com","preferred_username":"demo","subname":"demo"}"#)
        }
    }

    @Test("a missing, malformed or other realm's token is a 401 invalid_token")
    func invalidTokens() async throws {
        try await withDemoAM { _, client in
            let accessToken = try #require(try await client.tokens()["access_token"]?.string)
            let alpha = try await client.userinfo(accessToken, oauthPath: "/oauth2/realms/alpha")
            let garbage = try await client.userinfo("not.a.jwt")
            let missing = try await client.get("/oauth2/realms/root/userinfo")
            for reply in [alpha, garbage, missing] {
                #expect(reply.status == 401)
                #expect(reply.text == Self.invalidToken)
                #expect(reply.headers["WWW-Authenticate"] == [#"Bearer error="invalid_token""#])
            }
        }
    }

    @Test("a revoked access token is invalid at userinfo; revoking answers {} even for unknown tokens")
    func revokeAccessToken() async throws {
        try await withDemoAM { _, client in
            let tokens = try await client.tokens()
            let accessToken = try #require(tokens["access_token"]?.string)
            let revoked = try await client.postForm("/oauth2/realms/root/token/revoke", [("token", accessToken), ("client_id", "journeyterm")])
            #expect(revoked.status == 200)
            #expect(revoked.text == "{}")
            let reply = try await client.userinfo(accessToken)
            #expect(reply.status == 401)
            #expect(reply.text == Self.invalidToken)
            #expect(reply.headers["WWW-Authenticate"] == [#"Bearer error="invalid_token""#])
            #expect(try await client.refresh(try #require(tokens["refresh_token"]?.string)).status == 200)

            let unknown = try await client.postForm("/oauth2/realms/root/token/revoke", [("token", "unknown"), ("client_id", "journeyterm")])
            #expect(unknown.status == 200)
            #expect(unknown.text == "{}")
        }
    }

    @Test("revoking a refresh token revokes the access tokens minted from it")
    func revokeRefreshToken() async throws {
        try await withDemoAM { _, client in
            let tokens = try await client.tokens()
            let refreshToken = try #require(tokens["refresh_token"]?.string)
            let refreshed = try await client.refresh(refreshToken)
            let accessTokens = [tokens["access_token"], refreshed.json["access_token"]].compactMap { $0?.string }
            let newRefreshToken = try #require(refreshed.json["refresh_token"]?.string)
            let other = try #require(try await client.tokens()["access_token"]?.string)

            let revoked = try await client.postForm("/oauth2/realms/root/token/revoke", [("token", newRefreshToken), ("client_id", "journeyterm")])
            #expect(revoked.text == "{}")
            for accessToken in accessTokens {
                #expect(try await client.userinfo(accessToken).status == 401)
            }
            #expect(try await client.refresh(newRefreshToken).json["error"] == "invalid_grant")
            #expect(try await client.userinfo(other).status == 200)
        }
    }

    @Test("an expired access token is a 401 at userinfo, and a refresh gives a working one")
    func expiredAccessToken() async throws {
        // Three seconds: long enough for the refreshed token to be used on a loaded machine.
        try await withDemoAM(DemoAMConfiguration(port: 0, accessTokenLifetime: .seconds(3))) { _, client in
            let tokens = try await client.tokens()
            #expect(tokens["expires_in"] == 3)
            let accessToken = try #require(tokens["access_token"]?.string)
            let deadline = ContinuousClock.now + .seconds(8)
            var reply = try await client.userinfo(accessToken)
            while reply.status == 200, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(100))
                reply = try await client.userinfo(accessToken)
            }
            #expect(reply.status == 401)
            #expect(reply.text == Self.invalidToken)
            let refreshed = try await client.refresh(try #require(tokens["refresh_token"]?.string))
            #expect(try await client.userinfo(try #require(refreshed.json["access_token"]?.string)).status == 200)
        }
    }

    @Test("endSession with the ID token ends the SSO session")
    func endSession() async throws {
        try await withDemoAM { _, client in
            let ssoToken = try await client.signIn()
            let idToken = try #require(try await client.tokens(ssoToken: ssoToken)["id_token"]?.string)
            #expect(try await client.sessionInfo(ssoToken).status == 200)

            let wrongClient = try await client.get("/oauth2/realms/root/connect/endSession?id_token_hint=\(idToken)&client_id=needs-consent")
            #expect(wrongClient.status == 400)
            #expect(wrongClient.json["error"] == "invalid_request")
            let garbage = try await client.get("/oauth2/realms/root/connect/endSession?id_token_hint=nonsense")
            #expect(garbage.status == 400)
            #expect(try await client.sessionInfo(ssoToken).status == 200)

            let ended = try await client.get("/oauth2/realms/root/connect/endSession?id_token_hint=\(idToken)&client_id=journeyterm")
            #expect(ended.status == 204)
            #expect(ended.text.isEmpty)
            #expect(try await client.sessionInfo(ssoToken).status == 401)
            #expect(try await client.authorize(AuthorizeRequest(), ssoToken: ssoToken).redirect["error"] == "login_required")
        }
    }
}
