import Foundation
import DemoAM
import Testing

@Suite("Login journey")
struct LoginTests {
    @Test("the first step is AM's username/password page")
    func firstPage() async throws {
        try await withDemoAM { _, client in
            let step = try await client.start("Login")
            #expect(step.status == 200)
            #expect(step.headers["Content-API-Version"] == ["resource=2.1"])
            #expect(step.headers["Content-Type"] == ["application/json;charset=UTF-8"])
            #expect(step.setCookies == ["amlbcookie=01; Path=/"])
            #expect(step.json.keys == ["authId", "callbacks", "stage", "header", "description"])
            #expect(step.json["stage"] == "UsernamePassword")
            #expect(step.json["header"] == "Sign In")
            // Outside `journey demo` there is no demo panel to point to.
            #expect(step.json["description"]?.string?.contains("The banner this demo AM printed when it started lists the users.") == true)
            #expect(step.json["description"]?.string?.contains("demo panel") == false)
            #expect(step.types == ["NameCallback", "PasswordCallback"])
            #expect(step.callbacks[0].outputs["prompt"] == "User Name")
            #expect(step.callbacks[1].outputs["prompt"] == "Password")
            #expect(step.callbacks.map(\.inputNames) == [["IDToken1"], ["IDToken2"]])
            #expect(step.callbacks.map { $0["_id"] } == [0, 1])
            #expect(step.callbacks[0].input("IDToken1") == "")
        }
    }

    @Test("the authId looks like AM's: an HS256 JWT naming the journey and realm")
    func authIdShape() async throws {
        try await withDemoAM { _, client in
            let authId = try #require(try await client.start("Login").json["authId"]?.string)
            let parts = authId.split(separator: ".")
            #expect(parts.count == 3)
            #expect(parts[0] == "eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9")
            let payload = try #require(JSON.parse(base64URLDecoded(parts[1])))
            #expect(payload["authIndexType"] == "service")
            #expect(payload["authIndexValue"] == "Login")
            #expect(payload["realm"] == "/")
            #expect(payload.keys.isSuperset(of: ["otk", "exp", "iat"]))
        }
    }

    @Test("the right password ends in a session token and cookie")
    func success() async throws {
        try await withDemoAM { _, client in
            let step = try await client.start("Login")
            let done = try await client.submit(step, ["IDToken1": "demo", "IDToken2": "Demo-pass1"])
            #expect(done.status == 200)
            #expect(done.json.keys == ["tokenId", "successUrl", "realm"])
            #expect(done.json["successUrl"] == "/am/console")
            #expect(done.json["realm"] == "/")
            let token = try #require(done.json["tokenId"]?.string)
            #expect(token.contains(".*AAJTSQACMDEAAlNLABw"))
            #expect(done.setCookies.contains("iPlanetDirectoryPro=\(token); Path=/; HttpOnly"))
            #expect(done.setCookies.contains("amlbcookie=01; Path=/"))
        }
    }

    @Test("a wrong password is AM's 401 Login failure")
    func wrongPassword() async throws {
        try await withDemoAM { _, client in
            let step = try await client.start("Login")
            let failed = try await client.submit(step, ["IDToken1": "demo", "IDToken2": "wrong"])
            #expect(failed.status == 401)
            #expect(failed.text == #"{"code":401,"reason":"Unauthorized","message":"Login failure","detail":{"failureUrl":""}}"#)
            #expect(failed.setCookies == ["amlbcookie=01; Path=/"])
        }
    }

    @Test("noSession=true succeeds without a token or session cookie")
    func noSession() async throws {
        try await withDemoAM { _, client in
            let step = try await client.start("Login", query: "noSession=true")
            let done = try await client.submit(step, ["IDToken1": "alice", "IDToken2": "Alice-pass1"])
            #expect(done.text == #"{"successUrl":"/am/console","realm":"/"}"#)
            #expect(done.setCookies == ["amlbcookie=01; Path=/"])
        }
    }

    @Test("an existing session is returned at once, unless ForceAuth=true", arguments: [true, false])
    func existingSession(asCookie: Bool) async throws {
        try await withDemoAM { _, client in
            let step = try await client.start("Login")
            let token = try #require(try await client.submit(step, ["IDToken1": "demo", "IDToken2": "Demo-pass1"]).json["tokenId"]?.string)
            let session = asCookie ? ("Cookie", "amlbcookie=01; iPlanetDirectoryPro=\(token)") : ("iPlanetDirectoryPro", token)

            let again = try await client.start("Login", headers: [session])
            #expect(again.json["tokenId"]?.string == token)
            #expect(again.json["authId"] == nil)

            let forced = try await client.start("Login", query: "ForceAuth=true", headers: [session])
            #expect(forced.json["stage"] == "UsernamePassword")
            let fresh = try await client.submit(forced, ["IDToken1": "demo", "IDToken2": "Demo-pass1"])
            let freshToken = try #require(fresh.json["tokenId"]?.string)
            #expect(freshToken != token)

            let unknown = try await client.start("Login", headers: [("iPlanetDirectoryPro", "not-a-session")])
            #expect(unknown.json["stage"] == "UsernamePassword")
        }
    }

    @Test("French prompts from locale or Accept-Language")
    func french() async throws {
        try await withDemoAM { _, client in
            for step in [
                try await client.start("Login", query: "locale=fr"),
                try await client.start("Login", headers: [("Accept-Language", "fr-CA,fr;q=0.9,en;q=0.5")]),
            ] {
                #expect(step.json["header"] == "Connexion")
                #expect(step.callbacks.map { $0.outputs["prompt"] } == ["Nom d'utilisateur", "Mot de passe"])
            }
            let english = try await client.start("Login", query: "locale=en", headers: [("Accept-Language", "fr")])
            #expect(english.json["header"] == "Sign In")
        }
    }

    @Test("the alpha realm, in AM's and the SDKs' path forms", arguments: ["/json/realms/root/realms/alpha", "/json/realms/alpha"])
    func alphaRealm(realmPath: String) async throws {
        try await withDemoAM { _, client in
            let step = try await client.start("Login", realmPath: realmPath)
            let authId = try #require(step.json["authId"]?.string)
            #expect(JSON.parse(base64URLDecoded(authId.split(separator: ".")[1]))?["realm"] == "/alpha")
            let done = try await client.submit(step, ["IDToken1": "demo", "IDToken2": "Demo-pass1"], realmPath: realmPath)
            #expect(done.json["realm"] == "/alpha")
            #expect(done.json["tokenId"]?.string != nil)
        }
    }

    @Test("user names match case-insensitively")
    func caseInsensitiveUser() async throws {
        try await withDemoAM { _, client in
            let step = try await client.start("Login")
            let done = try await client.submit(step, ["IDToken1": "DEMO", "IDToken2": "Demo-pass1"])
            #expect(done.json["tokenId"] != nil)
        }
    }
}

/// Decodes unpadded base64url.
func base64URLDecoded(_ text: Substring) -> String {
    var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
    return Data(base64Encoded: base64).map { String(decoding: $0, as: UTF8.self) } ?? ""
}

/// The demo AM's pages point to the demo panel only where there is one (inside `journey demo`).
struct DemoHintTests {
    @Test func thePagesPointToTheDemoPanelOnlyWhereThereIsOne() async throws {
        var inDemo = DemoAMConfiguration(port: 0)
        inDemo.hasDemoPanel = true
        for (configuration, panel) in [(inDemo, true), (DemoAMConfiguration(port: 0), false)] {
            try await withDemoAM(configuration) { _, client in
                let login = try await client.start("Login")
                #expect(login.json["description"]?.string?.contains("The demo panel (<b>d</b>) lists the users") == panel)
                let first = try await client.start("SecondFactor")
                let choice = try await client.submit(first, ["IDToken1": "demo", "IDToken2": "Demo-pass1"])
                let codePage = try await client.submit(choice, ["IDToken1": .int(0)])
                let texts = codePage.json["description"]?.string ?? ""
                #expect(texts.contains("the demo panel (d) shows it") == panel, "\(texts)")
                #expect(texts.contains("the banner this demo AM printed when it started lists the secrets") == !panel, "\(texts)")
            }
        }
    }
}
