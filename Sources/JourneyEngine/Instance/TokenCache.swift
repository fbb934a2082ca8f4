import Foundation
import Orchestrate
import Synchronization

/// `oauthCache` (Android's `oauthCacheSeconds`): an instance's tokens kept in this process, in
/// front of its token store. Tokens read from the store, or saved through the instance, are
/// reused for `seconds` without reading the store again; after that the next use reads it.
/// 0 reads the store every time. Saving and forgetting go through to the store at once.
///
/// A change another process makes to the store (a `journey token --refresh` in another terminal)
/// is seen once the cached value is older than `seconds`: the option trades that delay for fewer
/// file reads in a long-running process such as the full-screen UI.
final class TokenCache: Sendable {
    private struct Entry {
        let tokens: StoredTokens
        let since: Date
    }

    private let seconds: Double
    private let now: @Sendable () -> Date
    private let entries = Mutex<[StoreOwner: Entry]>([:])

    init(seconds: Double, now: @escaping @Sendable () -> Date) {
        self.seconds = seconds
        self.now = now
    }

    /// The cached tokens while they are younger than `seconds`; else what `read` returns, cached.
    func tokens(for owner: StoreOwner, read: () throws(StoreError) -> StoredTokens?) throws(StoreError) -> StoredTokens? {
        guard seconds > 0 else { return try read() }
        let time = now()
        if let entry = entries.withLock({ $0[owner] }), (0..<seconds).contains(time.timeIntervalSince(entry.since)) {
            return entry.tokens
        }
        let stored = try read()
        entries.withLock { $0[owner] = stored.map { Entry(tokens: $0, since: time) } }
        return stored
    }

    /// Tokens just saved: they are the freshest there are.
    func remember(_ tokens: StoredTokens, for owner: StoreOwner) {
        guard seconds > 0 else { return }
        let time = now()
        entries.withLock { $0[owner] = Entry(tokens: tokens, since: time) }
    }

    func forget(_ owner: StoreOwner) {
        _ = entries.withLock { $0.removeValue(forKey: owner) }
    }
}
