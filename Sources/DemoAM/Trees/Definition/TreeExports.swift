import Foundation

/// Reads journey exports: frodo's files of many journeys (`{"trees": {NAME: {"tree", "nodes",
/// "innerNodes", …}}}`), its older files of one (`{"tree", "nodes", "innerNodes", …}`), and a
/// tree alone as AM's REST API answers it. Node configurations (`{"_id", "_type": {"_id"}, …}`)
/// are kept by id, page nodes' children among them.
struct TreeExports: Sendable {
    private(set) var trees: [String: ExportedTree] = [:]
    private(set) var configurations: [String: JSONValue] = [:]
    /// What could not be used, each naming the file, the journey and the node.
    private(set) var problems: [String] = []
    /// What was passed over and why (a journey read again from a later file).
    private(set) var notices: [String] = []

    /// Reads one file's contents; `source` names it in problems. A file found in a folder
    /// (`named` false) that holds no journey is passed over.
    mutating func read(_ data: Data, source: String, named: Bool = true) {
        guard let document = JSONValue(parsing: data) else {
            if named { problems.append("\(source): the file is not JSON") }
            return
        }
        if let exports = document["trees"]?.members {
            for (name, export) in exports { readExport(export, name: name, source: source) }
        } else if document["tree"] != nil {
            readExport(document, name: nil, source: source)
        } else if document["entryNodeId"] != nil {
            readTree(document, name: nil, source: source)
        } else if named {
            problems.append("\(source): no journey in it (a frodo journey export has \"trees\" or \"tree\")")
        }
    }

    /// One journey's export: its tree, its nodes' configurations and its inner nodes'.
    private mutating func readExport(_ export: JSONValue, name: String?, source: String) {
        for key in ["nodes", "innerNodes"] {
            for (id, configuration) in export[key]?.members ?? [] { configurations[id] = configuration }
        }
        guard let tree = export["tree"] else {
            problems.append("\(source): journey \(name ?? "?") has no \"tree\"")
            return
        }
        readTree(tree, name: name, source: source)
    }

    private mutating func readTree(_ tree: JSONValue, name: String?, source: String) {
        guard let name = tree["_id"]?.string ?? name, !name.isEmpty else {
            problems.append("\(source): a tree without an _id")
            return
        }
        func problem(_ text: String) { problems.append("\(source): journey \(name): \(text)") }
        guard let entry = tree["entryNodeId"]?.string else { return problem("it has no entryNodeId") }
        guard let members = tree["nodes"]?.members else { return problem("it has no \"nodes\" object") }
        var nodes: [String: ExportedNode] = [:]
        for (id, node) in members {
            guard let type = node["nodeType"]?.string, !type.isEmpty else { return problem("node \(id) has no nodeType") }
            var connections: [String: String] = [:]
            for (outcome, target) in node["connections"]?.members ?? [] {
                guard let target = target.string else { return problem("node \(id): outcome \(outcome) names no node") }
                connections[outcome] = target
            }
            nodes[id] = ExportedNode(id: id, type: type, displayName: node["displayName"]?.string ?? "", connections: connections)
        }
        let known = Set(nodes.keys).union([ExportedTree.success, ExportedTree.failure])
        guard known.contains(entry) else { return problem("its entryNodeId \(entry) is not one of its nodes") }
        for node in nodes.values {
            for (outcome, target) in node.connections where !known.contains(target) {
                return problem("node \(node.title) (\(node.id)): outcome \(outcome) leads to \(target), which is no node of the journey")
            }
        }
        if let kept = trees[name], kept.source != source {
            notices.append("\(source): journey \(name) was read before from \(kept.source); the first is served")
            return
        }
        trees[name] = ExportedTree(name: name, entry: entry, nodes: nodes, identityResource: tree["identityResource"]?.string, source: source)
    }
}
