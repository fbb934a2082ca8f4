import Foundation
import JourneyEngine
import Orchestrate
import Testing

/// The presets' store names, what instances see of each other's records under each, and the
/// directory that lists them.
struct StoragePresetTests {
    private static func options(_ preset: StoragePreset, clientId: String = "journeyterm") throws -> JourneyOptions {
        try JourneyOptions(values: [
            .url: .text("http://127.0.0.1:8180/am"), .preset: .text(preset.rawValue), .oauthClientId: .text(clientId),
            .oauthRedirectUri: .text("http://127.0.0.1/callback"), .oauthScope: .text("openid profile"),
        ])
    }

    private static func session(_ user: String) -> StoredSession {
        StoredSession(success: LoginSuccess(tokenId: "sso-\(user)", successUrl: "/am/console", realm: "/"), userName: user)
    }

    private static func tokens(_ value: String) -> StoredTokens {
        var tokens = OAuthTokens.sample(refreshToken: nil)
        tokens.accessToken = value
        return StoredTokens(tokens: tokens, endpoints: .standard(for: try! ServerConfiguration(url: "http://127.0.0.1:8180/am")))
    }

    @Test func storeNamesFollowThePreset() throws {
        #expect(try Self.options(.shared).stores(forInstance: "a") == InstanceStores(session: "session", tokens: "tokens", cookies: "cookies-a"))
        #expect(try Self.options(.stepUp).stores(forInstance: "transactions")
            == InstanceStores(session: "session", tokens: "tokens-transactions", cookies: "cookies-transactions"))
        #expect(try Self.options(.multiUser).stores(forInstance: "alice")
            == InstanceStores(session: "user_alice_session", tokens: "user_alice_tokens", cookies: "cookies-alice"))
        var named = try Self.options(.multiUser)
        named.tokenStore = "my-tokens"
        #expect(named.stores(forInstance: "alice").tokens == "my-tokens")
    }

    @Test func anUnknownPresetNamesTheOptionAndTheChoices() {
        let error = #expect(throws: OptionProblems.self) {
            try JourneyOptions(values: [.url: .text("http://127.0.0.1:8180/am"), .preset: .text("stepup")])
        }
        let text = error?.description ?? ""
        #expect(text.contains("preset") && text.contains("step-up") && text.contains("multi-user"))
    }

    /// Saves through `first` and reads through `second`: what each preset shares and isolates.
    @Test(arguments: [(StoragePreset.shared, true, true), (.stepUp, true, false), (.multiUser, false, false)])
    func instancesSeeWhatTheirPresetShares(_ preset: StoragePreset, sharesSession: Bool, sharesTokens: Bool) throws {
        let backend = MemoryRecordStore()
        let options = try Self.options(preset)
        let server = try options.serverConfiguration()
        let first = try ClientInstance(name: "first", backend: backend, options: options)
        let second = try ClientInstance(name: "second", backend: backend, options: options)
        try first.save(Self.session("demo"), on: server)
        try first.save(Self.tokens("token-of-first"), on: server, clientId: "journeyterm")
        #expect(try second.session(on: server)?.userName == (sharesSession ? "demo" : nil))
        #expect(try second.tokens(on: server, clientId: "journeyterm")?.tokens.accessToken == (sharesTokens ? "token-of-first" : nil))

        try second.forget(on: server, clientId: "journeyterm")
        #expect(try first.session(on: server) == nil ? sharesSession : !sharesSession)
        #expect(try first.tokens(on: server, clientId: "journeyterm") == nil ? sharesTokens : !sharesTokens)
    }

    @Test func theDirectoryListsInstancesAndWhichStoresTheyShare() throws {
        let backend = MemoryRecordStore()
        for name in ["standard", "transactions"] {
            let options = try Self.options(.stepUp)
            let instance = try ClientInstance(name: name, backend: backend, options: options)
            try instance.save(try InstanceProfile(options: options, profileName: "demo"))
        }
        let alone = try Self.options(.multiUser)
        try ClientInstance(name: "alice", backend: backend, options: alone).save(try InstanceProfile(options: alone, profileName: nil))
        try ClientInstance(name: "standard", backend: backend, options: try Self.options(.stepUp))
            .save(Self.session("demo"), on: try alone.serverConfiguration())

        let summaries = try InstanceDirectory.summaries(in: backend)
        #expect(summaries.map(\.name) == ["alice", "standard", "transactions"])
        #expect(summaries.map(\.signedInUser) == [nil, "demo", "demo"])
        #expect(summaries.first?.stores.session == "user_alice_session")
        let shared = InstanceDirectory.sharedStores(summaries)
        #expect(shared.map(\.store) == ["session"])
        #expect(shared.first?.instances == ["standard", "transactions"])
    }

    @Test func instanceNamesLeaveRoomForEveryDerivedStoreName() throws {
        let longest = String(repeating: "n", count: InstanceStores.maximumInstanceNameLength)
        let options = try Self.options(.multiUser)
        let instance = try ClientInstance(name: longest, backend: MemoryRecordStore(), options: options)
        try instance.save(Self.session("demo"), on: try options.serverConfiguration())
        #expect(throws: StoreError.self) { try InstanceStores.validate(instanceName: longest + "n") }
    }
}
