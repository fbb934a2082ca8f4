import Foundation
import Orchestrate
import Testing

struct StorageTypedStoreTests {
    struct Tokens: Codable, Sendable, Equatable {
        var accessToken: String
        var expiresIn: Int
    }

    let serverA = StorageTestSupport.serverA
    let serverB = StorageTestSupport.serverB

    @Test(arguments: StorageBackend.allCases)
    func valuesRoundTrip(_ backend: StorageBackend) throws {
        try backend.withStore { store in
            let tokens = TypedStore<Tokens>(name: "tokens", role: .tokens, backend: store)
            #expect(try tokens.load(for: serverA) == nil)
            let first = Tokens(accessToken: "at-1", expiresIn: 3600)
            try tokens.save(first, for: serverA)
            #expect(try tokens.load(for: serverA) == first)
            let second = Tokens(accessToken: "at-2 ünïcödé", expiresIn: 60)
            try tokens.save(second, for: serverA)
            #expect(try tokens.load(for: serverA) == second)
            let record = try #require(try store.read("tokens"))
            #expect(record.owner == serverA)
            #expect(abs(record.updated.timeIntervalSinceNow) < 60)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func anotherOwnersRecordIsInvisibleAndKept(_ backend: StorageBackend) throws {
        try backend.withStore { store in
            let session = TypedStore<String>(name: "session", role: .session, backend: store)
            try session.save("sso-token-A", for: serverA)
            #expect(try session.load(for: serverB) == nil)
            let otherRealm = StoreOwner(serverURL: serverA.serverURL, realm: "/bravo", clientId: serverA.clientId)
            let otherClient = StoreOwner(serverURL: serverA.serverURL, realm: serverA.realm, clientId: nil)
            #expect(try session.load(for: otherRealm) == nil)
            #expect(try session.load(for: otherClient) == nil)

            try session.clear(for: serverB)
            #expect(try session.load(for: serverA) == "sso-token-A")

            try session.clear(for: serverA)
            #expect(try session.load(for: serverA) == nil)
            #expect(try store.read("session") == nil)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func aValueOfAnotherShapeIsReportedAndKept(_ backend: StorageBackend) throws {
        try backend.withStore { store in
            try TypedStore<String>(name: "tokens", role: .tokens, backend: store).save("not tokens", for: serverA)
            let error = #expect(throws: StoreError.self) {
                try TypedStore<Tokens>(name: "tokens", role: .tokens, backend: store).load(for: serverA)
            }
            guard case .cannotDecode(store: "tokens", _) = error else {
                Issue.record("expected cannotDecode, got \(String(describing: error))")
                return
            }
            #expect(try store.read("tokens") != nil)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func theLockIsReentrantOnOneThread(_ backend: StorageBackend) throws {
        try backend.withStore { store in
            let counter = TypedStore<Int>(name: "counter", role: .tokens, backend: store)
            let result = try store.withLock("counter") { () throws(StoreError) -> Int? in
                try counter.save(1, for: serverA)
                try store.withLock("counter") { () throws(StoreError) in try counter.save(2, for: serverA) }
                return try counter.load(for: serverA)
            }
            #expect(result == 2)
            try store.withLock("counter") { () throws(StoreError) in try store.delete("counter") }
            #expect(try store.read("counter") == nil)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func deletingNothingIsFine(_ backend: StorageBackend) throws {
        try backend.withStore { store in
            try store.delete("session")
            try TypedStore<String>(name: "session", role: .session, backend: store).clear(for: serverA)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func namesThatCouldLeaveTheFolderAreRejected(_ backend: StorageBackend) throws {
        let record = StoredRecord(owner: serverA, updated: Date(), payload: Data("1".utf8))
        try backend.withStore { store in
            for name in ["../x", "a/b", "", ".hidden", ".", "..", String(repeating: "n", count: 81), "a b", "é", "a\u{1b}[2J"] {
                #expect(throws: StoreError.invalidName(name)) { try store.read(name) }
                #expect(throws: StoreError.invalidName(name)) { try store.write(record, to: name) }
                #expect(throws: StoreError.invalidName(name)) { try store.delete(name) }
                #expect(throws: StoreError.invalidName(name)) { try store.withLock(name) { () throws(StoreError) in } }
            }
            let longest = String(repeating: "n", count: 80)
            try store.write(record, to: longest)
            #expect(try store.read(longest) == record)
            try store.write(record, to: "cookies-tab_2.x")
        }
        #expect(StoreError.invalidName("a\u{1b}[2J").description.contains("\u{1b}") == false)
    }

    @Test func instancesShareSessionAndTokensButNotCookies() throws {
        let a = InstanceStores(instance: "work")
        let b = InstanceStores(instance: "home")
        #expect(a.session == "session" && b.session == "session")
        #expect(a.tokens == "tokens" && b.tokens == "tokens")
        #expect(a.cookies == "cookies-work" && b.cookies == "cookies-home")

        let isolated = InstanceStores(instance: "work", sharedSession: false, sharedTokens: false)
        #expect(isolated.session == "session-work")
        #expect(isolated.tokens == "tokens-work")
        #expect(isolated.cookies == "cookies-work")
    }

    @Test func instanceNamesAreChecked() throws {
        let longest = String(repeating: "i", count: InstanceStores.maximumInstanceNameLength)
        for name in ["work", "tab-1", "a_b.c", ".dot", longest] {
            try InstanceStores.validate(instanceName: name)
        }
        for name in ["", ".", "..", "a/b", "../x", "a b", "ü", longest + "i"] {
            #expect(throws: StoreError.invalidInstanceName(name)) { try InstanceStores.validate(instanceName: name) }
        }
        // Every derived store name of a valid instance is a valid store name.
        let store = MemoryRecordStore()
        let stores = InstanceStores(instance: longest, sharedSession: false, sharedTokens: false)
        for name in [stores.session, stores.tokens, stores.cookies] {
            #expect(try store.read(name) == nil)
        }
    }
}
