import Foundation

/// A typed view of one named store: values are Codable, records for another owner are invisible,
/// and a record another orchestration kind wrote is refused (`StoreError.otherKind`).
public struct TypedStore<Value: Codable & Sendable>: Sendable {
    public let name: String
    /// The kind of client reading and writing through this view.
    public let kind: OrchestrationKind
    private let backend: any RecordStore

    public init(name: String, kind: OrchestrationKind = .journey, backend: any RecordStore) {
        self.name = name
        self.kind = kind
        self.backend = backend
    }

    /// The value saved for `owner`; nil when there is none or the record belongs to another owner.
    public func load(for owner: StoreOwner) throws(StoreError) -> Value? {
        guard let record = try backend.read(name) else { return nil }
        try refuseOtherKind(record)
        guard record.owner == owner else { return nil }
        do {
            return try JSONDecoder().decode(Value.self, from: record.payload)
        } catch {
            throw .cannotDecode(store: name, reason: String(describing: error))
        }
    }

    /// Replaces the store's record, whoever it belonged to, with `value` for `owner`.
    public func save(_ value: Value, for owner: StoreOwner) throws(StoreError) {
        let payload: Data
        do {
            payload = try JSONEncoder().encode(value)
        } catch {
            throw .cannotEncode(store: name, reason: String(describing: error))
        }
        try backend.withLock(name) { () throws(StoreError) in
            if let existing = try readReplacing() { try refuseOtherKind(existing) }
            try backend.write(StoredRecord(owner: owner, kind: kind, updated: Date(), payload: payload), to: name)
        }
    }

    /// Removes the record if it belongs to `owner`; another owner's record stays.
    public func clear(for owner: StoreOwner) throws(StoreError) {
        try backend.withLock(name) { () throws(StoreError) in
            if let record = try backend.read(name), record.owner == owner {
                try refuseOtherKind(record)
                try backend.delete(name)
            }
        }
    }

    /// The record a save would replace; a corrupt one was set aside by the read, and is replaced
    /// as a write replaces it.
    private func readReplacing() throws(StoreError) -> StoredRecord? {
        do {
            return try backend.read(name)
        } catch .corrupt {
            return nil
        }
    }

    private func refuseOtherKind(_ record: StoredRecord) throws(StoreError) {
        guard record.kind == kind else { throw .otherKind(store: name, holds: record.kind, wanted: kind) }
    }
}
