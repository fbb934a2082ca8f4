import Foundation

/// A typed view of one named store: values are Codable, records for another owner are invisible.
public struct TypedStore<Value: Codable & Sendable>: Sendable {
    public let name: String
    private let backend: any RecordStore

    public init(name: String, backend: any RecordStore) {
        self.name = name
        self.backend = backend
    }

    /// The value saved for `owner`; nil when there is none or the record belongs to another owner.
    public func load(for owner: StoreOwner) throws(StoreError) -> Value? {
        guard let record = try backend.read(name), record.owner == owner else { return nil }
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
        try backend.write(StoredRecord(owner: owner, updated: Date(), payload: payload), to: name)
    }

    /// Removes the record if it belongs to `owner`; another owner's record stays.
    public func clear(for owner: StoreOwner) throws(StoreError) {
        try backend.withLock(name) { () throws(StoreError) in
            if let record = try backend.read(name), record.owner == owner {
                try backend.delete(name)
            }
        }
    }
}
