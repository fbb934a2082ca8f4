import Orchestrate

/// A journey written for other tools: Mermaid (Markdown docs), Graphviz dot, or JSON with its
/// nodes and edges. Ends appear once each here, as the definition has them.
public enum MapFormat: String, Sendable, CaseIterable {
    case text
    case mermaid
    case dot
    case json

    /// `journey` written in this format; `text` is the drawn map at `width`.
    /// `marks` are drawn on the text map (the ✓ of coverage); the other formats leave them out.
    public func render(_ journey: JourneyDefinition, width: Int = .max, marks: MapMarks = .none) -> String {
        switch self {
        case .text: MapDrawing.text(journey, width: width, marks: marks)
        case .mermaid: Self.mermaid(journey)
        case .dot: Self.dot(journey)
        case .json: Self.json(journey).terminalSafeJSONText
        }
    }

    /// Every edge: the start's, then each node's outcomes in order.
    static func edges(_ journey: JourneyDefinition) -> [(from: String, outcome: String?, to: String)] {
        [("start", nil, journey.entryNodeID)] + journey.nodes.flatMap { node in
            node.connections.map { (node.id, Optional($0.outcome), $0.target) }
        }
    }

    /// The ends the journey reaches, in the order of `JourneyEnd`.
    static func ends(_ journey: JourneyDefinition) -> [JourneyEnd] {
        let targets = Set(edges(journey).map(\.to))
        return JourneyEnd.allCases.filter { targets.contains($0.rawValue) }
    }

    static func label(_ node: JourneyNode) -> String {
        node.displayName.isEmpty || node.displayName == node.type ? node.type : "\(node.displayName) (\(node.type))"
    }

    // MARK: Mermaid

    private static func mermaid(_ journey: JourneyDefinition) -> String {
        var ids = ["start": "start"]
        for (index, node) in journey.nodes.enumerated() { ids[node.id] = "n\(index + 1)" }
        for end in JourneyEnd.allCases { ids[end.rawValue] = end.title.lowercased() }
        var lines = ["flowchart TD", "    start([\(mermaidText("Start: " + journey.name))])"]
        for node in journey.nodes {
            var text = mermaidText(label(node))
            if let tree = node.innerTree { text += "<br/>" + mermaidText("runs " + tree) }
            for child in node.pageChildren { text += "<br/>" + mermaidText("· " + (child.displayName.isEmpty ? child.type : child.displayName)) }
            lines.append("    \(ids[node.id]!)[\(text)]")
        }
        for end in ends(journey) { lines.append("    \(ids[end.rawValue]!)([\(end.title)])") }
        for edge in edges(journey) {
            let arrow = edge.outcome.map { "-->|\(mermaidText($0))|" } ?? "-->"
            lines.append("    \(ids[edge.from]!) \(arrow) \(ids[edge.to]!)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Text inside a Mermaid node or edge label: quoted, with the characters Mermaid reads as
    /// syntax written as entity codes.
    private static func mermaidText(_ text: String) -> String {
        quoted(TerminalText.line(text), escaping: ["\"": "#quot;", "<": "#lt;", ">": "#gt;", "|": "#124;", "#": "#35;"])
    }

    /// `text` in double quotes, each character `escapes` names written as it says.
    private static func quoted(_ text: String, escaping escapes: [Character: String]) -> String {
        "\"" + text.map { escapes[$0] ?? String($0) }.joined() + "\""
    }

    // MARK: dot

    private static func dot(_ journey: JourneyDefinition) -> String {
        var lines = ["digraph \(dotText(journey.name)) {", "    node [shape=box];",
                     "    \"start\" [shape=oval, label=\(dotText("Start: " + journey.name))];"]
        for node in journey.nodes {
            var text = label(node)
            if let tree = node.innerTree { text += "\nruns " + tree }
            for child in node.pageChildren { text += "\n· " + (child.displayName.isEmpty ? child.type : child.displayName) }
            lines.append("    \(dotText(node.id)) [label=\(dotText(text))];")
        }
        for end in ends(journey) { lines.append("    \(dotText(end.rawValue)) [shape=oval, label=\(dotText(end.title))];") }
        for edge in edges(journey) {
            let label = edge.outcome.map { " [label=\(dotText($0))]" } ?? ""
            lines.append("    \(dotText(edge.from)) -> \(dotText(edge.to))\(label);")
        }
        return (lines + ["}"]).joined(separator: "\n") + "\n"
    }

    /// A dot ID in quotes: quotes and backslashes escaped, line breaks as `\n`.
    private static func dotText(_ text: String) -> String {
        quoted(TerminalText.block(text), escaping: ["\"": "\\\"", "\\": "\\\\", "\n": "\\n"])
    }

    // MARK: JSON

    /// `{"journey", "source", "entryNodeId", "nodes": [{id, type, displayName, pageNodes?,
    /// innerTree?}], "edges": [{from, outcome, to}]}`; ends by their AM ids, the start as
    /// `start`.
    static func json(_ journey: JourneyDefinition) -> JSONValue {
        var nodes: [JSONValue] = journey.nodes.map { node in
            var object: JSONObject = ["id": .string(node.id), "type": .string(node.type), "displayName": .string(node.displayName)]
            if let tree = node.innerTree { object["innerTree"] = .string(tree) }
            if !node.pageChildren.isEmpty {
                object["pageNodes"] = .array(node.pageChildren.map { .object(["id": .string($0.id), "type": .string($0.type), "displayName": .string($0.displayName)]) })
            }
            return .object(object)
        }
        nodes += ends(journey).map { .object(["id": .string($0.rawValue), "type": .string($0.title), "displayName": .string($0.title)]) }
        let edges: [JSONValue] = edges(journey).map { edge in
            var object: JSONObject = ["from": .string(edge.from)]
            if let outcome = edge.outcome { object["outcome"] = .string(outcome) }
            object["to"] = .string(edge.to)
            return .object(object)
        }
        var object: JSONObject = ["journey": .string(journey.name), "source": .string(journey.source), "entryNodeId": .string(journey.entryNodeID)]
        if journey.innerTreeOnly { object["innerTreeOnly"] = .bool(true) }
        object["nodes"] = .array(nodes)
        object["edges"] = .array(edges)
        return .object(object)
    }
}
