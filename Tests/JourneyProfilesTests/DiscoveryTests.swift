import DemoAM
import Foundation
import JourneyEngine
import JourneyProfiles
import Orchestrate
import TestPorts
import Testing

@Suite struct DiscoveryTests {
    /// Runs the body against a demo AM on a free loopback port.
    static func withDemoAM(_ body: (DemoAM) async throws -> Void) async throws {
        try await DemoAM.running { demo in try await body(demo) }
    }

    @Test func readsTheTargetFromEachKindOfURL() throws {
        let deployment = try DiscoveryTarget("https://am.example.com/am/", realm: "alpha")
        #expect(deployment.deploymentURL == "https://am.example.com/am")
        #expect(deployment.realm == "alpha")
        #expect(deployment.discoveryURL.absoluteString == "https://am.example.com/am/oauth2/realms/root/realms/alpha/.well-known/openid-configuration")
        let issuer = try DiscoveryTarget("https://am.example.com/am/oauth2/realms/root/realms/parent/realms/child")
        #expect(issuer.deploymentURL == "https://am.example.com/am")
        #expect(issuer.realm == "parent/child")
        let document = try DiscoveryTarget("https://tenant.example.com/am/oauth2/alpha/.well-known/openid-configuration?x=1")
        #expect(document.realm == "alpha")
        #expect(document.discoveryURL.absoluteString == "https://tenant.example.com/am/oauth2/alpha/.well-known/openid-configuration")
        let root = try DiscoveryTarget("http://127.0.0.1:8180/am/oauth2/.well-known/openid-configuration")
        #expect(root.realm == "root")
        #expect(throws: DiscoveryError.self) { try DiscoveryTarget("am.example.com") }
        #expect(throws: DiscoveryError.self) { try DiscoveryTarget("https://am.example.com/am/oauth2/realms/root/realms/alpha", realm: "beta") }
        #expect(throws: DiscoveryError.self) { try DiscoveryTarget("https://user:pw@am.example.com/am") }
    }

    @Test func endSessionFollowsTheSDKsPingRule() throws {
        var members: JSONObject = [:]
        for (key, path) in [("authorization_endpoint", "authorize"), ("token_endpoint", "token"), ("userinfo_endpoint", "userinfo"),
                            ("revocation_endpoint", "revoke"), ("end_session_endpoint", "signoff"), ("jwks_uri", "jwks")] {
            members[key] = .string("https://auth.example.com/env/as/\(path)")
        }
        members["issuer"] = .string("https://auth.example.com/env/as")
        let plain = try #require(DiscoveryDocument(.object(members)))
        #expect(plain.endpoints[.endSessionEndpoint] == "https://auth.example.com/env/as/signoff")
        #expect(plain.issuerRealm == nil)
        members["ping_end_idp_session_endpoint"] = .string("https://auth.example.com/env/as/idpSignoff")
        let ping = try #require(DiscoveryDocument(.object(members)))
        #expect(ping.endpoints[.endSessionEndpoint] == "https://auth.example.com/env/as/idpSignoff")
        members["token_endpoint"] = nil
        #expect(DiscoveryDocument(.object(members)) == nil)
    }

    @Test func discoversTheAlphaRealmFromTheDeploymentURL() async throws {
        try await Self.withDemoAM { demo in
            let report = await ConfigDiscovery(target: try DiscoveryTarget(demo.baseURL, realm: "alpha")).run()
            let issuer = demo.baseURL + "/oauth2/realms/root/realms/alpha"
            #expect(report.values[.url] == .text(demo.baseURL))
            #expect(report.values[.realm] == .text("alpha"))
            #expect(report.values[.cookieName] == .text(DemoAM.sessionCookieName(forRealm: "alpha")))
            #expect(report.values[.cookieName] != .text("iPlanetDirectoryPro"))
            #expect(report.values[.authorizeEndpoint] == .text(issuer + "/authorize"))
            #expect(report.values[.tokenEndpoint] == .text(issuer + "/access_token"))
            #expect(report.values[.userinfoEndpoint] == .text(issuer + "/userinfo"))
            #expect(report.values[.revokeEndpoint] == .text(issuer + "/token/revoke"))
            #expect(report.values[.endSessionEndpoint] == .text(issuer + "/connect/endSession"))
            #expect(report.checks.map(\.step) == [.discovery, .serverInfo, .authenticate])
            #expect(report.checks.allSatisfy { $0.failure == nil })
            #expect(report.checks[1].url.absoluteString == demo.baseURL + "/json/realms/root/realms/alpha/serverinfo/*")
            #expect(report.authenticateAnswers)
            let options = try ClientOptions(values: report.values)
            #expect(try options.serverConfiguration().cookieName == DemoAM.sessionCookieName(forRealm: "alpha"))
        }
    }

    @Test func takesTheRealmFromTheIssuer() async throws {
        try await Self.withDemoAM { demo in
            for text in [demo.baseURL + "/oauth2/realms/root/realms/alpha",
                         demo.baseURL + "/oauth2/realms/root/realms/alpha/.well-known/openid-configuration"] {
                let report = await ConfigDiscovery(target: try DiscoveryTarget(text)).run()
                #expect(report.values[.realm] == .text("alpha"))
                #expect(report.values[.url] == .text(demo.baseURL))
                #expect(report.values[.cookieName] == .text(DemoAM.sessionCookieName(forRealm: "alpha")))
                #expect(report.authenticateAnswers)
            }
            let root = await ConfigDiscovery(target: try DiscoveryTarget(demo.baseURL)).run()
            #expect(root.values[.realm] == .text("root"))
            #expect(root.values[.cookieName] == .text(DemoAM.sessionCookieName(forRealm: "/")))
        }
    }

    @Test func namesEachURLThatFailsOnAServerWithoutDiscovery() async throws {
        try await Self.withDemoAM { demo in
            let elsewhere = "http://127.0.0.1:\(demo.port)/nothing"
            let report = await ConfigDiscovery(target: try DiscoveryTarget(elsewhere)).run()
            #expect(!report.authenticateAnswers)
            #expect(report.checks.allSatisfy { $0.failure != nil && $0.url.absoluteString.hasPrefix(elsewhere) })
            #expect(report.checks[0].failure?.hasPrefix("HTTP 404") == true)
            #expect(report.checks[1].options == [.cookieName])
            #expect(report.values[.cookieName] == nil)
            #expect(report.values[.authorizeEndpoint] == nil)
        }
    }

    @Test func saysWhenNothingListens() async throws {
        let down = ClosedPort()
        let report = await ConfigDiscovery(target: try DiscoveryTarget(down.url("/am")), timeout: .seconds(5)).run()
        #expect(!report.authenticateAnswers)
        #expect(report.checks.allSatisfy { $0.failure?.contains("refused") == true })
    }
}
