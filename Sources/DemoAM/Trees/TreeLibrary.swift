/// The exported journeys a demo AM serves, with their nodes' configurations and the outcomes
/// chosen beforehand for nodes it cannot run (`stubs`: a node's id or name → outcome).
struct TreeLibrary: Sendable {
    let trees: [String: ExportedTree]
    let configurations: [String: JSONValue]
    let stubs: [String: String]
    /// The ids of every Retry Limit Decision node served: a journey's success clears the user's
    /// counts of them.
    let retryLimitNodes: Set<String>
    /// What reading the exports passed over.
    var notices: [String] = []

    init(trees: [String: ExportedTree], configurations: [String: JSONValue], stubs: [String: String], notices: [String] = []) {
        self.trees = trees
        self.configurations = configurations
        self.stubs = stubs
        self.notices = notices
        retryLimitNodes = Set(trees.values.flatMap { $0.nodes.values }.filter { $0.type == "RetryLimitDecisionNode" }.map(\.id))
    }

    /// The journey `name` served in `realm`: that realm's own, else one served in every realm.
    func tree(named name: String, in realm: String) -> ExportedTree? {
        trees[TreeExports.key(realm: realm, name: name)] ?? trees[TreeExports.key(realm: nil, name: name)]
    }

    /// The realms the journeys given are served in, besides every realm.
    var realms: [String] {
        Array(Set(trees.values.compactMap(\.realm))).sorted()
    }

    /// A node's configuration; an empty object when the export has none.
    func configuration(of id: String) -> JSONValue {
        configurations[id] ?? .object([])
    }

    /// A page node's children, in order: `{_id, nodeType, displayName}` each.
    func children(of page: ExportedNode) -> [ExportedNode] {
        (configuration(of: page.id)["nodes"]?.array ?? []).compactMap { child in
            guard let id = child["_id"]?.string else { return nil }
            return ExportedNode(id: id, type: child["nodeType"]?.string ?? "", displayName: child["displayName"]?.string ?? "", connections: [:])
        }
    }

    /// The outcomes a node may take: a scripted decision's configured `outcomes`, else the
    /// export's `_outcomes`, else the ones its connections name.
    func outcomes(of node: ExportedNode) -> [String] {
        let configuration = configuration(of: node.id)
        if let listed = configuration["outcomes"]?.array?.compactMap(\.string), !listed.isEmpty { return listed }
        if let listed = configuration["_outcomes"]?.array?.compactMap({ $0["id"]?.string }), !listed.isEmpty { return listed }
        return node.connections.keys.sorted()
    }

    /// The outcomes a node's connections name, in the node's own order of its outcomes (its
    /// configuration's), the others after them by name.
    func connectedOutcomes(of node: ExportedNode) -> [String] {
        let ordered = outcomes(of: node).filter { node.connections[$0] != nil }
        return ordered + node.connections.keys.filter { !ordered.contains($0) }.sorted()
    }

    /// The outcome chosen beforehand for a node, by its id or its name.
    func stub(for node: ExportedNode) -> String? {
        stubs[node.id] ?? stubs[node.displayName]
    }

    /// Nodes that will not run as their journey's author meant: a page, an inner tree evaluator
    /// or a node with settings whose configuration was not exported (its defaults are used), and
    /// a page or an inner tree evaluator placed on a page (AM refuses those), and a page that
    /// suspends before its last node.
    var configurationProblems: [String] {
        let configured: Set<String> = ["PageNode", "InnerTreeEvaluatorNode", "AttributeCollectorNode", "ChoiceCollectorNode", "QueryFilterDecisionNode",
                                       "ScriptedDecisionNode", "EmailSuspendNode", "MessageNode", "RetryLimitDecisionNode", "PatchObjectNode",
                                       "SessionDataNode", "PushWaitNode", "product-CaptchaNode", "product-CaptchaEnterpriseNode",
                                       "OathTokenVerifierNode", "PushAuthenticationSenderNode", "SelectIdPNode", "SocialProviderHandlerNode"]
        return trees.values.filter { !$0.isDemo }.sorted { $0.name < $1.name }.flatMap { tree in
            tree.nodes.values.sorted { $0.title < $1.title }.flatMap { node -> [String] in
                var problems: [String] = []
                let children = node.type == "PageNode" ? children(of: node) : []
                for item in [node] + children where configured.contains(item.type) && configurations[item.id] == nil {
                    problems.append("\(tree.source): journey \(tree.name), node \(item.title) (\(item.type)): its configuration was not exported; its defaults are used")
                }
                for child in children where child.type == "PageNode" || child.type == "InnerTreeEvaluatorNode" {
                    problems.append("\(tree.source): journey \(tree.name), page \(node.title): \(child.title) (\(child.type)) cannot be on a page; it asks which outcome to take")
                }
                for child in children.dropLast() where child.type == "EmailSuspendNode" {
                    problems.append("\(tree.source): journey \(tree.name), page \(node.title): \(child.title) (\(child.type)) suspends before the page's "
                                        + "last node; its link goes on by its own outcome and the nodes after it on the page do not run")
                }
                return problems
            }
        }
    }

    /// What is wrong with the stubs: one that names no node served, or a node the server runs
    /// itself; one whose outcome is none of its node's; one whose name several nodes have.
    var stubProblems: [String] {
        let everyNode = trees.values.filter { !$0.isDemo }.flatMap { tree in
            tree.nodes.values.flatMap { node in [(tree.name, node)] + (node.type == "PageNode" ? children(of: node).map { (tree.name, $0) } : []) }
        }
        return stubs.keys.sorted().flatMap { key -> [String] in
            let matched = everyNode.filter { $0.1.id == key || $0.1.displayName == key }
            guard !matched.isEmpty else { return ["the stub \(key) names no node of the journeys served"] }
            var problems = matched.count > 1 ? ["the stub \(key) answers for \(matched.count) nodes: \(matched.map { "\($0.0): \($0.1.title)" }.joined(separator: ", "))"] : []
            let outcome = stubs[key] ?? ""
            for (journey, node) in matched {
                guard NodeTypes.behaviour(for: node.type) == nil else {
                    problems.append("the stub \(key) is not used: the server runs \(journey): \(node.title) (\(node.type)) itself")
                    continue
                }
                let possible = outcomes(of: node)
                if !possible.isEmpty, !possible.contains(outcome) {
                    problems.append("the stub \(key) answers \(outcome), which is none of the outcomes of \(journey): \(node.title) (\(possible.joined(separator: ", ")))")
                }
            }
            return problems
        }
    }

    /// The nodes of `tree` (and of the pages in it) that the demo AM cannot run: they ask which
    /// outcome to take, unless a stub answers for them.
    func askingNodes(of tree: ExportedTree) -> [ExportedNode] {
        tree.nodes.values.sorted { $0.title < $1.title }.flatMap { node -> [ExportedNode] in
            if node.type == "PageNode" { return children(of: node).filter { NodeTypes.behaviour(for: $0.type) == nil } }
            if node.type == "InnerTreeEvaluatorNode" { return [] }
            return NodeTypes.behaviour(for: node.type) == nil ? [node] : []
        }
    }

    /// A line per journey given (the demo's own left out): whether it runs fully, or which nodes will ask (or are stubbed), and
    /// the inner trees it runs that are not served.
    var report: [String] {
        notices + trees.values.filter { !$0.isDemo }.sorted { ($0.name, $0.realm ?? "") < ($1.name, $1.realm ?? "") }.map { tree in
            let asking = askingNodes(of: tree)
            let missing = tree.nodes.values.filter { $0.type == "InnerTreeEvaluatorNode" }
                .compactMap { configuration(of: $0.id)["tree"]?.string }
                .filter { name in !trees.values.contains { $0.name == name && ($0.realm == nil || tree.realm == nil || $0.realm == tree.realm) } }
            var line = "\(tree.name)\(tree.realm.map { " (realm \($0))" } ?? ""): " + (asking.isEmpty ? "runs fully" : asking.map { node in
                "\(node.title) (\(node.type)) " + (stub(for: node).map { "answers \($0)" } ?? "asks")
            }.joined(separator: ", "))
            if !missing.isEmpty { line += "; runs \(missing.sorted().joined(separator: ", ")), which is not served" }
            return line
        }
    }
}
