import TerminalKit

/// Which nodes' pages a run has shown, the one on screen now, and the end it reached, to mark
/// on a map. `guessed` says the page on screen was matched to its node by its callbacks, not named
/// by its stage. The way between pages is drawn as the shortest one through nodes that show none;
/// or, for a test run's coverage (`taken`), exactly the outcomes taken.
public struct MapMarks: Sendable, Equatable {
    public var visited: [String]
    public var current: String?
    public var guessed: Bool
    public var ended: JourneyEnd?
    /// When the page on screen is an inner tree's: that tree and the page's node there.
    public var currentInnerPage: String?
    /// The outcomes runs took, as `journey test --coverage` records them: drawn as they are,
    /// not inferred from pages.
    public var taken: Set<TakenOutcome>?

    public init(visited: [String] = [], current: String? = nil, guessed: Bool = false, ended: JourneyEnd? = nil) {
        self.visited = visited
        self.current = current
        self.guessed = guessed
        self.ended = ended
    }

    public static let none = MapMarks()

    /// Coverage: the nodes `reached` marked, the outcomes `taken` drawn.
    public static func coverage(reached: [String], taken: Set<TakenOutcome>) -> MapMarks {
        var marks = MapMarks(visited: reached)
        marks.taken = taken
        return marks
    }
}

/// An outcome of a node that a run took.
public struct TakenOutcome: Sendable, Hashable {
    public let node: String
    public let outcome: String

    public init(node: String, outcome: String) {
        self.node = node
        self.outcome = outcome
    }
}

/// A map drawn, and where each node's box is on it (to scroll a node into view).
public struct DrawnMap: Sendable {
    public let canvas: Canvas
    public let boxes: [String: Rect]
}

/// A journey drawn as a map on a canvas: boxes in layers from its start, each outcome an edge
/// labelled on the box it leaves, Success and Failure as ends.
public enum MapDrawing {
    /// Draws `journey` as wide as `width` allows: box text is narrowed (down to 14 columns)
    /// until the map fits; a map that never fits keeps the narrowest boxes and is wider.
    public static func canvas(_ journey: JourneyDefinition, width: Int = .max, marks: MapMarks = .none) -> Canvas {
        draw(journey, width: width, marks: marks).canvas
    }

    /// The map as `canvas` draws it, with each node's box.
    public static func draw(_ journey: JourneyDefinition, width: Int = .max, marks: MapMarks = .none) -> DrawnMap {
        let graph = MapGraph(journey)
        var chosen: (layout: MapLayout, boxes: [LayoutBox])?
        for textWidth in stride(from: MapBox.widestText, through: 14, by: -4) {
            let boxes = graph.boxes.map { $0.layoutBox(textWidth: textWidth) }
            let layout = LayeredLayout.layout(LayoutGraph(boxes: boxes, edges: graph.edges, root: 0))
            chosen = (layout, boxes)
            if layout.width <= width { return drawn(graph, layout: layout, boxes: boxes, textWidth: textWidth, marks: marks) }
        }
        return drawn(graph, layout: chosen!.layout, boxes: chosen!.boxes, textWidth: 14, marks: marks)
    }

    private static func drawn(_ graph: MapGraph, layout: MapLayout, boxes: [LayoutBox], textWidth: Int, marks: MapMarks) -> DrawnMap {
        var placed: [String: Rect] = [:]
        for (index, box) in graph.boxes.enumerated() {
            guard case .node(let id) = box.kind else { continue }
            placed[id] = Rect(x: layout.origins[index].x, y: layout.origins[index].y, width: boxes[index].width, height: boxes[index].height)
        }
        return DrawnMap(canvas: draw(graph, layout: layout, boxes: boxes, textWidth: textWidth, marks: marks), boxes: placed)
    }

    /// The map as text, one line per row, no trailing spaces.
    public static func text(_ journey: JourneyDefinition, width: Int = .max, marks: MapMarks = .none) -> String {
        CanvasText.text(canvas(journey, width: width, marks: marks))
    }

    private static func draw(_ graph: MapGraph, layout: MapLayout, boxes: [LayoutBox], textWidth: Int, marks: MapMarks) -> Canvas {
        var lines = LineGrid(width: layout.width, height: layout.height)
        for (index, box) in boxes.enumerated() {
            lines.outline(x: layout.origins[index].x, y: layout.origins[index].y, width: box.width, height: box.height)
        }
        for path in layout.paths {
            for (a, b) in zip(path, path.dropFirst()) { lines.line(from: a, to: b) }
        }
        var canvas = Canvas(size: Size(width: layout.width, height: layout.height))
        for y in 0..<layout.height {
            for x in 0..<layout.width {
                if let character = LineGrid.character(lines[x, y]) { canvas.write(String(character), x: x, y: y, role: .muted) }
            }
        }
        let route = MapRoute(graph, marks: marks)
        for edge in route.edges {
            for (a, b) in zip(layout.paths[edge], layout.paths[edge].dropFirst()) {
                for x in min(a.x, b.x)...max(a.x, b.x) {
                    for y in min(a.y, b.y)...max(a.y, b.y) { canvas[x, y] = Cell(canvas[x, y].character, role: .success) }
                }
            }
        }
        for (index, box) in graph.boxes.enumerated() {
            drawBox(box, layoutBox: boxes[index], at: layout.origins[index], textWidth: textWidth, marks: marks,
                    passed: route.passed.contains(index), on: &canvas)
        }
        for (index, path) in layout.paths.enumerated() {
            if let entry = path.last { canvas.write("▼", x: entry.x, y: entry.y, role: .normal) }
            // A returning edge goes up its lane: the arrow says so halfway.
            if layout.returning.contains(index), path.count >= 4, path[2].x == path[3].x, path[2].y - path[3].y >= 2 {
                canvas.write("▲", x: path[2].x, y: (path[2].y + path[3].y) / 2, role: .muted)
            }
        }
        return canvas
    }

    private static func drawBox(_ box: MapBox, layoutBox: LayoutBox, at origin: MapPoint, textWidth: Int, marks: MapMarks, passed: Bool,
                                on canvas: inout Canvas) {
        let right = origin.x + layoutBox.width - 1, bottom = origin.y + layoutBox.height - 1
        var role = ThemeRole.normal
        var marker = ""
        if case .node(let id) = box.kind, marks.current == id {
            role = .selection
            marker = marks.guessed ? "? " : "▶ "
        } else if case .node(let id) = box.kind, marks.visited.contains(id) {
            role = .success
            marker = "✓ "
        } else if passed {
            role = .success
            if case .node = box.kind { marker = "✓ " }
        }
        for y in origin.y...bottom {
            for x in origin.x...right where y == origin.y || y == bottom || x == origin.x || x == right {
                canvas.write(String(canvas[x, y].character), x: x, y: y, role: role)
            }
        }
        if box.isRounded {
            canvas.write("╭", x: origin.x, y: origin.y, role: role)
            canvas.write("╮", x: right, y: origin.y, role: role)
            canvas.write("╰", x: origin.x, y: bottom, role: role)
            canvas.write("╯", x: right, y: bottom, role: role)
        }
        let inside = Rect(x: origin.x + 2, y: origin.y + 1, width: layoutBox.width - 4, height: layoutBox.height - 2)
        for (row, line) in box.lines(textWidth: textWidth).enumerated() {
            let text = row == 0 ? marker + line.text : line.text
            canvas.write(text, x: inside.x, y: inside.y + row, role: row == 0 && role != .normal ? role : line.role, clip: inside)
        }
        for (exit, label) in box.exitLabels.enumerated() where !label.isEmpty {
            canvas.write(label, x: origin.x + layoutBox.exitColumns[exit] + 1, y: bottom, role: .label)
        }
    }
}
