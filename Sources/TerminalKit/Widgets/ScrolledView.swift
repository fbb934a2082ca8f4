/// Content taller than its area, shown from a row down. The area's last row is then kept for
/// "↑ more" / "↓ more", so the markers never cover what they point past.
public enum ScrolledView {
    /// The rows of an area `height` tall that content `contentHeight` tall may use.
    public static func visibleRows(contentHeight: Int, height: Int) -> Int {
        contentHeight > height ? max(1, height - 1) : height
    }

    /// The first row shown when `requested` is asked for: within the content.
    public static func offset(_ requested: Int, contentHeight: Int, height: Int) -> Int {
        max(0, min(requested, contentHeight - visibleRows(contentHeight: contentHeight, height: height)))
    }

    /// Copies `content` (`contentHeight` rows used) from row `offset` into `area`, with the markers.
    public static func show(_ content: Canvas, contentHeight: Int, from offset: Int, into canvas: inout Canvas, in area: Rect) {
        let visible = visibleRows(contentHeight: contentHeight, height: area.height)
        for row in 0..<max(0, min(visible, contentHeight - offset)) {
            for column in 0..<min(area.width, content.size.width) {
                canvas[area.x + column, area.y + row] = content[column, offset + row]
            }
        }
        markMore(above: offset > 0, below: contentHeight - offset > visible, into: &canvas, in: area, visibleRows: visible)
    }

    /// "↑ more" / "↓ more" on the area's last row, right-aligned, when the content goes on that
    /// way and `visibleRows` left that row free.
    public static func markMore(above: Bool, below: Bool, into canvas: inout Canvas, in area: Rect, visibleRows: Int) {
        let markers = [above ? "↑ more" : nil, below ? "↓ more" : nil].compactMap { $0 }
        guard visibleRows < area.height, !markers.isEmpty else { return }
        let line = markers.joined(separator: "  ")
        canvas.write(line, x: area.maxX - TextWidth.of(line), y: area.maxY - 1, role: .muted, clip: area)
    }
}
