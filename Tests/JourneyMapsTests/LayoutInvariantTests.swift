@testable import JourneyMaps
import Testing

/// Properties every map keeps, over many generated journeys: boxes apart, edges from their exit
/// to their target's entry, and no edge through a box.
@Suite struct LayoutInvariantTests {
    /// A small deterministic generator, so a failing seed can be run again.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    static func journey(seed: UInt64, size: Int) -> JourneyDefinition {
        var random = Generator(state: seed)
        let ends = JourneyEnd.allCases.map(\.rawValue)
        let nodes = (0..<size).map { index in
            let outcomes = ["true", "false", "Retry", "outcome"].prefix(1 + random.next(3))
            let connections = outcomes.map { outcome -> JourneyNode.Connection in
                // Mostly forward, sometimes back (a retry), sometimes an end.
                let roll = random.next(10)
                let target = roll < 2 || index == size - 1 ? ends[random.next(2)]
                    : roll < 3 ? "n\(random.next(index + 1))" : "n\(index + 1 + random.next(min(3, size - index - 1)))"
                return .init(outcome: outcome, target: target)
            }
            return JourneyNode(id: "n\(index)", type: "Type\(index)", displayName: String(repeating: "Node \(index) ", count: 1 + random.next(4)),
                               connections: connections, pageChildren: random.next(4) == 0 ? [.init(id: "c\(index)", type: "T", displayName: "Child")] : [])
        }
        return JourneyDefinition(name: "Generated\(seed)", entryNodeID: "n0", nodes: nodes, source: "generated")
    }

    /// The generated journey of `seed`, its boxes and its layout.
    static func laidOut(seed: Int) -> (MapGraph, [LayoutBox], MapLayout) {
        let graph = MapGraph(journey(seed: UInt64(seed), size: 3 + seed % 40))
        let boxes = graph.boxes.map { $0.layoutBox(textWidth: 22) }
        return (graph, boxes, LayeredLayout.layout(LayoutGraph(boxes: boxes, edges: graph.edges, root: 0)))
    }

    @Test(arguments: 1...60)
    func everyEdgeRunsFromItsExitToItsEntryOutsideEveryBox(seed: Int) {
        let (graph, boxes, layout) = Self.laidOut(seed: seed)

        func inside(_ point: MapPoint, _ index: Int) -> Bool {
            let origin = layout.origins[index]
            return point.x >= origin.x && point.x < origin.x + boxes[index].width && point.y >= origin.y && point.y < origin.y + boxes[index].height
        }
        for a in boxes.indices {
            for b in boxes.indices where a < b {
                let apart = layout.origins[a].x + boxes[a].width <= layout.origins[b].x || layout.origins[b].x + boxes[b].width <= layout.origins[a].x
                    || layout.origins[a].y + boxes[a].height <= layout.origins[b].y || layout.origins[b].y + boxes[b].height <= layout.origins[a].y
                #expect(apart, "seed \(seed): boxes \(a) and \(b) overlap")
            }
        }
        for (index, edge) in graph.edges.enumerated() {
            let path = layout.paths[index]
            let exit = MapPoint(x: layout.origins[edge.from].x + boxes[edge.from].exitColumns[edge.exit], y: layout.origins[edge.from].y + boxes[edge.from].height - 1)
            let column = layout.returning.contains(index) ? layout.returnColumns[edge.to] : boxes[edge.to].entryColumn
            let entry = MapPoint(x: layout.origins[edge.to].x + column, y: layout.origins[edge.to].y)
            if layout.returning.contains(index) {
                #expect(column != boxes[edge.to].entryColumn && column > 0 && column < boxes[edge.to].width - 1,
                        "seed \(seed): edge \(index) comes back at a ▼ of its own on its target's top")
            }
            #expect(path.first == exit, "seed \(seed): edge \(index) starts at its exit")
            #expect(path.last == entry, "seed \(seed): edge \(index) ends at its target's entry")
            for (a, b) in zip(path, path.dropFirst()) {
                #expect(a.x == b.x || a.y == b.y, "seed \(seed): edge \(index) turns only at right angles")
                for point in Self.cells(from: a, to: b) where point != exit && point != entry {
                    #expect(!boxes.indices.contains { inside(point, $0) }, "seed \(seed): edge \(index) runs through a box at \(point)")
                    #expect(point.x >= 0 && point.x < layout.width && point.y >= 0 && point.y < layout.height, "seed \(seed): edge \(index) leaves the map")
                }
            }
        }
    }

    /// Two edges to different targets meet only where one crosses the other straight: never
    /// along a stretch, at a turn or at an end, so no edge reads as a branch of another.
    @Test(arguments: 1...60)
    func edgesToDifferentTargetsOnlyCross(seed: Int) {
        let (graph, _, layout) = Self.laidOut(seed: seed)
        // Each cell of a path: "|" or "-" when the path runs straight through it, "+" at a turn or an end.
        let cells = layout.paths.map { path -> [MapPoint: Character] in
            var marks: [MapPoint: Character] = [:]
            for (a, b) in zip(path, path.dropFirst()) {
                for point in Self.cells(from: a, to: b) { marks[point] = a.x == b.x ? "|" : "-" }
            }
            for point in path { marks[point] = "+" }
            return marks
        }
        for a in graph.edges.indices {
            for b in graph.edges.indices where a < b && graph.edges[a].to != graph.edges[b].to {
                for (point, mark) in cells[a] {
                    guard let other = cells[b][point] else { continue }
                    #expect(mark != "+" && other != "+" && mark != other,
                            "seed \(seed): edges \(a) and \(b) (to different boxes) meet at \(point) other than by crossing")
                }
            }
        }
    }

    /// Nodes the start does not reach (left over in an export) are drawn below the rest, and a
    /// long chain of them leading into the journey does not push the journey's boxes down.
    @Test func nodesNothingReachesAreDrawnBelowWithoutMovingTheJourney() {
        let success = JourneyEnd.success.rawValue
        let reached = [JourneyNode(id: "n0", type: "A", displayName: "First", connections: [.init(outcome: "outcome", target: "n1")]),
                       JourneyNode(id: "n1", type: "B", displayName: "Second", connections: [.init(outcome: "outcome", target: success)])]
        let orphans = (1...4).map { index in
            JourneyNode(id: "o\(index)", type: "C", displayName: "Orphan \(index)", connections: [.init(outcome: "outcome", target: index == 4 ? "n1" : "o\(index + 1)")])
        }
        func top(of id: String, in journey: JourneyDefinition) -> Int {
            let graph = MapGraph(journey)
            let layout = LayeredLayout.layout(LayoutGraph(boxes: graph.boxes.map { $0.layoutBox(textWidth: 22) }, edges: graph.edges, root: 0))
            let index = graph.boxes.firstIndex { if case .node(let node) = $0.kind { node == id } else { false } }!
            return layout.origins[index].y
        }
        let alone = JourneyDefinition(name: "J", entryNodeID: "n0", nodes: reached, source: "test")
        let withOrphans = JourneyDefinition(name: "J", entryNodeID: "n0", nodes: reached + orphans, source: "test")
        // The orphans' edge into n1 comes back up, on a track of its own above n1: a row, not the
        // four layers the chain would push n1 down.
        #expect(top(of: "n1", in: withOrphans) - top(of: "n1", in: alone) <= 1)
        #expect(top(of: "o1", in: withOrphans) > top(of: "n1", in: withOrphans))
    }

    @Test func everyNodeIsNamedOnItsMap() {
        for seed in 1...20 {
            let journey = Self.journey(seed: UInt64(seed), size: 25)
            let text = MapDrawing.text(journey)
            for node in journey.nodes {
                #expect(text.contains(String(node.displayName.prefix(7))), "seed \(seed): \(node.displayName) is on the map")
                #expect(text.contains(node.type), "seed \(seed): \(node.type) is on the map")
            }
        }
    }

    static func cells(from a: MapPoint, to b: MapPoint) -> [MapPoint] {
        if a.x == b.x { return (min(a.y, b.y)...max(a.y, b.y)).map { MapPoint(x: a.x, y: $0) } }
        return (min(a.x, b.x)...max(a.x, b.x)).map { MapPoint(x: $0, y: a.y) }
    }
}
