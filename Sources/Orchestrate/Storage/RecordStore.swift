/// Where records live. A store is addressed by name (1–80 of `A-Z a-z 0-9 . _ -`, not starting
/// with '.'); instances naming the same store share it.
public protocol RecordStore: Sendable {
    /// The raw record under `name`, or nil when there is none.
    func read(_ name: String) throws(StoreError) -> StoredRecord?

    /// Replaces the record atomically.
    func write(_ record: StoredRecord, to name: String) throws(StoreError)

    /// The names of the stores that hold a record, sorted.
    func names() throws(StoreError) -> [String]

    /// Removes the record; no error when there was none.
    func delete(_ name: String) throws(StoreError)

    /// Runs `body` while holding an exclusive lock on `name` (across processes for files), so
    /// read-modify-write sequences from two `journey` processes cannot interleave.
    ///
    /// The lock is re-entrant on the calling thread: `read`, `write`, `delete` and nested
    /// `withLock` calls for the same name inside `body` do not deadlock. `body` throws only
    /// `StoreError`, so the whole call has one typed error; to carry another error out,
    /// return a `Result` from `body`.
    func withLock<T>(_ name: String, _ body: () throws(StoreError) -> T) throws(StoreError) -> T

    /// Runs `body`, which may talk to AM, while holding an exclusive lock on renewing `name`'s
    /// contents (across processes for files): a token refresh read, sent and saved by one holder
    /// at a time. Not re-entrant; `body` may use the store's other methods.
    func withRenewalLock<T: Sendable>(_ name: String, _ body: () async throws -> T) async throws -> T
}
