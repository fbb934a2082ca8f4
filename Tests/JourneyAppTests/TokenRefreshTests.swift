import DemoAM
import Foundation
import JourneyApp
import JourneyEngine
import JourneyProfiles
import Orchestrate
import Synchronization
import Testing

/// `t` in a signed-in tab refreshes from what the tab's token store holds now.
@MainActor
@Suite(.serialized)
struct TokenRefreshTests {
    /// Another process (`journey token --refresh` in another terminal) rotated the refresh token
    /// the tab still holds; the demo AM refuses a spent refresh token, as AM does with rotation.
    @Test func aRefreshAfterAnotherProcessRotatedTheTokensUsesTheStoredOnes() async throws {
        try await withDemoAM { demo in
            let store = MemoryRecordStore()
            let (app, options, held) = try await Self.signedIn(to: demo, store: store)

            // The other process: refresh the stored tokens and store the new ones.
            let server = try options.serverConfiguration()
            let clientId = "journeyterm"
            let instance = try ClientInstance(name: "standard", backend: store, options: options.journey)
            let stored = try #require(try instance.tokens(on: server, clientId: clientId))
            let oauth = OAuthClient(client: JourneyClient(server: server), configuration: try #require(try options.oauthConfiguration()),
                                    endpoints: stored.endpoints)
            let rotated = try await oauth.refresh(stored.tokens)
            try instance.save(StoredTokens(tokens: rotated, endpoints: stored.endpoints), on: server, clientId: clientId)

            app.press(.character("t"))
            try await app.wait { state in
                guard let tokens = state.activeTab?.tokens else { return false }
                return tokens.problem != nil || (tokens.tokens.map { $0 != held && $0 != rotated } ?? false)
            }
            #expect(app.state.activeTab?.tokens?.problem == nil, "\(app.state.activeTab?.tokens?.problem ?? "")")
            let renewed = try #require(app.state.activeTab?.tokens?.tokens)
            #expect(renewed.refreshToken != held.refreshToken && renewed.refreshToken != rotated.refreshToken)
            #expect(try instance.tokens(on: server, clientId: clientId)?.tokens == renewed, "the store holds the newest tokens")
        }
    }

    /// A tab "standard" signed in as demo with an OAuth client, its stores in `store`: the app,
    /// the tab's options and the tokens it holds.
    private static func signedIn(to demo: DemoAM, store: any RecordStore) async throws -> (AppDriver, ClientOptions, OAuthTokens) {
        let options = try ClientOptions(values: [
            .url: .text(demo.baseURL), .oauthClientId: .text("journeyterm"),
            .oauthRedirectUri: .text("http://127.0.0.1/callback"), .oauthScope: .text("openid profile"),
        ])
        let app = AppDriver(tabs: [try ClientProfile(name: "standard", options: options, request: JourneyRequest(.journey("Login")))],
                            store: store)
        try await app.waitForPage("UsernamePassword")
        app.signIn("demo", "Demo-pass1")
        try await app.wait { $0.activeTab?.tokens?.tokens != nil }
        return (app, options, try #require(app.state.activeTab?.tokens?.tokens))
    }

    /// The renewed tokens are in the store when the renewal lock is released, so a tab or process
    /// that takes the lock next never reads the refresh token this refresh spent.
    @Test func aRefreshKeepsTheRenewedTokensBeforeTheLockIsReleased() async throws {
        try await withDemoAM { demo in
            let store = LockWatchingStore()
            let (app, options, held) = try await Self.signedIn(to: demo, store: store)
            app.press(.character("t"))
            try await app.wait { state in state.activeTab?.tokens?.problem != nil || state.activeTab?.tokens?.tokens != held }
            #expect(app.state.activeTab?.tokens?.problem == nil, "\(app.state.activeTab?.tokens?.problem ?? "")")
            let instance = try ClientInstance(name: "standard", backend: store, options: options.journey)
            let released = try #require(store.releases.last, "the refresh took the renewal lock")
            #expect(released.name == instance.stores.tokens)
            #expect(released.record == (try store.read(instance.stores.tokens)), "what the lock's holder left is what the store keeps")
        }
    }
}

/// A store in memory that notes what each renewal lock's holder left in the store it locked.
private final class LockWatchingStore: RecordStore {
    private let memory = MemoryRecordStore()
    private let released = Mutex<[(name: String, record: StoredRecord?)]>([])

    var releases: [(name: String, record: StoredRecord?)] { released.withLock { $0 } }

    func read(_ name: String) throws(StoreError) -> StoredRecord? { try memory.read(name) }
    func write(_ record: StoredRecord, to name: String) throws(StoreError) { try memory.write(record, to: name) }
    func names() throws(StoreError) -> [String] { try memory.names() }
    func delete(_ name: String) throws(StoreError) { try memory.delete(name) }
    func withLock<T>(_ name: String, _ body: () throws(StoreError) -> T) throws(StoreError) -> T { try memory.withLock(name, body) }

    func withRenewalLock<T: Sendable>(_ name: String, _ body: () async throws -> T) async throws -> T {
        try await memory.withRenewalLock(name) {
            let result = try await body()
            let left = try memory.read(name)
            released.withLock { $0.append((name, left)) }
            return result
        }
    }
}
