import DemoAM
import Foundation
import JourneyApp
import JourneyEngine
import JourneyProfiles
import Orchestrate
import ScreenSnapshots
import TerminalKit
import Testing

/// Tabs are stored instances: what one obtains lands in its stores, tabs sharing a store follow
/// each other's sign-in and sign-out, and a tab reopens signed in while AM accepts its session.
@MainActor
@Suite(.serialized)
struct InstanceTabsTests {
    static func tab(_ demo: DemoAM, _ name: String, preset: StoragePreset = .shared) throws -> ClientProfile {
        let options = try ClientOptions(values: [
            .url: .text(demo.baseURL), .preset: .text(preset.rawValue), .oauthClientId: .text("journeyterm"),
            .oauthRedirectUri: .text("http://127.0.0.1/callback"), .oauthScope: .text("openid profile"),
        ])
        return try ClientProfile(name: name, options: options)
    }

    @Test func tabsSharingTheSessionStoreSignInAndOutTogether() async throws {
        try await withDemoAM { demo in
            let store = MemoryRecordStore()
            let app = AppDriver(tabs: [try Self.tab(demo, "standard"), try Self.tab(demo, "transactions")], store: store)
            try await app.wait { $0.tabs.allSatisfy { $0.phase.isAnswering } }
            app.signIn("demo", "Demo-pass1")
            try await app.wait { $0.tabs.allSatisfy { $0.phase.isSignedIn && $0.tokens?.tokens != nil } }
            #expect(app.state.tabs[1].banner?.text == "Signed in through the session store \"session\" it shares with standard.")
            let server = try #require(app.state.tabs[0].profile.server)
            let stored = try ClientInstance(name: "transactions", backend: store, options: app.state.tabs[1].profile.options.journey)
            #expect(try stored.session(on: server)?.userName == "demo", "what a tab obtains is in the stores journey token reads")

            app.press(.character("l"))
            try await app.wait { $0.tabs[1].phase.isIdle }
            #expect(app.state.tabs[1].banner?.text.hasPrefix("Signed out: the session store \"session\" this tab shares with standard") == true)
            #expect(try stored.session(on: server) == nil)
        }
    }

    @Test func tokensWaitForASlowSessionWriteInsteadOfBeingRevoked() async throws {
        try await withDemoAM { demo in
            // Writes as slow as a synced write on a busy disk: the tokens arrive before the session is stored.
            let store = FaultyStore(writeDelay: .milliseconds(400))
            let app = AppDriver(tabs: [try Self.tab(demo, "standard")], store: store)
            try await app.wait { $0.tabs[0].phase.isAnswering }
            app.signIn("demo", "Demo-pass1")
            try await app.wait { $0.tabs[0].tokens?.tokens != nil || $0.tabs[0].tokens?.problem != nil }
            #expect(app.state.tabs[0].tokens?.problem == nil)
            #expect(await demo.revocations().recordsNothing, "the new tokens were kept, not revoked")
        }
    }

    @Test func aSessionTheStoresCannotKeepIsSaidNotDropped() async throws {
        try await withDemoAM { demo in
            let app = AppDriver(tabs: [try Self.tab(demo, "standard")], store: FaultyStore(unwritable: ["session"]))
            try await app.wait { $0.tabs[0].phase.isAnswering }
            app.signIn("demo", "Demo-pass1")
            try await app.wait { $0.tabs[0].banner?.kind == .error }
            try await app.settle()
            #expect(app.state.tabs[0].phase.isSignedIn, "the session is the tab's all the same")
            #expect(app.state.tabs[0].banner?.text.hasPrefix("The session could not be written to the instance standard's stores:") == true)
            #expect(app.state.tabs[0].banner?.text.contains("No space left on device") == true)
        }
    }

    @Test func storesTheTabCannotReadAreSaidAndNotFollowed() async throws {
        try await withDemoAM { demo in
            let app = AppDriver(tabs: [try Self.tab(demo, "standard")], store: FaultyStore(unreadable: ["tokens"]))
            try await app.wait { $0.tabs[0].phase.isAnswering }
            app.signIn("demo", "Demo-pass1")
            try await app.wait { $0.tabs[0].banner?.text.contains("stores could not be read") == true }
            #expect(app.state.tabs[0].banner?.text.contains("Permission denied") == true)
            #expect(app.state.tabs[0].phase.isSignedIn, "an unreadable store is not a sign-out")
        }
    }

    @Test func signingOneUserOutLeavesTheOtherSignedIn() async throws {
        try await withDemoAM { demo in
            let app = AppDriver(tabs: [try Self.tab(demo, "a", preset: .multiUser), try Self.tab(demo, "b", preset: .multiUser)])
            try await app.wait { $0.tabs.allSatisfy { $0.phase.isAnswering } }
            app.signIn("demo", "Demo-pass1")
            try await app.wait { $0.tabs[0].phase.isSignedIn }
            app.press(.alt("2"))
            app.signIn("alice", "Alice-pass1")
            try await app.wait { $0.tabs[1].phase.isSignedIn && $0.tabs[1].tokens?.tokens != nil }
            #expect(app.state.tabs.map(\.userName) == ["demo", "alice"])
            app.press(.character("l"))
            try await app.wait { $0.tabs[1].phase.isIdle && $0.tabs[1].banner?.text.hasPrefix("Logged out") == true }
            #expect(app.state.tabs[0].phase.isSignedIn, "user a keeps their session")
        }
    }

    @Test func aTabReopensSignedInWhileAMAcceptsItsSession() async throws {
        try await withDemoAM { demo in
            let store = MemoryRecordStore()
            let first = AppDriver(tabs: [try Self.tab(demo, "standard")], store: store)
            try await first.wait { $0.activePhase?.isAnswering == true }
            first.signIn("demo", "Demo-pass1")
            try await first.wait { $0.activeTab?.tokens?.tokens != nil }

            let again = AppDriver(tabs: [try Self.tab(demo, "standard")], store: store)
            try await again.wait { $0.activePhase?.isSignedIn == true }
            #expect(again.state.activeTab?.banner?.text == "Signed in from the instance's stored session: AM still accepts it.")
            #expect(again.state.activeTab?.tokens?.tokens == first.state.activeTab?.tokens?.tokens)
        }
    }

    @Test func theWorkspaceReopensItsTabsSignedIn() async throws {
        try await withDemoAM { demo in
            let store = MemoryRecordStore()
            let first = AppDriver(tabs: [try Self.tab(demo, "standard", preset: .stepUp), try Self.tab(demo, "transactions", preset: .stepUp)],
                                  store: store)
            try await first.wait { $0.tabs.allSatisfy { $0.phase.isAnswering } }
            first.signIn("demo", "Demo-pass1")
            try await first.wait { $0.tabs.allSatisfy { $0.tokens?.tokens != nil } }
            try Workspace(first.state).save(named: "default", to: store)

            let reopened = try #require(try Workspace.load(named: "default", from: store)).profiles
            let again = AppDriver(tabs: reopened, store: store)
            try await again.wait { $0.tabs.allSatisfy { $0.phase.isSignedIn } }
            #expect(again.state.tabs.map(\.name) == ["standard", "transactions"])
            #expect(again.state.tabs.map { $0.tokens?.tokens } == first.state.tabs.map { $0.tokens?.tokens },
                    "each tab finds its own tokens (tokens-standard, tokens-transactions)")
        }
    }

    @Test func theNewTabDialogOffersTheStoragePresets() async throws {
        try await withDemoAM { demo in
            let demoProfile = try ClientProfile(name: "demo", options: try Self.tab(demo, "demo").options, profileName: "demo")
            let app = AppDriver(tabs: [], profiles: [demoProfile])
            app.press(.character("n"), .right, .right)
            #expect(CanvasText.text(app.screen()).contains("Storage ◂ step-up ▸ one shared session, tokens per instance"))
            app.press(.enter)
            let tab = try #require(app.state.activeTab)
            #expect(tab.profile.options.preset == .stepUp)
            #expect(tab.profile.profileName == nil, "its stores are not the profile's any more")
            #expect(tab.stores.tokens == "tokens-demo")
            try await app.wait { $0.activePhase?.isAnswering == true }
        }
    }

    @Test func aTabOnAnotherServerSignsItsInstanceOutAtTheOldServerFirst() async throws {
        try await withTwoDemoAMs { old, new in try await signInThenMove(from: old, to: new) }
    }

    private func signInThenMove(from old: DemoAM, to new: DemoAM) async throws {
        let store = MemoryRecordStore()
        let first = AppDriver(tabs: [try Self.tab(old, "lab")], store: store)
        try await first.wait { $0.activePhase?.isAnswering == true }
        first.signIn("demo", "Demo-pass1")
        try await first.wait { $0.activeTab?.tokens?.tokens != nil }

        let moved = AppDriver(tabs: [try Self.tab(new, "lab")], store: store)
        try await moved.wait { $0.activePhase?.isAnswering == true }
        let banner = try #require(moved.state.activeTab?.banner?.text)
        #expect(banner.contains("url changed, so the instance signed out at the old server \(old.baseURL)"))
        let recorded = await old.revocations()
        #expect(recorded.sessionsLoggedOut.count == 1)
    }
}

/// A memory store with the faults of a real disk, as a test asks: writes that take a while, a
/// store that cannot be written (a full disk), one that cannot be read (not the user's file).
struct FaultyStore: RecordStore {
    var writeDelay: Duration = .zero
    var unwritable: Set<String> = []
    var unreadable: Set<String> = []
    let memory = MemoryRecordStore()

    func read(_ name: String) throws(StoreError) -> StoredRecord? {
        if unreadable.contains(name) { throw .cannotRead(name, reason: "Permission denied") }
        return try memory.read(name)
    }
    func write(_ record: StoredRecord, to name: String) throws(StoreError) {
        if unwritable.contains(name) { throw .cannotWrite(name, reason: "No space left on device") }
        Thread.sleep(forTimeInterval: Double(writeDelay.components.attoseconds) / 1e18 + Double(writeDelay.components.seconds))
        try memory.write(record, to: name)
    }
    func names() throws(StoreError) -> [String] { try memory.names() }
    func delete(_ name: String) throws(StoreError) { try memory.delete(name) }
    func withLock<T>(_ name: String, _ body: () throws(StoreError) -> T) throws(StoreError) -> T { try memory.withLock(name, body) }
    func withRenewalLock<T: Sendable>(_ name: String, _ body: () async throws -> T) async throws -> T {
        try await memory.withRenewalLock(name, body)
    }
}
