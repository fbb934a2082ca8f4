/// One entry of a policy evaluation's answer: `{"resource","actions","attributes","advices","ttl"}`.
struct PolicyDecision: Sendable {
    let resource: String
    /// The transaction to confirm first, when the request is denied with a `TransactionConditionAdvice`.
    let transactionAdvice: String?

    static func allowed(_ resource: String) -> PolicyDecision {
        PolicyDecision(resource: resource, transactionAdvice: nil)
    }

    static func denied(_ resource: String, transaction: String) -> PolicyDecision {
        PolicyDecision(resource: resource, transactionAdvice: transaction)
    }

    /// Allowed: `actions` `{"POST":true,"GET":true}` and no advices; denied: no actions and the advice.
    var json: JSONValue {
        let actions: JSONValue = transactionAdvice == nil ? .object([("POST", true), ("GET", true)]) : .object([])
        let advices: JSONValue = transactionAdvice.map { .object([("TransactionConditionAdvice", .array([.string($0)]))]) } ?? .object([])
        return .object([("resource", .string(resource)), ("actions", actions), ("attributes", .object([])), ("advices", advices), ("ttl", 0)])
    }
}
