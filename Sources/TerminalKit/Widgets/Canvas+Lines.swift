extension Canvas {
    /// Writes one line per row from row `y` down, clipped to `area`. Returns the row after the
    /// last line, where the next part of a widget starts.
    @discardableResult
    public mutating func writeLines(_ lines: [String], from y: Int, in area: Rect, role: ThemeRole) -> Int {
        for (row, line) in lines.enumerated() {
            write(line, x: area.x, y: y + row, role: role, clip: area)
        }
        return y + lines.count
    }
}
