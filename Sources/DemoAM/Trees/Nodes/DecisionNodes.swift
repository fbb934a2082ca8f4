import Foundation

/// Data Store Decision (and Identity Store Decision): the shared `username` and the secret
/// `password` checked against the directory. A locked account is `LOCKED` where the node has that
/// outcome, else `false`.
struct PasswordDecision: NodeBehaviour {
    enum Outcomes: Sendable {
        /// `true` / `false` (Data Store Decision).
        case lowercase
        /// `TRUE` / `FALSE` / `LOCKED` (Identity Store Decision).
        case identityStore
    }

    let outcomes: Outcomes

    func process(_ call: inout NodeCall) async -> NodeResult {
        let (yes, no) = outcomes == .lowercase ? ("true", "false") : ("TRUE", "FALSE")
        guard let password = call.state.value("password")?.string else {
            return .refuse("Unable to authenticate, no password was collected")
        }
        guard let username = call.state.username, !password.isEmpty,
              let user = await call.environment.directory.authenticate(username: username, password: password) else { return .outcome(no) }
        guard user.active else { return .outcome(outcomes == .lowercase ? no : "LOCKED") }
        call.state.setShared("username", .string(user.username))
        return .outcome(yes)
    }
}

/// Attribute Present Decision: whether the user has `presentAttribute` (the password too,
/// without reading it).
struct AttributePresentDecision: NodeBehaviour {
    func process(_ call: inout NodeCall) async -> NodeResult {
        guard call.identityValue(call["identityAttribute"]?.string ?? "userName") != nil else { return .refuse("the journey has not identified the user") }
        // As AM's query: no such user, no attribute present.
        guard let user = await call.identifiedUser() else { return .outcome("false") }
        let attribute = call["presentAttribute"]?.string ?? "password"
        return .outcome((attribute == "password" ? user.hasPassword : user.attribute(attribute) != nil) ? "true" : "false")
    }
}

/// Query Filter Decision: whether the user matches the `queryFilter`.
struct QueryFilterDecision: NodeBehaviour {
    func process(_ call: inout NodeCall) async -> NodeResult {
        guard let user = await call.identifiedUser() else { return .refuse("the user is not known") }
        switch QueryFilter.parse(call["queryFilter"]?.string ?? "true") {
        case .success(let filter): return .outcome(filter.matches(user) ? "true" : "false")
        case .failure(let error): return .refuse("the query filter cannot be read: \(error.reason)")
        }
    }
}

/// Login Count Decision: `true` when the user's sign-in count is `amount` (`AT`) or a multiple
/// of it (`EVERY`).
struct LoginCountDecision: NodeBehaviour {
    func process(_ call: inout NodeCall) async -> NodeResult {
        guard let user = await call.identifiedUser() else { return .refuse("the user is not known") }
        let amount = max(1, call["amount"]?.int ?? 25)
        guard let count = user.attributes["loginCount"]?.int else { return .outcome("false") }
        let every = call["interval"]?.string == "EVERY"
        return .outcome((every ? count % amount == 0 : count == amount) ? "true" : "false")
    }
}

/// Retry Limit Decision: `Retry` while the node has been passed fewer than `retryLimit` times,
/// then `Reject`. With `incrementUserAttributeOnFailure` (AM's default) the count is the user's,
/// across journeys (`retryLimitNodeCount`, `<node id>=<count>` each), cleared by a Reject and by
/// the journey's success; without it, or before the user is known, it is this journey's.
struct RetryLimitDecision: NodeBehaviour {
    static let userAttribute = "retryLimitNodeCount"

    func process(_ call: inout NodeCall) async -> NodeResult {
        let limit = call["retryLimit"]?.int ?? 3
        if call["incrementUserAttributeOnFailure"]?.bool ?? true, let user = await call.identifiedUser() {
            let prefix = "\(call.node.id)="
            let counts = user.attributes[Self.userAttribute]?.array?.compactMap(\.string) ?? []
            let count = counts.first { $0.hasPrefix(prefix) }.flatMap { Int($0.dropFirst(prefix.count)) } ?? 0
            let others = counts.filter { !$0.hasPrefix(prefix) }
            let retries = count < limit
            _ = await call.environment.directory.change(user.username) { user in
                user.attributes[Self.userAttribute] = .array((others + (retries ? ["\(prefix)\(count + 1)"] : [])).map(JSONValue.string))
            }
            return .outcome(retries ? "Retry" : "Reject")
        }
        let key = "\(call.node.id).retryCount"
        let count = call.state.shared[key]?.int ?? 0
        guard count < limit else { return .outcome("Reject") }
        call.state.setShared(key, .int(count + 1))
        return .outcome("Retry")
    }

    /// The user's counts of the journey's retry limit nodes, cleared when it succeeded.
    static func clear(_ nodes: Set<String>, of username: String, in directory: Directory) async {
        _ = await directory.change(username) { user in
            guard let counts = user.attributes[userAttribute]?.array?.compactMap(\.string) else { return }
            user.attributes[userAttribute] = .array(counts.filter { count in !nodes.contains { count.hasPrefix("\($0)=") } }.map(JSONValue.string))
        }
    }
}

/// Modify Auth Level: adds `authLevelIncrement` to the shared `authLevel`, which the session gets.
struct ModifyAuthLevel: NodeBehaviour {
    func process(_ call: inout NodeCall) async -> NodeResult {
        call.state.setShared("authLevel", .int((call.state.shared["authLevel"]?.int ?? 0) + (call["authLevelIncrement"]?.int ?? 0)))
        return .outcome("outcome")
    }
}

/// Auth Level Decision: `true` when the shared `authLevel` is at least `authLevelRequirement`.
struct AuthLevelDecision: NodeBehaviour {
    func process(_ call: inout NodeCall) async -> NodeResult {
        guard let level = call.state.shared["authLevel"]?.int else { return .outcome("false") }
        return .outcome(level >= (call["authLevelRequirement"]?.int ?? 0) ? "true" : "false")
    }
}

/// A node that copies one configuration value to the shared state (Success URL, Failure URL).
struct SetStateValue: NodeBehaviour {
    let configurationKey: String
    let stateKey: String

    func process(_ call: inout NodeCall) async -> NodeResult {
        if let value = call[configurationKey] { call.state.setShared(stateKey, value) }
        return .outcome("outcome")
    }
}

/// Timer Start: the time now, in milliseconds, under `startTimeProperty`.
struct TimerStart: NodeBehaviour {
    func process(_ call: inout NodeCall) async -> NodeResult {
        call.state.setShared(call["startTimeProperty"]?.string ?? "TimerNodeStartTime", .int(Date().millisecondsSince1970))
        return .outcome("outcome")
    }
}
