/// Lays a map out in layers from its root, top to bottom (after Sugiyama): each box sits one
/// layer below the lowest box that leads to it, an edge that spans layers passes through each
/// one in a column of its own, and edges run between layers in channels of horizontal tracks.
/// So no edge crosses a box. Edges that lead back up (a retry) leave through a lane right of
/// every box.
enum LayeredLayout {
    /// Columns between two boxes of a layer.
    static let gap = 2

    static func layout(_ graph: LayoutGraph) -> MapLayout {
        var plan = LayerPlan(graph)
        plan.order()
        plan.placeColumns()
        return ChannelRouting.route(plan)
    }
}

/// The layers of a map: its boxes and the passages long edges take, each in a layer, in order.
struct LayerPlan {
    let graph: LayoutGraph
    /// Boxes first (the graph's indices), then passages.
    var vertices: [LayoutBox]
    var layerOf: [Int]
    var layers: [[Int]]
    /// Each edge's vertices from its box to its target (passages between), or nil for an edge
    /// that returns to its own layer or above.
    var chains: [[Int]?]
    var x: [Int]

    init(_ graph: LayoutGraph) {
        self.graph = graph
        vertices = graph.boxes
        let returning = Self.returningEdges(graph)
        layerOf = Self.layers(graph, returning: returning)
        chains = []
        for (index, edge) in graph.edges.enumerated() {
            guard !returning.contains(index), layerOf[edge.to] > layerOf[edge.from] else {
                chains.append(nil)
                continue
            }
            var chain = [edge.from]
            for layer in (layerOf[edge.from] + 1)..<layerOf[edge.to] {
                vertices.append(.passage(height: 1))
                layerOf.append(layer)
                chain.append(vertices.count - 1)
            }
            chain.append(edge.to)
            chains.append(chain)
        }
        layers = Array(repeating: [], count: (layerOf.max() ?? 0) + 1)
        for vertex in Self.discoveryOrder(graph, chains: chains, count: vertices.count) {
            layers[layerOf[vertex]].append(vertex)
        }
        x = Array(repeating: 0, count: vertices.count)
    }

    /// Edges that close a cycle, found by a depth-first walk from the root (then from every box
    /// it did not reach), exits in order.
    private static func returningEdges(_ graph: LayoutGraph) -> Set<Int> {
        let outgoing = Self.outgoing(graph)
        var state = Array(repeating: 0, count: graph.boxes.count) // 0 new, 1 on the path, 2 done
        var returning: Set<Int> = []
        for start in [graph.root] + Array(graph.boxes.indices) where state[start] == 0 {
            var stack: [(vertex: Int, next: Int)] = [(start, 0)]
            state[start] = 1
            while let top = stack.last {
                let edges = outgoing[top.vertex]
                if top.next == edges.count {
                    state[top.vertex] = 2
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].next += 1
                let edge = edges[top.next]
                let target = graph.edges[edge].to
                switch state[target] {
                case 0:
                    state[target] = 1
                    stack.append((target, 0))
                case 1: returning.insert(edge)
                default: break
                }
            }
        }
        return returning
    }

    /// The longest path from a box with nothing before it, over the edges that do not return.
    /// Boxes the root does not reach are laid out below the ones it does, by the edges among
    /// themselves: one of theirs that leads to a reached box goes back up, and never pushes the
    /// reached boxes down.
    private static func layers(_ graph: LayoutGraph, returning: Set<Int>) -> [Int] {
        let count = graph.boxes.count
        let outgoing = Self.outgoing(graph)
        var reached = Array(repeating: false, count: count)
        var frontier = [graph.root]
        reached[graph.root] = true
        while let vertex = frontier.popLast() {
            for index in outgoing[vertex] where !returning.contains(index) && !reached[graph.edges[index].to] {
                reached[graph.edges[index].to] = true
                frontier.append(graph.edges[index].to)
            }
        }
        var incoming = Array(repeating: 0, count: count)
        var next = Array(repeating: [Int](), count: count)
        for (index, edge) in graph.edges.enumerated() where !returning.contains(index) && reached[edge.from] == reached[edge.to] {
            incoming[edge.to] += 1
            next[edge.from].append(edge.to)
        }
        var layer = Array(repeating: 0, count: count)
        var ready = (0..<count).filter { incoming[$0] == 0 }
        while let vertex = ready.popLast() {
            for target in next[vertex] {
                layer[target] = max(layer[target], layer[vertex] + 1)
                incoming[target] -= 1
                if incoming[target] == 0 { ready.append(target) }
            }
        }
        let below = (0..<count).filter { reached[$0] }.map { layer[$0] }.max().map { $0 + 1 } ?? 0
        return (0..<count).map { reached[$0] ? layer[$0] : layer[$0] + below }
    }

    private static func outgoing(_ graph: LayoutGraph) -> [[Int]] {
        var outgoing = Array(repeating: [Int](), count: graph.boxes.count)
        for (index, edge) in graph.edges.enumerated() { outgoing[edge.from].append(index) }
        return outgoing.map { edges in edges.sorted { graph.edges[$0].exit < graph.edges[$1].exit } }
    }

    /// Vertices in the order a breadth-first walk from the root meets them, exits left to
    /// right: the first order of each layer.
    private static func discoveryOrder(_ graph: LayoutGraph, chains: [[Int]?], count: Int) -> [Int] {
        var next = Array(repeating: [Int](), count: count)
        for chain in chains {
            guard let chain else { continue }
            for (from, to) in zip(chain, chain.dropFirst()) { next[from].append(to) }
        }
        var seen = Array(repeating: false, count: count)
        var order: [Int] = []
        for start in [graph.root] + Array(0..<count) where !seen[start] {
            seen[start] = true
            var queue = [start]
            var head = 0
            while head < queue.count {
                let vertex = queue[head]
                head += 1
                order.append(vertex)
                for target in next[vertex] where !seen[target] {
                    seen[target] = true
                    queue.append(target)
                }
            }
        }
        return order
    }

    /// Orders each layer by the mean position of its neighbours (barycentres), sweeping down
    /// and up a few times and ending with a sweep down.
    mutating func order() {
        var predecessors = Array(repeating: [(vertex: Int, weight: Double)](), count: vertices.count)
        var successors = Array(repeating: [Int](), count: vertices.count)
        for (index, chain) in chains.enumerated() {
            guard let chain else { continue }
            let edge = graph.edges[index]
            let exits = Double(max(vertices[edge.from].exitColumns.count, 1))
            for (step, (from, to)) in zip(chain, chain.dropFirst()).enumerated() {
                // The first step leaves from one of several exits: left exits lean left.
                let weight = step == 0 ? (Double(edge.exit) + 0.5) / exits - 0.5 : 0
                predecessors[to].append((from, weight))
                successors[from].append(to)
            }
        }
        for round in 0..<4 {
            sweep(down: true, predecessors: predecessors, successors: successors)
            if round < 3 { sweep(down: false, predecessors: predecessors, successors: successors) }
        }
    }

    private mutating func sweep(down: Bool, predecessors: [[(vertex: Int, weight: Double)]], successors: [[Int]]) {
        var position = Array(repeating: 0.0, count: vertices.count)
        for layer in layers { for (index, vertex) in layer.enumerated() { position[vertex] = Double(index) } }
        let indices = down ? Array(layers.indices.dropFirst()) : Array(layers.indices.dropLast().reversed())
        for layerIndex in indices {
            let keyed = layers[layerIndex].map { vertex -> (vertex: Int, key: Double) in
                let neighbours = down ? predecessors[vertex].map { position[$0.vertex] + $0.weight } : successors[vertex].map { position[$0] }
                return (vertex, neighbours.isEmpty ? position[vertex] : neighbours.reduce(0, +) / Double(neighbours.count))
            }
            layers[layerIndex] = keyed.enumerated().sorted { ($0.element.key, $0.offset) < ($1.element.key, $1.offset) }.map(\.element.vertex)
            for (index, vertex) in layers[layerIndex].enumerated() { position[vertex] = Double(index) }
        }
    }

    /// Columns, layer by layer from the top: each vertex under the mean of the exits that lead
    /// to it, as far as the vertex to its left allows, and moved right until its entry is under
    /// no exit of the layer above but its own sources': an edge coming in there would run down
    /// the same column as the edge leaving that exit.
    mutating func placeColumns() {
        var sources = Array(repeating: [(vertex: Int, exit: Int)](), count: vertices.count)
        for (index, chain) in chains.enumerated() {
            guard let chain else { continue }
            let edge = graph.edges[index]
            for (step, (from, to)) in zip(chain, chain.dropFirst()).enumerated() {
                sources[to].append((from, step == 0 ? edge.exit : 0))
            }
        }
        var above: Set<Int> = []
        for layer in layers {
            var right: Int?
            for vertex in layer {
                let box = vertices[vertex]
                let exits = sources[vertex].map { x[$0.vertex] + vertices[$0.vertex].exitColumns[$0.exit] }
                let next = right.map { $0 + LayeredLayout.gap }
                let wanted = exits.isEmpty ? (next ?? 0) : exits.reduce(0, +) / exits.count - box.entryColumn
                x[vertex] = max(wanted, next ?? wanted)
                while above.contains(x[vertex] + box.entryColumn) && !exits.contains(x[vertex] + box.entryColumn) { x[vertex] += 1 }
                right = x[vertex] + box.width
            }
            above = Set(layer.flatMap { vertex in vertices[vertex].exitColumns.map { x[vertex] + $0 } })
        }
        // Columns may have gone below zero to keep edges straight: the map starts at column 0.
        let left = x.min() ?? 0
        x = x.map { $0 - left }
    }
}
