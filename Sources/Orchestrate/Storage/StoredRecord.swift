import Foundation

/// One record as a `RecordStore` keeps it: its owner, which orchestration kind wrote it, when
/// it was written, and the value as JSON.
public struct StoredRecord: Codable, Sendable, Hashable {
    public let owner: StoreOwner
    /// The kind of client that wrote it; records written before kinds were kept are journey records.
    public let kind: OrchestrationKind
    /// What the record holds; nil for records written before roles were kept (any role reads them).
    public let role: StoreRole?
    public let updated: Date
    /// The JSON of the value.
    public let payload: Data

    public init(owner: StoreOwner, kind: OrchestrationKind = .journey, role: StoreRole? = nil, updated: Date, payload: Data) {
        self.owner = owner
        self.kind = kind
        self.role = role
        self.updated = updated
        self.payload = payload
    }

    private enum CodingKeys: String, CodingKey {
        case owner, kind, role, updated, payload
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        owner = try container.decode(StoreOwner.self, forKey: .owner)
        kind = try container.decodeIfPresent(OrchestrationKind.self, forKey: .kind) ?? .journey
        role = try container.decodeIfPresent(StoreRole.self, forKey: .role)
        updated = try container.decode(Date.self, forKey: .updated)
        payload = try container.decode(Data.self, forKey: .payload)
    }
}
