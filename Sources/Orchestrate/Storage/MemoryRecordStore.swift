import Foundation
import Synchronization

/// Records kept in memory only: nothing is persisted (tests, `--memory` instances).
public final class MemoryRecordStore: RecordStore {
    private let records = Mutex<[String: StoredRecord]>([:])
    /// Serialises `withLock` bodies and writes; one lock for all names is plenty in memory.
    /// Recursive, so a body can write the store it holds.
    private let gate = NSRecursiveLock()

    /// Renewals under way, by store name; a renewal waits for the one before it.
    private let renewals = Mutex<[String: Task<Void, Never>]>([:])

    public init() {}

    public func read(_ name: String) throws(StoreError) -> StoredRecord? {
        try StoreName.validate(name)
        return records.withLock { $0[name] }
    }

    public func write(_ record: StoredRecord, to name: String) throws(StoreError) {
        try withLock(name) { records.withLock { $0[name] = record } }
    }

    public func names() throws(StoreError) -> [String] {
        records.withLock { $0.keys.sorted() }
    }

    public func delete(_ name: String) throws(StoreError) {
        try withLock(name) { _ = records.withLock { $0.removeValue(forKey: name) } }
    }

    public func withRenewalLock<T: Sendable>(_ name: String, _ body: () async throws -> T) async throws -> T {
        try StoreName.validate(name)
        let (finished, finish) = AsyncStream<Void>.makeStream()
        let turn = Task { for await _ in finished {} }
        let previous = renewals.withLock { running in
            defer { running[name] = turn }
            return running[name]
        }
        defer { finish.finish() }
        await previous?.value
        return try await body()
    }

    public func withLock<T>(_ name: String, _ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try StoreName.validate(name)
        gate.lock()
        defer { gate.unlock() }
        return try body()
    }
}
