/// Lines on a grid of cells, each cell remembering which of its four sides a line leaves by, so
/// that lines meeting or crossing become the right box-drawing character.
struct LineGrid {
    struct Sides: OptionSet, Hashable {
        let rawValue: UInt8
        static let up = Sides(rawValue: 1)
        static let down = Sides(rawValue: 2)
        static let left = Sides(rawValue: 4)
        static let right = Sides(rawValue: 8)
    }

    let width: Int
    let height: Int
    private(set) var cells: [Sides]

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        cells = Array(repeating: [], count: width * height)
    }

    subscript(x: Int, y: Int) -> Sides {
        get { x >= 0 && x < width && y >= 0 && y < height ? cells[y * width + x] : [] }
        set { if x >= 0 && x < width && y >= 0 && y < height { cells[y * width + x] = newValue } }
    }

    /// A straight line between two points in one row or one column.
    mutating func line(from a: MapPoint, to b: MapPoint) {
        if a.x == b.x {
            let (low, high) = (min(a.y, b.y), max(a.y, b.y))
            guard low < high else { return }
            for y in low...high {
                if y > low { self[a.x, y].insert(.up) }
                if y < high { self[a.x, y].insert(.down) }
            }
        } else if a.y == b.y {
            let (low, high) = (min(a.x, b.x), max(a.x, b.x))
            for x in low...high {
                if x > low { self[x, a.y].insert(.left) }
                if x < high { self[x, a.y].insert(.right) }
            }
        }
    }

    /// The outline of a rectangle.
    mutating func outline(x: Int, y: Int, width: Int, height: Int) {
        let right = x + width - 1, bottom = y + height - 1
        line(from: MapPoint(x: x, y: y), to: MapPoint(x: right, y: y))
        line(from: MapPoint(x: x, y: bottom), to: MapPoint(x: right, y: bottom))
        line(from: MapPoint(x: x, y: y), to: MapPoint(x: x, y: bottom))
        line(from: MapPoint(x: right, y: y), to: MapPoint(x: right, y: bottom))
    }

    static func character(_ sides: Sides) -> Character? {
        switch sides.rawValue {
        case 0: nil
        case 1, 2, 3: "│"
        case 4, 8, 12: "─"
        case 10: "┌"
        case 6: "┐"
        case 9: "└"
        case 5: "┘"
        case 11: "├"
        case 7: "┤"
        case 14: "┬"
        case 13: "┴"
        default: "┼"
        }
    }
}
