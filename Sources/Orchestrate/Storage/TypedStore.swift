import Foundation

/// A typed view of one named store: values are Codable, records for another owner are invisible,
/// and a record another orchestration kind wrote is refused (`StoreError.otherKind`), as is one
/// written in another role (`StoreError.otherRole`: a token store named like a session store).
public struct TypedStore<Value: Codable & Sendable>: Sendable {
    public let name: String
    /// The kind of client reading and writing through this view.
    public let kind: OrchestrationKind
    /// What this view reads and writes there.
    public let role: StoreRole
    private let backend: any RecordStore

    public init(name: String, kind: OrchestrationKind = .journey, role: StoreRole, backend: any RecordStore) {
        self.name = name
        self.kind = kind
        self.role = role
        self.backend = backend
    }

    /// The value saved for `owner`; nil when there is none or the record belongs to another owner.
    public func load(for owner: StoreOwner) throws(StoreError) -> Value? {
        guard let record = try backend.read(name) else { return nil }
        try refuseOther(record)
        guard record.owner == owner else { return nil }
        do {
            return try JSONDecoder().decode(Value.self, from: record.payload)
        } catch {
            throw .cannotDecode(store: name, reason: String(describing: error))
        }
    }

    /// Refuses a store whose record is of another kind or role (whoever it belongs to).
    public func check() throws(StoreError) {
        if let record = try readReplacing() { try refuseOther(record) }
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
            if let existing = try readReplacing() { try refuseOther(existing) }
            try backend.write(StoredRecord(owner: owner, kind: kind, role: role, updated: Date(), payload: payload), to: name)
        }
    }

    /// Removes the record if it belongs to `owner`; another owner's record stays.
    public func clear(for owner: StoreOwner) throws(StoreError) {
        try backend.withLock(name) { () throws(StoreError) in
            if let record = try backend.read(name), record.owner == owner {
                try refuseOther(record)
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

    /// A record of another kind or role is not this view's to read, replace or clear.
    private func refuseOther(_ record: StoredRecord) throws(StoreError) {
        guard record.kind == kind else { throw .otherKind(store: name, holds: record.kind, wanted: kind) }
        if let held = record.role, held != role { throw .otherRole(store: name, holds: held, wanted: role) }
    }
}
