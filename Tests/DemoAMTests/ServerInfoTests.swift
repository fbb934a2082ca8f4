import DemoAM
import Testing

@Suite("serverinfo")
struct ServerInfoTests {
    @Test(
        "GET serverinfo/* names the realm's cookie, in every path form",
        arguments: [
            ("/json/serverinfo/*", "/"),
            ("/json/realms/root/serverinfo/*", "/"),
            ("/json/realms/root/realms/alpha/serverinfo/*", "/alpha"),
            ("/json/realms/alpha/serverinfo/*", "/alpha"),
            ("/json/realms/root/realms/alpha/serverinfo/%2A", "/alpha"),
        ]
    )
    func serverInfo(path: String, realm: String) async throws {
        try await withDemoAM { _, client in
            let reply = try await client.get(path)
            #expect(reply.status == 200)
            #expect(reply.headers["Content-Type"] == ["application/json;charset=UTF-8"])
            #expect(reply.headers["Content-API-Version"] == ["resource=1.1"])
            #expect(reply.json["_id"] == "*")
            #expect(Int32(try #require(reply.json["_rev"]?.string)) != nil)
            let cookieName = DemoAM.sessionCookieName(forRealm: realm)
            let afterRevision = try #require(reply.text.split(separator: ",", maxSplits: 2).last)
            #expect(afterRevision == """
                "domains":[],"protectedUserAttributes":["telephoneNumber","mail"],"cookieName":"\(cookieName)","secureCookie":false,\
                "forgotPassword":"false","forgotUsername":"false","kbaEnabled":"false","selfRegistration":"false","lang":"en-US",\
                "successfulUserRegistrationDestination":"default","socialImplementations":[],"referralsEnabled":"false",\
                "zeroPageLogin":{"enabled":false,"refererWhitelist":[],"allowedWithoutReferer":true},"realm":"\(realm)",\
                "xuiUserSessionValidationEnabled":true,"fileBasedConfiguration":false,"userIdAttributes":[]}
                """)
        }
    }

    @Test("resource 1.0 and 1.1 are served and named; other versions are a 400", arguments: [
        ("protocol=1.0,resource=1.1", 200, "resource=1.1"),
        ("resource=1.0, protocol=1.0", 200, "resource=1.0"),
        ("Resource = 1.1", 200, "resource=1.1"),
        ("protocol=1.0", 200, "resource=1.1"),
        ("resource=2.0", 400, nil),
    ] as [(String, Int, String?)])
    func apiVersion(header: String, status: Int, served: String?) async throws {
        try await withDemoAM { _, client in
            let reply = try await client.get("/json/serverinfo/*", headers: [("Accept-API-Version", header)])
            #expect(reply.status == status)
            #expect(reply.headers["Content-API-Version"].first == served)
            if status == 400 {
                #expect(reply.json["message"]?.string?.hasPrefix("Unsupported API version") == true)
            }
        }
    }

    @Test("lang follows locale, then Accept-Language")
    func lang() async throws {
        try await withDemoAM { _, client in
            let fromHeader = try await client.get("/json/serverinfo/*", headers: [("Accept-Language", "fr-CA,fr;q=0.9")])
            #expect(fromHeader.json["lang"] == "fr-CA")
            let fromLocale = try await client.get("/json/serverinfo/*?locale=de", headers: [("Accept-Language", "fr")])
            #expect(fromLocale.json["lang"] == "de")
        }
    }

    @Test("the revision changes with the content", arguments: ["/json/serverinfo/*", "/json/realms/alpha/serverinfo/*"])
    func revision(path: String) async throws {
        try await withDemoAM { _, client in
            let first = try await client.get(path).json["_rev"]
            #expect(try await client.get(path).json["_rev"] == first)
            #expect(try await client.get(path, headers: [("Accept-Language", "fr")]).json["_rev"] != first)
        }
    }

    @Test("another resource id, another realm, or no id is a 404", arguments: [
        "/json/serverinfo/version", "/json/serverinfo", "/json/realms/root/realms/beta/serverinfo/*", "/json/realms/root/serverinfo",
        "/json/realms/root/authenticate",
    ])
    func notFound(path: String) async throws {
        try await withDemoAM { _, client in
            let reply = try await client.get(path)
            #expect(reply.status == 404)
            #expect(reply.json["code"] == 404)
        }
    }
}
