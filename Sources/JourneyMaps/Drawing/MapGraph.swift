import Orchestrate

/// A journey as boxes and edges to draw: a start box, a box per node, and an end box per edge
/// that reaches Success or Failure, so an end sits right below what leads to it.
struct MapGraph: Sendable {
    var boxes: [MapBox]
    /// From box, exit, to box.
    var edges: [LayoutEdge]

    init(_ journey: JourneyDefinition) {
        var boxes = [MapBox(kind: .start, title: "Start: \(journey.name)", details: [], exits: [""], showsPage: false)]
        var index: [String: Int] = [:]
        for node in journey.nodes {
            index[node.id] = boxes.count
            boxes.append(MapBox(kind: .node(id: node.id), title: node.displayName.isEmpty ? node.type : node.displayName,
                                details: Self.details(node), exits: node.connections.map(\.outcome),
                                showsPage: node.type == "PageNode" || !PageMatcher.callbackTypes(of: node.type).isEmpty))
        }
        var edges: [LayoutEdge] = []
        func connect(_ from: Int, _ exit: Int, _ target: String) {
            if let end = JourneyEnd(rawValue: target) {
                boxes.append(MapBox(kind: .end(end), title: end.title, details: [], exits: [], showsPage: false))
                edges.append(LayoutEdge(from: from, exit: exit, to: boxes.count - 1))
            } else if let to = index[target] {
                edges.append(LayoutEdge(from: from, exit: exit, to: to))
            }
        }
        connect(0, 0, journey.entryNodeID)
        for node in journey.nodes {
            for (exit, connection) in node.connections.enumerated() { connect(index[node.id]!, exit, connection.target) }
        }
        self.boxes = boxes
        self.edges = edges
    }

    private static func details(_ node: JourneyNode) -> [String] {
        var details = [node.type]
        if let tree = node.innerTree { details.append("↳ runs \(tree)") }
        for child in node.pageChildren {
            details.append("· " + (child.displayName.isEmpty || child.displayName == child.type ? child.type : child.displayName))
        }
        return details
    }
}
