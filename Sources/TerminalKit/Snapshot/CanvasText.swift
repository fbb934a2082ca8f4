/// A canvas as plain text, for snapshots and tests: one line per row, wide characters written
/// once, trailing spaces removed. The style mask has one letter per cell (`ThemeRole.maskLetter`).
public enum CanvasText {
    public static func text(_ canvas: Canvas) -> String {
        rows(canvas) { cell in cell.isContinuation ? nil : String(cell.character) }
            .map { trimTrailing($0, " ") }
            .joined(separator: "\n")
    }

    public static func styleMask(_ canvas: Canvas) -> String {
        rows(canvas) { cell in String(cell.role.maskLetter) }
            .map { trimTrailing($0, ".") }
            .joined(separator: "\n")
    }

    /// Text, then a line `--- style ---`, then the mask: the form snapshot files use.
    public static func snapshot(_ canvas: Canvas) -> String {
        text(canvas) + "\n--- style ---\n" + styleMask(canvas) + "\n"
    }

    private static func trimTrailing(_ line: String, _ padding: Character) -> String {
        String(line.reversed().drop { $0 == padding }.reversed())
    }

    private static func rows(_ canvas: Canvas, _ render: (Cell) -> String?) -> [String] {
        (0..<canvas.size.height).map { y in
            (0..<canvas.size.width).compactMap { x in render(canvas[x, y]) }.joined()
        }
    }
}
