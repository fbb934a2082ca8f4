/// An in-memory grid of cells. Everything is drawn here first; the curses front end flushes a
/// canvas to the screen, and tests read it back as text.
public struct Canvas: Sendable, Hashable {
    public private(set) var size: Size
    public private(set) var cells: [Cell]
    /// Where the hardware cursor should sit (the focused field), if anywhere.
    public var cursor: Point?

    public init(size: Size, fill: ThemeRole = .normal) {
        self.size = size
        cells = Array(repeating: Cell(" ", role: fill), count: size.width * size.height)
    }

    public var bounds: Rect { Rect(x: 0, y: 0, width: size.width, height: size.height) }

    /// Blank again (and no cursor), at `size`: the cells are overwritten where they are when the
    /// size is the same, so a canvas kept between frames is drawn into without allocating.
    public mutating func clear(resizingTo size: Size, fill: ThemeRole = .normal) {
        cursor = nil
        guard size == self.size else {
            self = Canvas(size: size, fill: fill)
            return
        }
        let blank = Cell(" ", role: fill)
        cells.withUnsafeMutableBufferPointer { $0.update(repeating: blank) }
    }

    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * size.width + x] }
        set { cells[y * size.width + x] = newValue }
    }

    /// Fills a rectangle (clipped to the canvas) with blanks of a role.
    public mutating func fill(_ rect: Rect, role: ThemeRole, character: Character = " ") {
        let area = rect.intersection(bounds)
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX { self[x, y] = Cell(character, role: role) }
        }
    }

    /// Writes text on one row from `x`, clipped to `clip` (and the canvas); text cut at the right
    /// edge ends in "…" unless `marksCut` is off (graphics, a field that scrolls sideways). Control characters
    /// are not expected here (server text is neutralised before it reaches widgets); any that
    /// slip through are drawn as U+FFFD. Returns the column after the last cell written.
    @discardableResult
    public mutating func write(_ text: String, x: Int, y: Int, role: ThemeRole, clip: Rect? = nil, marksCut: Bool = true) -> Int {
        let area = (clip ?? bounds).intersection(bounds)
        guard y >= area.y, y < area.maxY else { return x }
        if TextWidth.printableASCII(text.utf8) != nil {
            return writeASCII(text.utf8, x: x, y: y, role: role, area: area, marksCut: marksCut)
        }
        var column = x
        for (offset, character) in text.enumerated() {
            let safe: Character = character.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) }
                ? "\u{FFFD}" : character
            let width = TextWidth.of(safe)
            if width == 0 { continue }
            if column + width > area.maxX {
                if marksCut, x < area.maxX, !text.dropFirst(offset).allSatisfy({ $0 == " " }) { markCut(at: column, y: y, role: role, area: area) }
                break
            }
            if column >= area.x {
                clearWideNeighbour(x: column, y: y)
                self[column, y] = Cell(safe, role: role)
                if width == 2 {
                    clearWideNeighbour(x: column + 1, y: y)
                    self[column + 1, y] = Cell(" ", role: role, isContinuation: true)
                }
            }
            column += width
        }
        return column
    }

    /// `write` for text that is all printable ASCII (most of a screen): a byte a column, with no
    /// grapheme breaking or width lookups.
    private mutating func writeASCII(_ bytes: String.UTF8View, x: Int, y: Int, role: ThemeRole, area: Rect, marksCut: Bool) -> Int {
        var column = x
        for byte in bytes {
            if column + 1 > area.maxX {
                // Spaces past the edge are no text cut off.
                if marksCut, x < area.maxX, !Self.onlySpaces(after: bytes, from: column - x) { markCut(at: column, y: y, role: role, area: area) }
                break
            }
            if column >= area.x {
                clearWideNeighbour(x: column, y: y)
                self[column, y] = Cell(ascii: byte, role: role)
            }
            column += 1
        }
        return column
    }

    /// Text cut at the right edge of its area ends in "…" in the last column it reached, so a
    /// cut never reads as a whole word.
    private mutating func markCut(at column: Int, y: Int, role: ThemeRole, area: Rect) {
        // In the column the next character did not fit in, else over the last one written.
        let mark = column < area.maxX ? column : area.maxX - 1
        guard mark >= area.x else { return }
        clearWideNeighbour(x: mark, y: y)
        self[mark, y] = Cell("…", role: role)
    }

    /// Whether the bytes from `offset` on are all spaces.
    private static func onlySpaces(after bytes: String.UTF8View, from offset: Int) -> Bool {
        bytes.dropFirst(offset).allSatisfy { $0 == UInt8(ascii: " ") }
    }

    /// Overwriting half of a wide character blanks the other half, so no half-glyph remains.
    private mutating func clearWideNeighbour(x: Int, y: Int) {
        let cell = self[x, y]
        if cell.isContinuation, x > 0 {
            self[x - 1, y] = Cell(" ", role: self[x - 1, y].role)
        } else if !cell.isASCII, x + 1 < size.width, TextWidth.of(cell.character) == 2 {
            self[x + 1, y] = Cell(" ", role: self[x + 1, y].role)
        }
    }

}
