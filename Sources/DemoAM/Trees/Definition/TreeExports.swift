import Foundation

/// Reads journey exports: frodo's files of many journeys (`{"trees": {NAME: {"tree", "nodes",
/// "innerNodes", …}}}`), its older files of one (`{"tree", "nodes", "innerNodes", …}`), a tree
/// alone as AM's REST API answers it, and folders where each tree and each node has a file of its
/// own: fr-config-manager's, and AM's file-based configuration (`{"metadata", "data"}` files, ids
/// as `default/<id>`, a page's nodes as `"<id>:<type>:<name>"`). Node configurations
/// (`{"_id", "_type": {"_id"}, …}`) are kept by id, page nodes' children among them.
struct TreeExports: Sendable {
    /// By ``key(realm:name:)``.
    private(set) var trees: [String: ExportedTree] = [:]
    private(set) var configurations: [String: JSONValue] = [:]
    /// The realm of the file being read.
    private var realm: String?

    /// Files that cannot be used (not JSON, or named on their own and holding no journey): the
    /// server does not start with them.
    private(set) var problems: [String] = []
    /// What was passed over and why, each naming the file, the journey and the node: a journey
    /// whose definition is broken is not served, and one read again from a later file neither.
    private(set) var notices: [String] = []

    /// Reads one file's contents; `source` names it in problems. A file found in a folder
    /// (`named` false) that holds no journey is passed over.
    mutating func read(_ data: Data, source: String, named: Bool = true) {
        guard var document = JSONValue(parsing: data) else {
            if named { problems.append("\(source): the file is not JSON") }
            return
        }
        // AM's file-based configuration wraps each entity, and says its realm.
        var realm = Self.realm(inPath: source)
        if let metadata = document["metadata"], let wrapped = document["data"] {
            realm = metadata["realm"]?.string.map(RealmPath.normalized) ?? realm
            document = wrapped
        }
        self.realm = realm
        if let exports = document["trees"]?.members {
            for (name, export) in exports { readExport(export, name: name, source: source) }
        } else if document["tree"]?.members != nil {
            // An inner tree evaluator's configuration has a `tree` too: its name, a string.
            readExport(document, name: nil, source: source)
        } else if document["entryNodeId"] != nil {
            readTree(document, name: nil, source: source)
        } else if let id = document["_id"]?.string, document["_type"]?["_id"]?.string != nil, configurations[Self.plain(id)] == nil {
            configurations[Self.plain(id)] = Self.pageChildrenAsObjects(document)
        } else if named {
            problems.append("\(source): no journey in it (a frodo journey export has \"trees\" or \"tree\")")
        }
    }

    /// One journey's export: its tree, its nodes' configurations and its inner nodes'.
    /// Its nodes' configurations are kept only when its tree is served, and the first kept wins:
    /// exports repeat journeys, and a repeat's nodes must not change the journey served.
    private mutating func readExport(_ export: JSONValue, name: String?, source: String) {
        guard let tree = export["tree"] else {
            notices.append("\(source): journey \(name ?? "?") is not served: it has no \"tree\"")
            return
        }
        guard readTree(tree, name: name, source: source) else { return }
        for key in ["nodes", "innerNodes"] {
            for (id, configuration) in export[key]?.members ?? [] where configurations[id] == nil {
                configurations[id] = Self.pageChildrenAsObjects(configuration)
            }
        }
    }

    /// Whether the tree is served.
    @discardableResult
    private mutating func readTree(_ tree: JSONValue, name: String?, source: String) -> Bool {
        guard let name = (tree["_id"]?.string).map(Self.plain) ?? name, !name.isEmpty else {
            notices.append("\(source): a tree without an _id is not served")
            return false
        }
        func problem(_ text: String) -> Bool {
            notices.append("\(source): journey \(name) is not served: \(text)")
            return false
        }
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
        let key = Self.key(realm: realm, name: name)
        if let kept = trees[key], kept.source != source {
            notices.append("\(source): journey \(name)\(realm.map { " (realm \($0))" } ?? "") was read before from \(kept.source); the first is served")
            return false
        }
        trees[key] = ExportedTree(name: name, entry: entry, nodes: nodes, identityResource: tree["identityResource"]?.string, source: source,
                                  realm: realm, enabled: tree["enabled"]?.bool ?? true, innerTreeOnly: tree["innerTreeOnly"]?.bool ?? false,
                                  noSession: tree["noSession"]?.bool ?? false)
        return true
    }

    /// Adds the demo's own journeys (`DemoExports`) that no file given replaced.
    mutating func addDemoJourneys() {
        var demo = TreeExports()
        for export in DemoExports.all { demo.read(Data(export.json.utf8), source: export.source) }
        for (key, tree) in demo.trees where !trees.values.contains(where: { $0.name == tree.name && $0.realm == nil }) {
            var tree = tree
            tree.isDemo = true
            trees[key] = tree
        }
        for (id, configuration) in demo.configurations where configurations[id] == nil { configurations[id] = configuration }
    }

    /// How trees are kept: each realm's apart, and those of every realm apart again.
    static func key(realm: String?, name: String) -> String {
        "\(realm ?? "*") \(name)"
    }

    /// The realm a path names the way frodo and AM's configuration lay out realms
    /// (`…/realm/root-alpha/…` is `/alpha`, `…/realm/root/…` is `/`); nil when it names none.
    static func realm(inPath path: String) -> String? {
        let parts = path.split(separator: "/")
        guard let index = parts.lastIndex(of: "realm"), index + 1 < parts.count else { return nil }
        let folder = parts[index + 1]
        guard folder == "root" || folder.hasPrefix("root-") else { return nil }
        return "/" + folder.split(separator: "-").dropFirst().joined(separator: "/")
    }

    /// `default/Login` (AM's file-based configuration) → `Login`.
    private static func plain(_ id: String) -> String {
        id.hasPrefix("default/") ? String(id.dropFirst("default/".count)) : id
    }

    /// A page node's `nodes` as `{_id, nodeType, displayName}` objects, where AM's file-based
    /// configuration writes `"<id>:<type>:<name>"` (the name may hold colons).
    private static func pageChildrenAsObjects(_ configuration: JSONValue) -> JSONValue {
        guard let children = configuration["nodes"]?.array, children.contains(where: { $0.string != nil }) else { return configuration }
        let objects: [JSONValue] = children.map { child in
            guard let text = child.string else { return child }
            let parts = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
            return .object([("_id", .string(parts[0])), ("nodeType", .string(parts.count > 1 ? parts[1] : "")),
                            ("displayName", .string(parts.count > 2 ? parts[2] : ""))])
        }
        return configuration.setting(["nodes"], to: .array(objects))
    }
}
