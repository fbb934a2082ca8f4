import DemoAM
import Foundation
import JourneyEngine
import Orchestrate
import Testing

/// The SDKs' re-start rules against two demo AM servers: what is revoked, and where.
@Suite struct InstanceLifecycleTests {
    static func options(_ url: String, _ changes: [OptionKey: String] = [:]) throws -> JourneyOptions {
        var values: [OptionKey: OptionValue] = [
            .url: .text(url), .oauthClientId: .text("journeyterm"), .oauthRedirectUri: .text("http://127.0.0.1/callback"),
            .oauthScope: .text("openid profile"),
        ]
        for (key, value) in changes { values[key] = .text(value) }
        return try JourneyOptions(values: values)
    }

    /// Signs the instance in at the options' server and stores its session, cookies and tokens
    /// as `journey login` does.
    static func signIn(_ instance: ClientInstance, _ options: JourneyOptions) async throws {
        let server = try options.serverConfiguration()
        let client = JourneyClient(server: server)
        let success = try await client.walk(JourneyRequest(.journey("Login"))) { step in
            try DemoAMJourneyTests.answer(step, DemoAMJourneyTests.demoLogin)
        }
        try instance.save(StoredSession(success: success, userName: "demo"), on: server)
        try instance.save(await client.cookieJar, on: server)
        let oauth = try #require(try options.oauthConfiguration())
        let oauthClient = OAuthClient(client: client, configuration: oauth, endpoints: .standard(for: server))
        let ssoToken: String = try #require(success.tokenId)
        let (tokens, _) = try await oauthClient.usableTokens(nil, ssoToken: ssoToken)
        try instance.save(StoredTokens(tokens: tokens, endpoints: oauthClient.endpoints), on: server, clientId: oauth.clientId)
    }

    @Test func firstStartAndEqualOptionsKeepTheSession() async throws {
        let demo = try await DemoAM.start(DemoAMConfiguration(port: 0))
        let backend = MemoryRecordStore()
        let options = try Self.options(demo.baseURL)
        let instance = try ClientInstance(name: "lab", backend: backend, options: options)
        try await Self.signIn(instance, options)
        let (_, first) = try await InstanceLifecycle.start(instance: "lab", options: options, profileName: nil, backend: backend)
        #expect(first == .firstStart)
        let (_, again) = try await InstanceLifecycle.start(instance: "lab", options: options, profileName: nil, backend: backend)
        #expect(again == .unchanged)
        #expect(try instance.session(on: options.serverConfiguration()) != nil)
        #expect(await demo.revocations().isEmpty)
        await demo.stop()
    }

    @Test func aChangeThatIsNotAnIdentityKeepsTheSession() async throws {
        let demo = try await DemoAM.start(DemoAMConfiguration(port: 0))
        let backend = MemoryRecordStore()
        let options = try Self.options(demo.baseURL)
        let instance = try ClientInstance(name: "lab", backend: backend, options: options)
        try await Self.signIn(instance, options)
        _ = try await InstanceLifecycle.start(instance: "lab", options: options, profileName: nil, backend: backend)
        let changed = try Self.options(demo.baseURL, [.timeout: "9", .oauthThreshold: "60", .locale: "fr",
                                                       .tokenEndpoint: "oauth2/{realm}/access_token"])
        let (_, report) = try await InstanceLifecycle.start(instance: "lab", options: changed, profileName: nil, backend: backend)
        #expect(report == .applied(changed: [.timeout, .oauthThreshold, .tokenEndpoint, .locale]))
        #expect(try instance.session(on: changed.serverConfiguration()) != nil)
        #expect(await demo.revocations().isEmpty)
        await demo.stop()
    }

    /// Each identity option: the old server records the logout and the revocation, the new one nothing.
    @Test(arguments: [OptionKey.url, .realm, .cookieName, .oauthClientId, .oauthRedirectUri, .oauthScope])
    func anIdentityChangeSignsOutAtTheOldServerOnly(_ key: OptionKey) async throws {
        let old = try await DemoAM.start(DemoAMConfiguration(port: 0))
        let new = try await DemoAM.start(DemoAMConfiguration(port: 0))
        let backend = MemoryRecordStore()
        let before = try Self.options(old.baseURL)
        let instance = try ClientInstance(name: "lab", backend: backend, options: before)
        try await Self.signIn(instance, before)
        _ = try await InstanceLifecycle.start(instance: "lab", options: before, profileName: nil, backend: backend)
        let change: [OptionKey: String] = switch key {
        case .url: [.url: new.baseURL]
        case .realm: [.realm: "alpha"]
        case .cookieName: [.cookieName: "otherCookie"]
        case .oauthClientId: [.oauthClientId: "other-client"]
        case .oauthRedirectUri: [.oauthRedirectUri: "http://127.0.0.1/other"]
        default: [.oauthScope: "openid"]
        }
        let after = try Self.options(key == .url ? new.baseURL : old.baseURL, change)
        let (_, report) = try await InstanceLifecycle.start(instance: "lab", options: after, profileName: nil, backend: backend)
        guard case .restarted(let changed, let oldServer, let actions) = report else {
            Issue.record("expected a restart, got \(report)")
            return
        }
        #expect(changed == [key])
        #expect(oldServer == old.baseURL)
        #expect(actions.contains { if case .tokensRevoked(let at, "journeyterm") = $0 { at.hasPrefix(old.baseURL) } else { false } })
        #expect(actions.contains { if case .sessionLoggedOut(let at, "iPlanetDirectoryPro", "demo", false) = $0 { at.hasPrefix(old.baseURL) } else { false } })
        let recorded = await old.revocations()
        #expect(recorded.sessionsLoggedOut.map(\.user) == ["demo"])
        #expect(recorded.tokensRevoked.contains { $0.tokenType == .refreshToken && $0.clientId == "journeyterm" })
        #expect(await new.revocations().isEmpty)
        #expect(try instance.session(on: before.serverConfiguration()) == nil)
        #expect(try instance.tokens(on: before.serverConfiguration(), clientId: "journeyterm") == nil)
        await old.stop()
        await new.stop()
    }

    @Test func identityComparisonReadsWhatTheValuesMean() throws {
        let a = try Self.options("http://127.0.0.1:1/am/", [.realm: "alpha", .oauthScope: "profile openid"])
        let b = try Self.options("http://127.0.0.1:1/am", [.realm: "/alpha"])
        #expect(b.identityChanges(from: a).isEmpty)
    }
}

extension DemoRevocations {
    var isEmpty: Bool { sessionsLoggedOut.isEmpty && tokensRevoked.isEmpty }
}
