import DaVinci
import Foundation
import Orchestrate
import Testing

/// A DaVinci instance's stores: per kind by default, refusing the other kind's records.
@Suite struct DaVinciInstanceTests {
    // Valid by construction: an https discovery URL, a client, a scope and a URI.
    static let configuration = try! DaVinciConfiguration(
        discoveryEndpoint: "https://auth.pingone.example/env/as/.well-known/openid-configuration", clientId: "app",
        scopes: ["openid"], redirectURI: "com.example:/cb")

    static func tokens() throws -> StoredFlowTokens {
        let json = JSONValue.object(["access_token": .string("at-1"), "token_type": .string("Bearer"), "expires_in": .int(3600)])
        let endpoints = try #require(OAuthEndpoints(discovery: .object([
            "issuer": .string("https://auth.pingone.example/env/as"), "authorization_endpoint": .string("https://auth.pingone.example/env/as/authorize"),
            "token_endpoint": .string("https://auth.pingone.example/env/as/token"), "revocation_endpoint": .string("https://auth.pingone.example/env/as/revoke"),
            "userinfo_endpoint": .string("https://auth.pingone.example/env/as/userinfo"), "end_session_endpoint": .string("https://auth.pingone.example/env/as/signoff"),
            "jwks_uri": .string("https://auth.pingone.example/env/as/jwks"),
        ])))
        return StoredFlowTokens(tokens: try OAuthTokens(response: json, issuedAt: Date(), serverClock: nil, sessionToken: nil),
                                endpoints: endpoints, userName: "demo")
    }

    @Test(arguments: StoragePreset.allCases)
    func presetsNameStoresOfTheirOwnThatFitTheLongestName(preset: StoragePreset) throws {
        let longest = String(repeating: "n", count: InstanceStores.maximumInstanceNameLength)
        let names = preset.storeNames(forInstance: longest, kind: .davinci)
        let journeyNames = preset.storeNames(forInstance: longest, kind: .journey)
        #expect(Set([names.session, names.tokens]).isDisjoint(with: [journeyNames.session, journeyNames.tokens]))
        let instance = try DaVinciInstance(name: longest, stores: InstanceStores(session: names.session, tokens: names.tokens, cookies: names.session),
                                           backend: MemoryRecordStore())
        try instance.save(try Self.tokens(), for: Self.configuration)
        #expect(try instance.tokens(for: Self.configuration)?.userName == "demo")
    }

    @Test func aJourneyStoreRefusesADaVinciInstance() throws {
        let backend = MemoryRecordStore()
        try TypedStore<String>(name: "tokens", kind: .journey, role: .tokens, backend: backend)
            .save("a journey's tokens", for: StoreOwner(serverURL: "http://am.example/am", realm: "/", clientId: "journeyterm"))
        let instance = try DaVinciInstance(name: "p1", stores: InstanceStores(session: "davinci-session", tokens: "tokens", cookies: "davinci-session"),
                                           backend: backend)
        #expect(throws: StoreError.otherKind(store: "tokens", holds: .journey, wanted: .davinci)) {
            try instance.save(try Self.tokens(), for: Self.configuration)
        }
        #expect(throws: StoreError.otherKind(store: "tokens", holds: .journey, wanted: .davinci)) { _ = try instance.tokens(for: Self.configuration) }
    }

    @Test func onlyPingOnesSessionCookiesAreKept() throws {
        let instance = try DaVinciInstance(name: "p1", stores: InstanceStores(session: "davinci-session", tokens: "davinci-tokens", cookies: "davinci-session"),
                                           backend: MemoryRecordStore())
        var jar = CookieJar()
        jar.store(setCookieHeaders: ["ST=s1; Path=/env", "ST-NO-SS=s2; Path=/env", "interactionId=i1; Path=/env"],
                  from: try #require(URL(string: "https://auth.pingone.example/env/as/authorize")))
        try instance.saveSession(jar, for: Self.configuration)
        #expect(try instance.session(for: Self.configuration)?.cookies.map(\.name).sorted() == ["ST", "ST-NO-SS"])
    }
}
