/// A size in terminal cells.
public struct Size: Sendable, Hashable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public var description: String { "\(width)×\(height)" }
}

/// A cell position: column `x`, row `y`, from the top left.
public struct Point: Sendable, Hashable {
    public var x: Int
    public var y: Int

    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
}

/// A rectangle of cells.
public struct Rect: Sendable, Hashable {
    public var origin: Point
    public var size: Size

    public init(x: Int, y: Int, width: Int, height: Int) {
        origin = Point(x: x, y: y)
        size = Size(width: width, height: height)
    }

    public var x: Int { origin.x }
    public var y: Int { origin.y }
    public var width: Int { size.width }
    public var height: Int { size.height }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }


    /// The overlap of two rectangles (empty when they do not meet).
    public func intersection(_ other: Rect) -> Rect {
        let left = max(x, other.x)
        let top = max(y, other.y)
        let right = min(maxX, other.maxX)
        let bottom = min(maxY, other.maxY)
        return Rect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }

    /// Shrunk by `amount` on every side.
    public func inset(by amount: Int) -> Rect {
        Rect(x: x + amount, y: y + amount, width: width - 2 * amount, height: height - 2 * amount)
    }

    /// The first `count` rows, and the rest.
    public func splitTop(_ count: Int) -> (top: Rect, rest: Rect) {
        let taken = min(max(0, count), height)
        return (Rect(x: x, y: y, width: width, height: taken),
                Rect(x: x, y: y + taken, width: width, height: height - taken))
    }

    /// The last `count` rows, and the rest.
    public func splitBottom(_ count: Int) -> (rest: Rect, bottom: Rect) {
        let taken = min(max(0, count), height)
        return (Rect(x: x, y: y, width: width, height: height - taken),
                Rect(x: x, y: maxY - taken, width: width, height: taken))
    }
}
