import Foundation

/// Which journey a composite advice asks for, as the demo AM reads AM's advice types.
///
/// The first `AttributeValuePair` decides (its first value):
/// - `TransactionConditionAdvice` `<txid>` → `ConfirmTransaction` for that open transaction;
/// - `AuthenticateToServiceConditionAdvice` `realm:Tree` or `Tree` → that journey;
/// - `AuthLevelConditionAdvice` `N` → `StepUp`, or nothing to do when the session is at level N already;
/// - `AuthSchemeConditionAdvice` → `StepUp` for one-time-password schemes, `Login` otherwise;
/// - `AuthenticateToRealmConditionAdvice` → `Login`.
enum AdviceJourney {
    /// What to do for the advice.
    enum Decision {
        /// Run the journey of this name (with the transaction, for `ConfirmTransaction`).
        case run(String, transaction: TransactionStore.Transaction?)
        /// The session already satisfies the advice.
        case satisfied(Session)
    }

    static func decide(
        _ advice: CompositeAdvice, realm: String, session: Session?, transactions: TransactionStore, known: Set<String>
    ) async throws(AMError) -> Decision {
        let pair = advice.pairs[0]
        guard let value = pair.values.first?.trimmingCharacters(in: .whitespaces), !value.isEmpty else {
            throw .badRequest("The advice \(pair.attribute) has no value")
        }
        switch pair.attribute {
        case "TransactionConditionAdvice":
            guard let transaction = await transactions.transaction(value), transaction.realm == realm else {
                throw .badRequest("Transaction \(value) of the TransactionConditionAdvice is unknown in realm \(realm)")
            }
            guard transaction.status != .used else { throw .badRequest("Transaction \(value) of the TransactionConditionAdvice was already used") }
            return .run("ConfirmTransaction", transaction: transaction)
        case "AuthenticateToServiceConditionAdvice":
            return .run(try journey(service: value, realm: realm, known: known), transaction: nil)
        case "AuthLevelConditionAdvice":
            guard let level = Int(value) else { throw .badRequest("The AuthLevelConditionAdvice value must be a number, not \(value)") }
            if let session, session.authLevel >= level { return .satisfied(session) }
            return .run("StepUp", transaction: nil)
        case "AuthSchemeConditionAdvice":
            return .run(value.lowercased().contains("otp") ? "StepUp" : "Login", transaction: nil)
        case "AuthenticateToRealmConditionAdvice":
            return .run("Login", transaction: nil)
        case let other:
            throw .badRequest(
                "Unknown advice type \(other): the demo AM follows TransactionConditionAdvice, AuthenticateToServiceConditionAdvice, "
                    + "AuthLevelConditionAdvice, AuthSchemeConditionAdvice and AuthenticateToRealmConditionAdvice"
            )
        }
    }

    /// `/:StepUp` or `StepUp`: the journey, when the realm (if given) is the request's.
    private static func journey(service: String, realm: String, known: Set<String>) throws(AMError) -> String {
        let parts = service.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(parts.last ?? "")
        if parts.count == 2, RealmPath.normalized(String(parts[0])) != realm {
            throw .badRequest("The AuthenticateToServiceConditionAdvice \(service) names realm \(parts[0]), but this is realm \(realm)")
        }
        guard known.contains(name) else {
            throw .badRequest("The AuthenticateToServiceConditionAdvice names journey \(name), which the demo AM does not have")
        }
        return name
    }
}
