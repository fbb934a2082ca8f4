/// Which kind of orchestration wrote a stored record. Ping's SDKs keep the Journey module's
/// and the DaVinci module's sessions and tokens apart because they are not interchangeable, so
/// a store written by one kind refuses the other.
public enum OrchestrationKind: String, Codable, Sendable, Hashable, CaseIterable {
    /// PingAM's `/authenticate` journeys (authentication trees).
    case journey
    /// PingOne DaVinci flows.
    case davinci

    /// The module's name as Ping's documents write it.
    public var moduleName: String {
        switch self {
        case .journey: "Journey"
        case .davinci: "DaVinci"
        }
    }
}
