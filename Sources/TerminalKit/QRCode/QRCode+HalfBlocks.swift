extension QRCode {
    /// The symbol as text, two module rows per line and one module per column, using "▀"
    /// (upper half), "▄" (lower half), "█" (both) and " " (neither). A terminal cell is about
    /// twice as tall as wide, so each module comes out square. Every line has the same width,
    /// `size + 2 × quietZone`.
    ///
    /// Which modules the block characters' ink stands for depends on the terminal, because a
    /// scanner needs dark modules darker than light ones:
    /// - `invert: false` (the default), for the usual light-text-on-dark-background terminal:
    ///   the ink, in the light foreground colour, draws the *light* modules and the quiet zone;
    ///   dark modules are left as the dark background (spaces).
    /// - `invert: true`, for dark-text-on-light-background terminals (and for printing): the
    ///   ink draws the *dark* modules; light modules and the quiet zone are spaces.
    ///
    /// With an odd number of module rows the last line's lower half is outside the quiet zone
    /// and left as background.
    ///
    /// - Parameter quietZone: Light modules around the symbol (at least 0). The specification
    ///   asks for 4; 2 saves screen rows and is usually enough for phone cameras. Use 4 when a
    ///   scanner struggles.
    public func halfBlockLines(quietZone: Int = 2, invert: Bool = false) -> [String] {
        let margin = max(0, quietZone)
        let extent = size + 2 * margin
        // Whether the cell half showing module (x, y), in quiet-zone coordinates, is inked:
        // light modules normally, dark ones when inverted. Past the last row nothing is.
        func inked(_ x: Int, _ y: Int) -> Bool {
            y < extent && self[x - margin, y - margin] == invert
        }
        return stride(from: 0, to: extent, by: 2).map { top in
            String((0..<extent).map { x -> Character in
                switch (inked(x, top), inked(x, top + 1)) {
                case (true, true): "█"
                case (true, false): "▀"
                case (false, true): "▄"
                case (false, false): " "
                }
            })
        }
    }

    /// Draws `halfBlockLines(quietZone:invert:)` with its top left at `origin`, in `role`,
    /// clipped to the canvas; it takes `(size + 2 × quietZone + 1) / 2` rows. With the default
    /// `invert: false` choose a role whose foreground is light on a dark background (such as
    /// `.normal` in a dark theme), since the ink draws the light modules; with `invert: true`,
    /// one that is dark on a light background.
    public func render(
        into canvas: inout Canvas, at origin: Point, role: ThemeRole, quietZone: Int = 2, invert: Bool = false
    ) {
        for (row, line) in halfBlockLines(quietZone: quietZone, invert: invert).enumerated() {
            canvas.write(line, x: origin.x, y: origin.y + row, role: role, marksCut: false)
        }
    }
}
