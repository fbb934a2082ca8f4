import Crypto
import Foundation

/// A demo journey described as AM stores a tree: its nodes with their AM node types, outcomes
/// and page stages, so `journey map` can read it from the demo AM's REST API. The demo AM runs
/// its journeys from Swift code; each tree's `description` says so and names the file, and its
/// nodes are the AM nodes that would take the same steps.
struct DemoTree: Sendable {
    /// Where an outcome leads.
    enum Target: Sendable {
        case node(String)
        case success
        case failure

        /// The id the outcome leads to in `journey`'s tree.
        func id(in journey: String) -> String {
            switch self {
            case .node(let key): DemoTree.nodeID(journey: journey, key: key)
            case .success: "70e691a5-1e33-4ac3-a356-e7b6d60d92e0"
            case .failure: "e301438c-0bd0-429c-ab0c-66126501069a"
            }
        }
    }

    /// A node: its key in this description (its id is made from it), AM node type, name,
    /// outcomes, and for a page node its stage and the nodes on it (type, name).
    struct Node: Sendable {
        var key: String
        var type: String
        var name: String
        var outcomes: [(outcome: String, target: Target)]
        var stage: String? = nil
        var page: [(type: String, name: String)] = []
    }

    let name: String
    /// The Swift file the demo AM runs the journey from.
    let file: String
    let nodes: [Node]

    /// The tree as AM's REST API answers `GET …/authenticationtrees/trees/{name}`.
    var treeJSON: JSONValue {
        .object([
            ("_id", .string(name)),
            ("_rev", .string(Self.revision(name))),
            ("description", .string("The demo AM runs this journey from Swift code (\(file)); these nodes are the AM nodes that take the same steps.")),
            ("identityResource", "managed/user"),
            ("uiConfig", .object([])),
            ("entryNodeId", .string(Self.nodeID(journey: name, key: nodes[0].key))),
            ("innerTreeOnly", false),
            ("nodes", .object(nodes.enumerated().map { index, node in
                (Self.nodeID(journey: name, key: node.key), .object([
                    ("connections", .object(node.outcomes.map { ($0.outcome, .string($0.target.id(in: name))) })),
                    ("displayName", .string(node.name)),
                    ("nodeType", .string(node.type)),
                    ("x", .int(200 + 220 * index)),
                    ("y", .int(120)),
                ]))
            })),
            ("staticNodes", .object([
                ("startNode", .object([("x", 50), ("y", 120)])),
                ("70e691a5-1e33-4ac3-a356-e7b6d60d92e0", .object([("x", .int(200 + 220 * nodes.count)), ("y", 60)])),
                ("e301438c-0bd0-429c-ab0c-66126501069a", .object([("x", .int(200 + 220 * nodes.count)), ("y", 200)])),
            ])),
            ("enabled", true),
        ])
    }

    /// A node's configuration as AM's REST API answers `GET …/nodes/{type}/{id}`; nil when the
    /// tree has no node with this type and id.
    func nodeJSON(type: String, id: String) -> JSONValue? {
        if let node = nodes.first(where: { $0.type == type && Self.nodeID(journey: name, key: $0.key) == id }) {
            var members: [(key: String, value: JSONValue)] = [("_id", .string(id)), ("_rev", .string(Self.revision(id)))]
            if node.type == "PageNode" {
                members += [
                    ("nodes", .array(node.page.enumerated().map { index, child in
                        .object([("_id", .string(Self.nodeID(journey: name, key: "\(node.key)/\(index)"))),
                                 ("nodeType", .string(child.type)), ("displayName", .string(child.name))])
                    })),
                    ("pageDescription", .object([])),
                    ("pageHeader", .object([])),
                    ("stage", .string(node.stage ?? "")),
                ]
            }
            members += [
                ("_type", .object([("_id", .string(node.type)), ("name", .string(node.name)), ("collection", true)])),
                ("_outcomes", .array(node.outcomes.map { .object([("id", .string($0.outcome)), ("displayName", .string($0.outcome))]) })),
            ]
            return .object(members)
        }
        for node in nodes where node.type == "PageNode" {
            for (index, child) in node.page.enumerated() where child.type == type && Self.nodeID(journey: name, key: "\(node.key)/\(index)") == id {
                return .object([("_id", .string(id)), ("_rev", .string(Self.revision(id))),
                                ("_type", .object([("_id", .string(child.type)), ("name", .string(child.name)), ("collection", true)])),
                                ("_outcomes", .array([.object([("id", "outcome"), ("displayName", "Outcome")])]))])
            }
        }
        return nil
    }

    /// A node's id: a UUID made from the journey's name and the node's key, the same on every
    /// start, so a map drawn yesterday matches today's.
    static func nodeID(journey: String, key: String) -> String {
        let bytes = Array(SHA256.hash(data: Data("\(journey)/\(key)".utf8)).prefix(16))
        let hex = bytes.enumerated().map { index, byte in
            let value = index == 6 ? (byte & 0x0F) | 0x40 : index == 8 ? (byte & 0x3F) | 0x80 : byte
            return String(value, radix: 16).leftPadded(to: 2)
        }.joined()
        let parts = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { range in
            String(hex[hex.index(hex.startIndex, offsetBy: range.lowerBound)..<hex.index(hex.startIndex, offsetBy: range.upperBound)])
        }
        return parts.joined(separator: "-")
    }

    private static func revision(_ text: String) -> String {
        String(Int32(truncatingIfNeeded: text.utf8.reduce(5381) { ($0 << 5) &+ $0 &+ Int($1) }))
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
