import DemoAM
import Foundation
import Testing

@Suite("The record of sessions logged out and tokens revoked")
struct RevocationTests {
    private typealias TokenType = DemoRevocations.TokenType

    @Test("a fingerprint is the first 8 hex digits of the token's SHA-256")
    func fingerprint() {
        #expect(DemoRevocations.fingerprint(of: "abc") == "ba7816bf")
        #expect(DemoRevocations.fingerprint(of: "") == "e3b0c442")
    }

    @Test("a logout is recorded with its realm, user and request, in Swift and at /demo/revocations", arguments: [
        ("/json/realms/root", "/am/json/realms/root/sessions"),
        ("/json/realms/root/realms/alpha", "/am/json/realms/root/realms/alpha/sessions"),
        ("/json/realms/alpha", "/am/json/realms/alpha/sessions"),
    ])
    func logout(realmPath: String, requestPath: String) async throws {
        try await withDemoAM { server, client in
            let token = try await client.signIn("alice", password: "Alice-pass1", realmPath: realmPath)
            let cookieName = DemoAM.sessionCookieName(forRealm: realm(ofPath: realmPath))
            let before = Date(timeIntervalSinceNow: -1)
            #expect(try await client.sessions("logout", realmPath: realmPath, headers: [("iPlanetDirectoryPro-not", token)]).status == 401)
            #expect(await server.revocations().isEmpty)
            #expect(try await client.sessions("logout", realmPath: realmPath, headers: [(cookieName, token)]).status == 200)

            let record = await server.revocations()
            let logout = try #require(record.sessionsLoggedOut.first)
            #expect(record.sessionsLoggedOut.count == 1)
            #expect(record.tokensRevoked.isEmpty)
            #expect(logout.realm == realm(ofPath: realmPath))
            #expect(logout.user == "alice")
            #expect(logout.request == "POST \(requestPath)?_action=logout")
            #expect(logout.tokenFingerprint == DemoRevocations.fingerprint(of: token))
            #expect(logout.at >= before && logout.at <= Date(timeIntervalSinceNow: 1))

            let route = try await client.get("/demo/revocations")
            #expect(route.status == 200)
            #expect(route.headers["Content-Type"] == ["application/json;charset=UTF-8"])
            #expect(!route.text.contains(token))
            #expect(route.json["tokensRevoked"] == [])
            let entry = try #require(route.json["sessionsLoggedOut"]?[0])
            #expect(entry.keys == ["at", "realm", "user", "request", "tokenFingerprint"])
            #expect(entry["realm"]?.string == logout.realm)
            #expect(entry["user"] == "alice")
            #expect(entry["request"]?.string == logout.request)
            #expect(entry["tokenFingerprint"]?.string == logout.tokenFingerprint)
            let at = try #require(entry["at"]?.string)
            #expect(abs(try #require(ISO8601DateFormatter().date(from: at)).timeIntervalSince(logout.at)) < 1)
        }
    }

    @Test("endSession is recorded as a logout, without the ID token")
    func endSession() async throws {
        try await withDemoAM { server, client in
            let ssoToken = try await client.signIn()
            let idToken = try #require(try await client.tokens(ssoToken: ssoToken)["id_token"]?.string)
            let ended = try await client.get("/oauth2/realms/root/connect/endSession?id_token_hint=\(idToken)&client_id=journeyterm")
            #expect(ended.status == 204)
            _ = try await client.get("/oauth2/realms/root/connect/endSession?id_token_hint=\(idToken)")

            let record = await server.revocations()
            #expect(record.sessionsLoggedOut.map(\.request) == ["GET /am/oauth2/realms/root/connect/endSession"])
            #expect(record.sessionsLoggedOut.map(\.tokenFingerprint) == [DemoRevocations.fingerprint(of: ssoToken)])
            #expect(record.sessionsLoggedOut.map(\.user) == ["demo"])
            #expect(record.tokensRevoked.isEmpty)
            let route = try await client.get("/demo/revocations").text
            #expect(!route.contains(idToken) && !route.contains(ssoToken))
        }
    }

    @Test("a revoked refresh token is recorded with the access tokens of its grant")
    func revokeRefreshToken() async throws {
        try await withDemoAM { server, client in
            let tokens = try await client.tokens()
            let refreshed = try await client.refresh(try #require(tokens["refresh_token"]?.string)).json
            let refreshToken = try #require(refreshed["refresh_token"]?.string)
            let accessTokens = try [tokens["access_token"], refreshed["access_token"]].map { try #require($0?.string) }
            _ = try await client.tokens()

            let revoked = try await client.postForm("/oauth2/realms/root/token/revoke", [("token", refreshToken), ("client_id", "journeyterm")])
            #expect(revoked.text == "{}")

            let record = await server.revocations().tokensRevoked
            #expect(record.map(\.tokenType) == [TokenType.refreshToken, .accessToken, .accessToken])
            #expect(record[0].tokenFingerprint == DemoRevocations.fingerprint(of: refreshToken))
            #expect(Set(record.dropFirst().map(\.tokenFingerprint)) == Set(accessTokens.map(DemoRevocations.fingerprint(of:))))
            #expect(record.allSatisfy { $0.realm == "/" && $0.clientId == "journeyterm" && $0.request == "POST /am/oauth2/realms/root/token/revoke" })

            let route = try await client.get("/demo/revocations")
            #expect(!([refreshToken] + accessTokens).contains { route.text.contains($0) })
            let first = try #require(route.json["tokensRevoked"]?[0])
            #expect(first.keys == ["at", "realm", "clientId", "tokenType", "request", "tokenFingerprint"])
            #expect(first["tokenType"] == "refresh_token")
            #expect(route.json["tokensRevoked"]?[1]?["tokenType"] == "access_token")
        }
    }

    @Test("a revoked access token is recorded alone; unknown and other clients' tokens are not recorded")
    func revokeAccessToken() async throws {
        try await withDemoAM { server, client in
            let oauthPath = "/oauth2/realms/root/realms/alpha"
            let request = AuthorizeRequest()
            let ssoToken = try await client.signIn(realmPath: "/json/realms/alpha")
            let tokens = try await client.exchange(try await client.authorize(request, ssoToken: ssoToken, oauthPath: oauthPath), request, oauthPath: oauthPath)
            let accessToken = try #require(tokens.json["access_token"]?.string)
            let path = oauthPath + "/token/revoke"
            _ = try await client.postForm(path, [("token", "unknown"), ("client_id", "journeyterm")])
            _ = try await client.postForm(path, [("token", accessToken), ("client_id", "needs-consent")])
            #expect(await server.revocations().isEmpty)

            _ = try await client.postForm(path, [("token", accessToken), ("client_id", "journeyterm")])
            _ = try await client.postForm(path, [("token", accessToken), ("client_id", "journeyterm")])
            let record = await server.revocations().tokensRevoked
            #expect(record.map(\.tokenType) == [TokenType.accessToken])
            #expect(record.map(\.tokenFingerprint) == [DemoRevocations.fingerprint(of: accessToken)])
            #expect(record.map(\.realm) == ["/alpha"])
            #expect(record.map(\.request) == ["POST /am/oauth2/realms/root/realms/alpha/token/revoke"])
        }
    }

    @Test("each server records only what it was asked to end")
    func perServer() async throws {
        try await withDemoAM { first, firstClient in
            try await withDemoAM { second, _ in
                let token = try await firstClient.signIn()
                _ = try await firstClient.sessions("logout", headers: [("iPlanetDirectoryPro", token)])
                #expect(await first.revocations().sessionsLoggedOut.count == 1)
                #expect(await second.revocations().isEmpty)
            }
        }
    }
}

extension DemoRevocations {
    /// Nothing logged out, nothing revoked.
    var isEmpty: Bool { sessionsLoggedOut.isEmpty && tokensRevoked.isEmpty }
}
