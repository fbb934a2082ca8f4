/// What the layout needs of a map: boxes of a given size with exits along their bottom edge and
/// one entry on their top edge, and edges from an exit to a box. It knows nothing of journeys.
struct LayoutGraph: Sendable {
    var boxes: [LayoutBox]
    var edges: [LayoutEdge]
    /// The box the map starts from: the first layer.
    var root: Int
}

/// A box's size, where on its bottom edge each exit is, and where on its top edge edges come in
/// (columns from its left edge): edges from above at `entryColumn`, edges coming back up from
/// below (a retry) apart from it, at `returnColumn` unless an edge drops through that column
/// (``MapLayout/returnColumns``), so a retry never reads as a branch of another edge.
struct LayoutBox: Sendable, Equatable {
    var width: Int
    var height: Int
    var exitColumns: [Int]
    var entryColumn: Int
    var returnColumn: Int

    init(width: Int, height: Int, exitColumns: [Int], entryColumn: Int) {
        self.width = width
        self.height = height
        self.exitColumns = exitColumns
        self.entryColumn = entryColumn
        // Two columns right of the entry, inside the box's corners when it is wide enough.
        returnColumn = min(entryColumn + 2, max(entryColumn, width - 2))
    }

    /// A point a long edge passes through in a layer it crosses: one column wide.
    static func passage(height: Int) -> LayoutBox {
        LayoutBox(width: 1, height: height, exitColumns: [0], entryColumn: 0)
    }
}

/// An edge from exit `exit` of box `from` to the entry of box `to`.
struct LayoutEdge: Sendable, Equatable {
    var from: Int
    var exit: Int
    var to: Int
}

/// A point on the drawing: column and row.
struct MapPoint: Sendable, Hashable {
    var x: Int
    var y: Int
}

/// Where everything goes: each box's top-left corner, each edge as the corners of its path
/// (straight segments between consecutive points, from the exit to the entry), and the size.
struct MapLayout: Sendable {
    var origins: [MapPoint]
    var paths: [[MapPoint]]
    /// Edges that go back up (a retry): drawn in a lane right of every box.
    var returning: Set<Int>
    /// Where on each box's top edge the edges that go back up to it come in.
    var returnColumns: [Int]
    var width: Int
    var height: Int
}
