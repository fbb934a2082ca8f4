import DemoAM
import Testing

@Suite("Each realm's SSO cookie name")
struct SessionCookieTests {
    private static let alphaCookie = DemoAM.sessionCookieName(forRealm: "/alpha")
    private static let alphaPath = "/json/realms/root/realms/alpha"

    @Test("the root realm keeps iPlanetDirectoryPro; alpha has a random-looking name of its own")
    func names() {
        for realm in ["/", "root", "/root", ""] {
            #expect(DemoAM.sessionCookieName(forRealm: realm) == "iPlanetDirectoryPro")
        }
        for realm in ["/alpha", "alpha", "root/alpha", "/root/alpha"] {
            #expect(DemoAM.sessionCookieName(forRealm: realm) == Self.alphaCookie)
        }
        #expect(Self.alphaCookie != "iPlanetDirectoryPro")
        #expect(Self.alphaCookie.count == 15 && Self.alphaCookie.allSatisfy(\.isHexDigit))
    }

    @Test("a session is set with its realm's cookie name", arguments: ["/json/realms/root", "/json/realms/root/realms/alpha", "/json/realms/alpha"])
    func authenticateSetsTheRealmsCookie(realmPath: String) async throws {
        try await withDemoAM { _, client in
            let step = try await client.start("Login", realmPath: realmPath)
            let done = try await client.submit(step, ["IDToken1": "demo", "IDToken2": "Demo-pass1"], realmPath: realmPath)
            let token = try #require(done.json["tokenId"]?.string)
            let name = DemoAM.sessionCookieName(forRealm: realm(ofPath: realmPath))
            #expect(done.setCookies == ["\(name)=\(token); Path=/; HttpOnly", "amlbcookie=01; Path=/"])
        }
    }

    @Test("an alpha session is reused only when sent under alpha's cookie name", arguments: [true, false])
    func reuseReadsTheRealmsCookie(asCookie: Bool) async throws {
        try await withDemoAM { _, client in
            let token = try await client.signIn(realmPath: Self.alphaPath)
            func sent(as name: String) -> (String, String) {
                asCookie ? ("Cookie", "amlbcookie=01; \(name)=\(token)") : (name, token)
            }
            let reused = try await client.start("Login", realmPath: Self.alphaPath, headers: [sent(as: Self.alphaCookie)])
            #expect(reused.json["tokenId"]?.string == token)
            let wrongName = try await client.start("Login", realmPath: Self.alphaPath, headers: [sent(as: "iPlanetDirectoryPro")])
            #expect(wrongName.json["stage"] == "UsernamePassword")
        }
    }

    @Test("getSessionInfo and validate read the realm's cookie name, as header or cookie", arguments: ["/json/realms/root", "/json/realms/root/realms/alpha"])
    func sessionInfoAndValidate(realmPath: String) async throws {
        try await withDemoAM { _, client in
            let token = try await client.signIn(realmPath: realmPath)
            let right = DemoAM.sessionCookieName(forRealm: realm(ofPath: realmPath))
            let wrong = right == "iPlanetDirectoryPro" ? Self.alphaCookie : "iPlanetDirectoryPro"
            for sent in [(right, token), ("Cookie", "\(right)=\(token)")] {
                let info = try await client.sessions("getSessionInfo", realmPath: realmPath, headers: [sent])
                #expect(info.status == 200)
                #expect(info.json["realm"]?.string == realm(ofPath: realmPath))
                #expect(try await client.sessions("validate", realmPath: realmPath, headers: [sent]).json["valid"] == true)
            }
            for sent in [(wrong, token), ("Cookie", "\(wrong)=\(token)")] {
                let info = try await client.sessions("getSessionInfo", realmPath: realmPath, headers: [sent])
                #expect(info.status == 401)
                #expect(info.text == #"{"code":401,"reason":"Unauthorized","message":"Access Denied"}"#)
                #expect(try await client.sessions("validate", realmPath: realmPath, headers: [sent]).json["valid"] == false)
            }
        }
    }

    @Test("logout reads the realm's cookie name and clears that cookie", arguments: ["/json/realms/root", "/json/realms/root/realms/alpha"])
    func logout(realmPath: String) async throws {
        try await withDemoAM { _, client in
            let token = try await client.signIn(realmPath: realmPath)
            let right = DemoAM.sessionCookieName(forRealm: realm(ofPath: realmPath))
            let wrong = right == "iPlanetDirectoryPro" ? Self.alphaCookie : "iPlanetDirectoryPro"

            let refused = try await client.sessions("logout", realmPath: realmPath, headers: [(wrong, token)])
            #expect(refused.status == 401)
            #expect(try await client.sessions("getSessionInfo", realmPath: realmPath, headers: [(right, token)]).status == 200)

            let done = try await client.sessions("logout", realmPath: realmPath, headers: [(right, token)])
            #expect(done.status == 200)
            #expect(done.text == #"{"result":"Successfully logged out"}"#)
            #expect(done.setCookies == ["\(right)=\"\"; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/"])
            #expect(try await client.sessions("getSessionInfo", realmPath: realmPath, headers: [(right, token)]).status == 401)
        }
    }

    @Test("authorize in alpha takes the SSO token under alpha's cookie name only")
    func authorizeInAlpha() async throws {
        try await withDemoAM { _, client in
            let token = try await client.signIn(realmPath: Self.alphaPath)
            let oauthPath = "/oauth2/realms/root/realms/alpha"
            let query = "/authorize?" + AuthorizeRequest().query
            for sent in [(Self.alphaCookie, token), ("Cookie", "\(Self.alphaCookie)=\(token)")] {
                let reply = try await client.get(oauthPath + query, headers: [sent])
                #expect(reply.status == 302)
                #expect(reply.redirect["code"] != nil)
            }
            for sent in [("iPlanetDirectoryPro", token), ("Cookie", "iPlanetDirectoryPro=\(token)")] {
                #expect(try await client.get(oauthPath + query, headers: [sent]).redirect["error"] == "login_required")
            }
        }
    }
}
