import Orchestrate

/// Reads one journey from AM's JSON for a tree (`entryNodeId`, `nodes` with each node's
/// `nodeType`, `displayName` and `connections`) and, where they came with it, the nodes'
/// configurations (a page node's `nodes`, an inner tree evaluator's `tree`). Exports, AM's
/// configuration folder and its REST API all hold trees in this shape. Every text is
/// neutralised for the terminal here.
enum TreeReader {
    /// `configurations` finds a node's configuration by its id (nil when there is none).
    static func journey(_ tree: JSONObject, name fallbackName: String, source: String,
                        configurations: (String) -> JSONObject?) throws(DefinitionProblem) -> JourneyDefinition {
        let name = TerminalText.line(tree["_id"]?.stringValue ?? fallbackName)
        func problem(_ node: String?, _ text: String) -> DefinitionProblem {
            DefinitionProblem(source: source, journey: name, node: node, problem: text)
        }
        guard let entry = tree["entryNodeId"]?.stringValue.map(TerminalText.line), !entry.isEmpty else { throw problem(nil, "it has no entryNodeId") }
        guard let nodeMap = tree["nodes"]?.objectValue else { throw problem(nil, "it has no \"nodes\" object") }
        var nodes: [JourneyNode] = []
        for (rawID, value) in nodeMap {
            let id = TerminalText.line(rawID)
            guard let node = value.objectValue else { throw problem(id, "the node is not a JSON object") }
            guard let type = node["nodeType"]?.stringValue, !type.isEmpty else { throw problem(id, "the node has no nodeType") }
            var connections: [JourneyNode.Connection] = []
            for (outcome, target) in node["connections"]?.objectValue ?? JSONObject() {
                guard let target = target.stringValue.map(TerminalText.line) else { throw problem(id, "outcome \"\(TerminalText.line(outcome))\" does not name a node") }
                connections.append(.init(outcome: TerminalText.line(outcome), target: target))
            }
            let configuration = configurations(rawID)
            nodes.append(JourneyNode(id: id, type: TerminalText.line(type), displayName: TerminalText.line(node["displayName"]?.stringValue ?? ""),
                                     connections: connections, pageChildren: pageChildren(configuration),
                                     innerTree: type == "InnerTreeEvaluatorNode" ? configuration?["tree"]?.stringValue.map(TerminalText.line) : nil,
                                     stage: configuration?["stage"]?.stringValue.flatMap { $0.isEmpty ? nil : TerminalText.line($0) }))
        }
        let ids = Set(nodes.map(\.id))
        // A journey may start at Success or Failure itself.
        guard ids.contains(entry) || JourneyEnd(rawValue: entry) != nil else {
            throw problem(nil, "its entryNodeId \(entry) is not one of its nodes")
        }
        for node in nodes {
            for connection in node.connections where !ids.contains(connection.target) && JourneyEnd(rawValue: connection.target) == nil {
                throw problem(node.displayName.isEmpty ? node.id : "\(node.displayName) (\(node.id))",
                              "outcome \"\(connection.outcome)\" leads to \(connection.target), which is neither a node of the journey nor Success or Failure")
            }
        }
        return JourneyDefinition(name: name, entryNodeID: entry, nodes: nodes,
                                 innerTreeOnly: tree["innerTreeOnly"]?.boolValue ?? false, source: source)
    }

    /// A page node's configuration lists the nodes on its page.
    private static func pageChildren(_ configuration: JSONObject?) -> [JourneyNode.PageChild] {
        (configuration?["nodes"]?.arrayValue ?? []).compactMap { child in
            guard let id = child["_id"]?.stringValue else { return nil }
            return .init(id: TerminalText.line(id), type: TerminalText.line(child["nodeType"]?.stringValue ?? ""),
                         displayName: TerminalText.line(child["displayName"]?.stringValue ?? ""))
        }
    }
}
