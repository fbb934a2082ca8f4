/// The advice types AM's policies return and PingGateway acts on, by their wire names.
public enum AdviceType: String, Sendable, Hashable, CaseIterable {
    /// A transactional authorization: the value is the transaction id (`_txid`, `X-TxID`).
    case transactionCondition = "TransactionConditionAdvice"
    /// Walk a journey: the value is `<realm>:<journey>`, e.g. `/sdk:ConfirmPassword`.
    case authenticateToService = "AuthenticateToServiceConditionAdvice"
    /// Reach an authentication level: the value is the level, e.g. `10`.
    case authLevel = "AuthLevelConditionAdvice"
    /// Authenticate with a module or scheme.
    case authScheme = "AuthSchemeConditionAdvice"
    /// Authenticate to a realm: the value is the realm.
    case authenticateToRealm = "AuthenticateToRealmConditionAdvice"

    /// The type with this wire name; any other name throws `AdviceError.unknownAdviceType`.
    public init(named name: String) throws(AdviceError) {
        guard let type = AdviceType(rawValue: name) else { throw .unknownAdviceType(name) }
        self = type
    }
}

/// One advice of a policy decision: its type and its values (at least one).
public struct PolicyAdvice: Sendable, Hashable {
    public let type: AdviceType
    public let values: [String]

    /// An advice with these values; an empty list throws `AdviceError.noValues`.
    public init(_ type: AdviceType, values: [String]) throws(AdviceError) {
        guard !values.isEmpty else { throw .noValues(type) }
        self.type = type
        self.values = values
    }

    /// An advice with one value.
    public init(_ type: AdviceType, value: String) {
        self.type = type
        self.values = [value]
    }
}
