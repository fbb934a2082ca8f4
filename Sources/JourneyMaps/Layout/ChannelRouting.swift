/// Routes a map's edges once its layers and columns are set. Between two layers is a channel:
/// an edge drops from its exit to a track of its own, runs along it to the column of its target's
/// entry and drops into the target. A long edge keeps its column through the layers it passes.
/// An edge that returns to its own layer or above runs along a track below its box to a lane
/// right of every box, up the lane, and along a track above its target.
enum ChannelRouting {
    /// A horizontal run in a channel, from column `from` to column `to`.
    private struct Run {
        var edge: Int
        var from: Int
        var to: Int
        var low: Int { min(from, to) }
        var high: Int { max(from, to) }
    }

    static func route(_ plan: LayerPlan) -> MapLayout {
        let layerCount = plan.layers.count
        let bandHeight = plan.layers.map { layer in layer.filter { $0 < plan.graph.boxes.count }.map { plan.vertices[$0].height }.max() ?? 1 }
        let rightmost = plan.vertices.indices.map { plan.x[$0] + plan.vertices[$0].width }.max() ?? 0
        let returning = plan.chains.indices.filter { plan.chains[$0] == nil }
        var lane: [Int: Int] = [:]
        for (index, edge) in returning.enumerated() { lane[edge] = rightmost + 1 + 2 * index }

        func exitColumn(_ vertex: Int, _ exit: Int) -> Int { plan.x[vertex] + plan.vertices[vertex].exitColumns[exit] }
        func entryColumn(_ vertex: Int) -> Int { plan.x[vertex] + plan.vertices[vertex].entryColumn }
        let returnColumns = Self.returnColumns(plan, returning: returning)
        func returnColumn(_ vertex: Int) -> Int { plan.x[vertex] + returnColumns[vertex] }

        // Channel c lies above layer c; channel `layerCount` lies below the last layer.
        var runs = Array(repeating: [Run](), count: layerCount + 1)
        for (index, chain) in plan.chains.enumerated() {
            let edge = plan.graph.edges[index]
            if let chain {
                for (step, (from, to)) in zip(chain, chain.dropFirst()).enumerated() {
                    let start = exitColumn(from, step == 0 ? edge.exit : 0)
                    let end = entryColumn(to)
                    if start != end { runs[plan.layerOf[to]].append(Run(edge: index, from: start, to: end)) }
                }
            } else if let laneColumn = lane[index] {
                runs[plan.layerOf[edge.from] + 1].append(Run(edge: index, from: exitColumn(edge.from, edge.exit), to: laneColumn))
                runs[plan.layerOf[edge.to]].append(Run(edge: index, from: laneColumn, to: returnColumn(edge.to)))
            }
        }
        // Tracks: first fit, runs further apart than a column on one track.
        var trackOf = Array(repeating: [Int: Int](), count: layerCount + 1) // channel → edge → track
        var trackCount = Array(repeating: 0, count: layerCount + 1)
        for channel in runs.indices {
            var ends: [Int] = []
            for run in runs[channel].sorted(by: { ($0.low, $0.high) < ($1.low, $1.high) }) {
                if let free = ends.firstIndex(where: { $0 + 1 < run.low }) {
                    ends[free] = run.high
                    trackOf[channel][run.edge] = free
                } else {
                    ends.append(run.high)
                    trackOf[channel][run.edge] = ends.count - 1
                }
            }
            trackCount[channel] = ends.count
        }
        // Rows: a channel's tracks and a row below them; without tracks, one row.
        func channelHeight(_ channel: Int) -> Int {
            if trackCount[channel] > 0 { return trackCount[channel] + 1 }
            return channel == 0 || channel == layerCount ? 0 : 1
        }
        var layerTop = Array(repeating: 0, count: layerCount)
        var channelTop = Array(repeating: 0, count: layerCount + 1)
        var row = 0
        for layer in 0..<layerCount {
            channelTop[layer] = row
            row += channelHeight(layer)
            layerTop[layer] = row
            row += bandHeight[layer]
        }
        channelTop[layerCount] = row
        row += channelHeight(layerCount)

        func top(_ vertex: Int) -> Int { layerTop[plan.layerOf[vertex]] }
        func bottom(_ vertex: Int) -> Int {
            let layer = plan.layerOf[vertex]
            return vertex < plan.graph.boxes.count ? layerTop[layer] + plan.vertices[vertex].height - 1 : layerTop[layer] + bandHeight[layer] - 1
        }
        func trackRow(_ channel: Int, _ edge: Int) -> Int { channelTop[channel] + (trackOf[channel][edge] ?? 0) }

        var paths: [[MapPoint]] = []
        for (index, chain) in plan.chains.enumerated() {
            let edge = plan.graph.edges[index]
            var points: [MapPoint] = []
            if let chain {
                var column = exitColumn(edge.from, edge.exit)
                points.append(MapPoint(x: column, y: bottom(edge.from)))
                for to in chain.dropFirst() {
                    let channel = plan.layerOf[to]
                    let end = entryColumn(to)
                    if end != column {
                        points.append(MapPoint(x: column, y: trackRow(channel, index)))
                        points.append(MapPoint(x: end, y: trackRow(channel, index)))
                        column = end
                    }
                    if to >= plan.graph.boxes.count { points.append(MapPoint(x: column, y: bottom(to))) }
                }
                points.append(MapPoint(x: column, y: top(edge.to)))
            } else if let laneColumn = lane[index] {
                let below = plan.layerOf[edge.from] + 1
                let above = plan.layerOf[edge.to]
                let start = exitColumn(edge.from, edge.exit)
                let end = returnColumn(edge.to)
                points = [MapPoint(x: start, y: bottom(edge.from)), MapPoint(x: start, y: trackRow(below, index)),
                          MapPoint(x: laneColumn, y: trackRow(below, index)), MapPoint(x: laneColumn, y: trackRow(above, index)),
                          MapPoint(x: end, y: trackRow(above, index)), MapPoint(x: end, y: top(edge.to))]
            }
            paths.append(Self.withoutRepeats(points))
        }
        let width = max(rightmost, (lane.values.max() ?? -1) + 1)
        let origins = plan.graph.boxes.indices.map { MapPoint(x: plan.x[$0], y: top($0)) }
        return MapLayout(origins: origins, paths: paths, returning: Set(returning), returnColumns: returnColumns, width: width, height: row)
    }

    /// Each box's column for the edges that come back up to it: its `returnColumn`, or the
    /// nearest column of its top edge that is not its entry and that no edge from the layer above
    /// drops through, so the retry's ▼ never sits on another edge's way down.
    private static func returnColumns(_ plan: LayerPlan, returning: [Int]) -> [Int] {
        var columns = plan.graph.boxes.map(\.returnColumn)
        for box in Set(returning.map { plan.graph.edges[$0].to }) {
            let layer = plan.layerOf[box]
            guard layer > 0 else { continue }
            let dropping = Set(plan.layers[layer - 1].flatMap { vertex in plan.vertices[vertex].exitColumns.map { plan.x[vertex] + $0 } })
            let shape = plan.vertices[box]
            guard dropping.contains(plan.x[box] + shape.returnColumn), shape.width > 2 else { continue }
            let free = (1..<(shape.width - 1)).filter { $0 != shape.entryColumn && !dropping.contains(plan.x[box] + $0) }
            if let nearest = free.min(by: { abs($0 - shape.returnColumn) < abs($1 - shape.returnColumn) }) { columns[box] = nearest }
        }
        return columns
    }

    /// Points in a straight line collapse to their ends.
    private static func withoutRepeats(_ points: [MapPoint]) -> [MapPoint] {
        var result: [MapPoint] = []
        for point in points where result.last != point {
            if result.count >= 2 {
                let a = result[result.count - 2], b = result[result.count - 1]
                if (a.x == b.x && b.x == point.x) || (a.y == b.y && b.y == point.y) { result.removeLast() }
            }
            result.append(point)
        }
        return result
    }
}
