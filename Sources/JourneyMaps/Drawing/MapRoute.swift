/// The way a run went over a map: the edges between the pages it showed (the shortest way
/// through nodes that show no page, since such a node would have shown one) and on to the end it
/// reached, and the boxes passed on the way; for coverage, the outcomes taken and the ends they
/// reached.
struct MapRoute {
    /// Indices of `MapGraph.edges`.
    var edges: Set<Int> = []
    /// Boxes passed between pages (not shown, so inferred), and the end reached.
    var passed: Set<Int> = []

    init(_ graph: MapGraph, marks: MapMarks) {
        var index: [String: Int] = [:]
        for (box, content) in graph.boxes.enumerated() {
            if case .node(let id) = content.kind { index[id] = box }
        }
        if let taken = marks.taken {
            for (edge, layout) in graph.edges.enumerated() {
                guard case .node(let id) = graph.boxes[layout.from].kind,
                      taken.contains(TakenOutcome(node: id, outcome: graph.boxes[layout.from].exits[layout.exit])) else { continue }
                edges.insert(edge)
                if case .end = graph.boxes[layout.to].kind { passed.insert(layout.to) }
            }
            return
        }
        let pages = (marks.visited + (marks.current.map { [$0] } ?? [])).compactMap { index[$0] }
        guard !pages.isEmpty || marks.ended != nil else { return }
        var outgoing = Array(repeating: [Int](), count: graph.boxes.count)
        for (edge, layout) in graph.edges.enumerated() { outgoing[layout.from].append(edge) }
        var from = 0
        for page in pages {
            guard let way = Self.shortestWay(from: from, to: { $0 == page }, graph, outgoing) else { from = page; continue }
            record(way, graph)
            from = page
        }
        if let end = marks.ended, let way = Self.shortestWay(from: from, to: { graph.boxes[$0].kind == .end(end) }, graph, outgoing) {
            record(way, graph)
        }
    }

    private mutating func record(_ way: [Int], _ graph: MapGraph) {
        edges.formUnion(way)
        for edge in way { passed.insert(graph.edges[edge].to) }
    }

    /// Edges from `start` to the first box `isTarget` accepts, breadth first, through boxes that
    /// show no page; nil when there is none.
    private static func shortestWay(from start: Int, to isTarget: (Int) -> Bool, _ graph: MapGraph, _ outgoing: [[Int]]) -> [Int]? {
        var cameBy: [Int: Int] = [:]
        var queue = [start], head = 0
        var seen: Set<Int> = [start]
        while head < queue.count {
            let box = queue[head]
            head += 1
            for edge in outgoing[box] {
                let next = graph.edges[edge].to
                guard seen.insert(next).inserted else { continue }
                cameBy[next] = edge
                if isTarget(next) {
                    var way = [edge], at = box
                    while at != start, let previous = cameBy[at] { way.insert(previous, at: 0); at = graph.edges[previous].from }
                    return way
                }
                if !graph.boxes[next].showsPage, case .node = graph.boxes[next].kind { queue.append(next) }
            }
        }
        return nil
    }
}
