/// Which nodes of the exported journeys runs reached and which outcomes they took, since the
/// server started or the record was last cleared: what `journey test --coverage` reports.
actor TreeCoverage {
    private var reached: Set<Step> = []
    private var taken: Set<Step> = []

    /// A node of a journey, with an outcome for a taken one.
    private struct Step: Hashable {
        let journey: String
        let node: String
        var outcome = ""
    }

    func reached(_ node: String, of journey: String) {
        reached.insert(Step(journey: journey, node: node))
    }

    func took(_ outcome: String, of node: String, in journey: String) {
        taken.insert(Step(journey: journey, node: node, outcome: outcome))
    }

    func clear() {
        reached = []
        taken = []
    }

    /// Every served journey, each node reached or not (a page's nodes too, with the page's id),
    /// each outcome (connection) taken or not.
    func report(of library: TreeLibrary) -> JSONValue {
        .object([("journeys", .array(library.trees.values.sorted { ($0.name, $0.realm ?? "") < ($1.name, $1.realm ?? "") }.map { tree in
            let nodes = tree.nodes.values.sorted { ($0.title, $0.id) < ($1.title, $1.id) }
            func row(_ node: ExportedNode, page: String?) -> JSONValue {
                .object([("id", .string(node.id)), ("name", .string(node.title)), ("type", .string(node.type))]
                        + (page.map { [("page", .string($0))] } ?? [])
                        + [("reached", .bool(reached.contains(Step(journey: tree.key, node: node.id))))])
            }
            return .object([
                ("name", .string(tree.name)),
                ("realm", tree.realm.map(JSONValue.string) ?? .null),
                ("source", .string(tree.source)),
                ("nodes", .array(nodes.flatMap { node in
                    [row(node, page: nil)] + (node.type == "PageNode" ? library.children(of: node).map { row($0, page: node.id) } : [])
                })),
                ("outcomes", .array(nodes.flatMap { node in
                    library.connectedOutcomes(of: node).map { outcome in
                        .object([("node", .string(node.id)), ("name", .string(node.title)), ("outcome", .string(outcome)),
                                 ("taken", .bool(taken.contains(Step(journey: tree.key, node: node.id, outcome: outcome))))])
                    }
                })),
            ])
        }))])
    }
}
