import Foundation

/// One record as a `RecordStore` keeps it: its owner, when it was written, and the value as JSON.
public struct StoredRecord: Codable, Sendable, Hashable {
    public let owner: StoreOwner
    public let updated: Date
    /// The JSON of the value.
    public let payload: Data

    public init(owner: StoreOwner, updated: Date, payload: Data) {
        self.owner = owner
        self.updated = updated
        self.payload = payload
    }
}
