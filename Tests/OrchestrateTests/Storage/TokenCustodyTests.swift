import Foundation
import Orchestrate
import Synchronization
import Testing

/// The one rule for tokens in a shared store (`TokenCustody`), on a custody whose sign-in and
/// store a test controls: a journey's and a DaVinci flow's custodies only say how to read and
/// write their records and whose sign-in tokens belong to.
struct TokenCustodyTests {
    /// Tokens of the sign-in `session`, named `access`.
    static func tokens(_ access: String, session: String = "s1") throws -> OAuthTokens {
        try OAuthTokens(response: try JSONValue.parse(Data(#"{"access_token": "\#(access)", "refresh_token": "r-\#(access)", "expires_in": 60}"#.utf8)),
                        issuedAt: Date(), serverClock: nil, sessionToken: session)
    }

    /// A token store in memory, and the sign-in it holds.
    final class Held: Sendable {
        let stored = Mutex<OAuthTokens?>(nil)
        let signIn = Mutex<String?>("s1")
        let failsToSave = Mutex(false)
        let failsToLoad = Mutex(false)
        let revoked = Mutex<[String]>([])
    }

    struct TestCustody: TokenCustody {
        let held: Held
        let backend = MemoryRecordStore()

        var lockedStore: (backend: any RecordStore, name: String) { (backend, "tokens") }
        func loadTokens() throws(StoreError) -> OAuthTokens? {
            if held.failsToLoad.withLock({ $0 }) { throw .cannotRead("tokens", reason: "disk gone") }
            return held.stored.withLock { $0 }
        }
        func saveTokens(_ stored: OAuthTokens) throws(StoreError) {
            if held.failsToSave.withLock({ $0 }) { throw .cannotWrite("tokens", reason: "disk full") }
            held.stored.withLock { $0 = stored }
        }
        func forgetTokens() throws(StoreError) { held.stored.withLock { $0 = nil } }
        func holdsSignIn(of tokens: OAuthTokens) throws(StoreError) -> Bool {
            held.signIn.withLock { $0 }.map(tokens.wereMinted) ?? false
        }
        static func tokens(of stored: OAuthTokens) -> OAuthTokens { stored }
        static func renewed(_ stored: OAuthTokens, with tokens: OAuthTokens) -> OAuthTokens { tokens }
        static func sameSignIn(_ one: OAuthTokens, _ other: OAuthTokens) -> Bool { one.sessionFingerprint == other.sessionFingerprint }

        func revoke(_ tokens: OAuthTokens) { held.revoked.withLock { $0.append(tokens.accessToken) } }
    }

    @Test func mintedTokensAreKeptAndAnotherSignInsAreRevokedAfter() async throws {
        let custody = TestCustody(held: Held())
        custody.held.stored.withLock { $0 = try? Self.tokens("old", session: "s0") }
        try await custody.keep(minted: try Self.tokens("new")) { custody.revoke($0) }
        #expect(custody.held.stored.withLock { $0?.accessToken } == "new")
        #expect(custody.held.revoked.withLock { $0 } == ["old"], "the displaced sign-in's tokens are revoked")

        // The same sign-in's tokens (a renewal's) are not revoked when replaced.
        try await custody.keep(minted: try Self.tokens("newer")) { custody.revoke($0) }
        #expect(custody.held.revoked.withLock { $0 } == ["old"])
    }

    @Test func tokensWhoseSignInIsGoneAreRevokedNotKept() async throws {
        let custody = TestCustody(held: Held())
        custody.held.signIn.withLock { $0 = nil }
        await #expect(throws: OAuthError.noSession) {
            try await custody.keep(minted: try Self.tokens("orphan")) { custody.revoke($0) }
        }
        #expect(custody.held.stored.withLock { $0 } == nil && custody.held.revoked.withLock { $0 } == ["orphan"])
    }

    @Test func aRenewalStartsFromTheStoredTokensAndKeepsTheRenewedOnes() async throws {
        let custody = TestCustody(held: Held())
        await #expect(throws: OAuthError.noSession, "nothing stored renews nothing") {
            _ = try await custody.renew(refresh: { current in
                Issue.record("refreshed")
                return current
            }, revoke: { _ in })
        }
        custody.held.stored.withLock { $0 = try? Self.tokens("a1") }
        let renewed = try await custody.renew(refresh: { _ in try Self.tokens("a2") }, revoke: { custody.revoke($0) })
        #expect(renewed.accessToken == "a2" && custody.held.stored.withLock { $0?.accessToken } == "a2")
    }

    @Test func aSignOutWhileTheServerRenewsLeavesTheRenewedTokensRevoked() async throws {
        let custody = TestCustody(held: Held())
        custody.held.stored.withLock { $0 = try? Self.tokens("a1") }
        await #expect(throws: OAuthError.noSession) {
            _ = try await custody.renew(refresh: { _ in
                // A sign-out does not wait for the renewal lock: it forgets the tokens meanwhile.
                custody.held.stored.withLock { $0 = nil }
                return try Self.tokens("a2")
            }, revoke: { custody.revoke($0) })
        }
        #expect(custody.held.stored.withLock { $0 } == nil && custody.held.revoked.withLock { $0 } == ["a2"])
    }

    @Test func renewedTokensTheStoreCannotKeepAreHandedBack() async throws {
        let custody = TestCustody(held: Held())
        custody.held.stored.withLock { $0 = try? Self.tokens("a1") }
        custody.held.failsToSave.withLock { $0 = true }
        do {
            _ = try await custody.renew(refresh: { _ in try Self.tokens("a2") }, revoke: { custody.revoke($0) })
            Issue.record("the failed save was not said")
        } catch let notKept as TokensNotKept<OAuthTokens> {
            #expect(notKept.renewed.accessToken == "a2")
        }
    }

    @Test func aStoreThatFailsAfterTheRefreshHandsTheRenewedTokensBack() async throws {
        let custody = TestCustody(held: Held())
        custody.held.stored.withLock { $0 = try? Self.tokens("a1") }
        do {
            _ = try await custody.renew(refresh: { _ in
                custody.held.failsToLoad.withLock { $0 = true }
                return try Self.tokens("a2")
            }, revoke: { custody.revoke($0) })
            Issue.record("the failed store was not said")
        } catch let notKept as TokensNotKept<OAuthTokens> {
            #expect(notKept.renewed.accessToken == "a2", "the refresh token is spent: the new tokens are the holder's")
        }
    }

    @Test func twoHoldersRenewOneAfterTheOtherFromWhatTheOtherKept() async throws {
        let custody = TestCustody(held: Held())
        custody.held.stored.withLock { $0 = try? Self.tokens("t0") }
        let spent = Held()
        try await withThrowingTaskGroup(of: OAuthTokens.self) { group in
            for _ in 0..<2 {
                group.addTask {
                    try await custody.renew(refresh: { current in
                        spent.revoked.withLock { $0.append(current.accessToken) }
                        try await Task.sleep(for: .milliseconds(20))
                        return try Self.tokens(current.accessToken + "+")
                    }, revoke: { _ in })
                }
            }
            for try await _ in group {}
        }
        #expect(spent.revoked.withLock { $0 } == ["t0", "t0+"], "no refresh token is spent twice")
        #expect(custody.held.stored.withLock { $0?.accessToken } == "t0++")
    }
}
