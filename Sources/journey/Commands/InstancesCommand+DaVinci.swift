import DaVinci
import Foundation
import Orchestrate

/// `journey instances` for DaVinci instances: their environment and application, and what
/// their stores hold.
extension InstancesCommand {
    /// Which DaVinci instances share each store more than one of them uses.
    static func sharers(of flows: [DaVinciInstanceSummary]) -> [String: [String]] {
        var users: [String: [String]] = [:]
        for flow in flows {
            guard let stores = flow.record?.stores else { continue }
            for store in Set([stores.session, stores.tokens]) { users[store, default: []].append(flow.name) }
        }
        return users.filter { $0.value.count > 1 }
    }

    static func lines(_ flow: DaVinciInstanceSummary, sharers: [String: [String]]) -> [String] {
        var about = flow.record?.profileName.map { ["profile \(TerminalText.line($0))"] } ?? []
        about.append(OrchestrationKind.davinci.rawValue)
        var lines = ["\(TerminalText.line(flow.name))  (\(about.joined(separator: ", ")))"]
        if let record = flow.record {
            lines.append("  environment  \(TerminalText.line(record.discoveryEndpoint))")
            lines.append("  client       \(TerminalText.line(record.clientId))" + (record.acrValues.isEmpty ? "" : "  flow \(record.acrValues.map(TerminalText.line).joined(separator: " "))"))
            func store(_ name: String) -> String {
                let others = others(name, of: flow.name, sharers)
                return "store \"\(name)\"" + (others.isEmpty ? "" : " (shared with \(others.map(TerminalText.line).joined(separator: ", ")))")
            }
            lines.append("  session      \(store(record.stores.session)): \(flow.hasSession ? "PingOne's session cookies kept" : "none")")
            let tokens = flow.tokens.map { stored in
                let left = ReadableDuration.seconds(from: Date(), to: stored.tokens.expiresAt)
                let expiry = left > 0 ? "expire in \(ReadableDuration.text(seconds: left))" : "expired \(ReadableDuration.text(seconds: -left)) ago"
                return "\(TerminalText.line(stored.userName ?? "?")) signed on, scope \(TerminalText.line(stored.tokens.scope ?? "?")), \(expiry)"
            } ?? "none"
            lines.append("  tokens       \(store(record.stores.tokens)): \(tokens)")
        }
        if let problem = flow.problem { lines.append("  ⚠ \(problem)") }
        return lines
    }

    static func json(_ flow: DaVinciInstanceSummary, sharers: [String: [String]]) -> JSONObject {
        func store(_ name: String?) -> JSONValue {
            guard let name else { return .null }
            return .object(["name": .string(name), "sharedWith": .array(others(name, of: flow.name, sharers).map(JSONValue.string))])
        }
        let iso = ISO8601DateFormatter()
        var object: JSONObject = [
            "name": .string(flow.name), "kind": .string(OrchestrationKind.davinci.rawValue),
            "profile": flow.record?.profileName.map(JSONValue.string) ?? .null,
            "discoveryEndpoint": flow.record.map { .string($0.discoveryEndpoint) } ?? .null,
            "clientId": flow.record.map { .string($0.clientId) } ?? .null,
            "stores": .object(["session": store(flow.record?.stores.session), "tokens": store(flow.record?.stores.tokens)]),
            "signedIn": flow.tokens?.userName.map(JSONValue.string) ?? .null,
            "tokens": flow.tokens.map { stored in
                .object(["scope": stored.tokens.scope.map(JSONValue.string) ?? .null, "expiresAt": .string(iso.string(from: stored.tokens.expiresAt))])
            } ?? .null,
        ]
        object["problem"] = flow.problem.map(JSONValue.string)
        return object
    }
}
