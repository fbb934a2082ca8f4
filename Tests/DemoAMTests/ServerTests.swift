import Logging
import DemoAM
import Testing

@Suite("Server lifecycle and pages")
struct ServerTests {
    @Test("many servers start and stop in one process")
    func startAndStop() async throws {
        for _ in 0..<5 {
            let servers = try await withThrowingTaskGroup(of: DemoAM.self) { group in
                for _ in 0..<4 {
                    group.addTask { try await DemoAM.start(DemoAMConfiguration(port: 0), logger: .init(label: "t") { _ in SwiftLogNoOpLogHandler() }) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(Set(servers.map(\.port)).count == 4)
            for server in servers {
                #expect(try await AMClient(server).get("/demo/outbox").text == "[]")
                await server.stop()
            }
        }
    }

    @Test("a taken port is a clear error, and the port is free again after stop")
    func portTaken() async throws {
        try await withDemoAM { server, _ in
            let port = server.port
            do {
                let unexpected = try await DemoAM.start(DemoAMConfiguration(port: port), logger: .init(label: "t") { _ in SwiftLogNoOpLogHandler() })
                await unexpected.stop()
                Issue.record("a second server started on port \(port)")
            } catch let error as DemoAMError {
                #expect("\(error)".contains("127.0.0.1:\(port)"))
            }
        }
    }

    @Test("a stopped server's port can be used again")
    func restartOnSamePort() async throws {
        // Another test's server may take the freed port between the two starts (any free port
        // is handed out): that is not this property failing, so up to three ports are tried.
        var reused = false
        for _ in 0..<3 where !reused {
            let first = try await DemoAM.start(DemoAMConfiguration(port: 0), logger: .init(label: "t") { _ in SwiftLogNoOpLogHandler() })
            let port = first.port
            _ = try await AMClient(first).get("/demo/outbox")
            await first.stop()
            guard let second = try? await DemoAM.start(DemoAMConfiguration(port: port), logger: .init(label: "t") { _ in SwiftLogNoOpLogHandler() })
            else { continue }
            reused = true
            #expect(second.port == port)
            #expect(second.baseURL == "http://127.0.0.1:\(port)/am")
            await second.stop()
        }
        #expect(reused, "three stopped servers' ports could not be bound again")
    }

    @Test("the banner lists the URL, realms, journeys, users, passwords and TOTP secrets")
    func banner() async throws {
        try await withDemoAM { server, client in
            for text in [server.banner, try await client.get("").text, try await client.get("/demo").text] {
                #expect(text.contains(server.baseURL))
                #expect(text.contains("demos and tests only"))
                #expect(text.contains("/alpha"))
                for journey in DemoAM.journeys { #expect(text.contains(journey)) }
                for user in DemoAM.builtInUsers {
                    #expect(text.contains(user.username) && text.contains(user.password) && text.contains(user.totpSecret))
                }
                for oauthClient in DemoAM.oauthClients {
                    #expect(text.contains(oauthClient.clientId) && oauthClient.redirectURIs.allSatisfy(text.contains))
                }
                #expect(text.contains(server.baseURL + "/oauth2/realms/root/.well-known/openid-configuration"))
                #expect(text.contains(server.baseURL + "/demo/revocations"))
                #expect(text.contains("iPlanetDirectoryPro") && text.contains(DemoAM.sessionCookieName(forRealm: "/alpha")))
            }
        }
    }

    @Test("the public catalogue")
    func catalogue() {
        // The demo's own journeys, in the order it offers them.
        #expect(DemoAM.journeys == ["Login", "MagicLink", "SecondFactor", "Registration", "PushApproval", "StepUp", "ConfirmTransaction", "SocialLogin",
                                   "Captcha", "RecaptchaEnterprise"])
        #expect(DemoAM.builtInUsers.map(\.username) == ["demo", "alice"])
        #expect(DemoAM.builtInUsers.map(\.totpSecret) == ["JBSWY3DPEHPK3PXP", "KRSXG5CTMVRXEZLU"])
        #expect(DemoAMConfiguration.defaultPort == 8180)
        #expect(DemoAMConfiguration().port == 8180)
        #expect(DemoAMConfiguration().journeyTimeout == .seconds(300))
        #expect(DemoAM.oauthClients.map(\.clientId) == ["journeyterm", "needs-consent", "journeyterm-transactions", "demo-api"])
        #expect(DemoAM.oauthClients.map(\.impliedConsent) == [true, false, true, true])
        #expect(DemoAM.oauthClients.map(\.secret) == [nil, nil, nil, "demo-api-secret"])
        #expect(DemoAM.oauthClients[2].scopes == ["openid", "profile", "WRITE_TRANSACTION"])
        #expect(DemoAM.oauthClients[2].accessTokenLifetime == .seconds(300))
        #expect(DemoAM.oauthClients[0].redirectURIs == ["http://127.0.0.1/callback", "urn:journeyterm:callback"])
        #expect(DemoAM.oauthClients[0].scopes == ["openid", "profile", "email"])
        let defaults = DemoAMConfiguration()
        #expect(defaults.accessTokenLifetime == .seconds(3600) && defaults.idTokenLifetime == .seconds(3600))
        #expect(defaults.refreshTokenLifetime == .seconds(7 * 24 * 3600) && defaults.rotatesRefreshTokens)
    }
}
