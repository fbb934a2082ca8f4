import TerminalKit

/// How a form is laid out and how the focus moves through it, whichever protocol's page it
/// shows (a journey step, a DaVinci form): the page's own lines, then the fields, one blank row
/// apart, scrolled so the focused field is visible, at most `maximumWidth` wide.
public enum FormLayout {
    /// The widest a form is drawn, for readability on wide terminals.
    public static let maximumWidth = 76

    /// How far a key moves the focus through a form's fields: Tab and ↓ forward, Shift-Tab and ↑
    /// back; nil for other keys.
    static func focusStep(for key: KeyEvent) -> Int? {
        switch key {
        case .tab, .down: 1
        case .backTab, .up: -1
        default: nil
        }
    }

    /// The field `step` focusable fields away from `current`, wrapping around; `current` when it
    /// is the only focusable one.
    static func focus(after current: Int, by step: Int, in fields: [FieldWidget]) -> Int {
        let focusable = fields.indices.filter { fields[$0].isFocusable }
        guard let place = focusable.firstIndex(of: current), focusable.count > 1 else { return current }
        return focusable[(place + step + focusable.count) % focusable.count]
    }

    /// Draws `page` (display-only lines) and `fields` into `fullArea`; `focus` indexes `fields`.
    static func render(page: [FieldWidget], fields: [FieldWidget], focus: Int?, into canvas: inout Canvas, in fullArea: Rect) {
        let area = Rect(x: fullArea.x, y: fullArea.y, width: min(fullArea.width, maximumWidth), height: fullArea.height)
        guard area.width > 0, area.height > 0 else { return }
        let items = page + fields
        let heights = items.map { $0.height(forWidth: area.width) }
        var tops: [Int] = []
        var y = 0
        for height in heights {
            tops.append(y)
            y += height + (height > 0 ? 1 : 0)
        }
        let total = max(1, y)
        let pageCount = page.count
        var offset = 0
        if let focus {
            let top = tops[pageCount + focus]
            let bottom = top + heights[pageCount + focus]
            if bottom > area.height { offset = min(bottom - area.height, top) }
            // A long list keeps its highlighted option in view.
            if let row = fields[focus].focusRow(forWidth: area.width), top + row >= offset + area.height {
                offset = top + row - area.height + 1
            }
        }
        var drawn = Canvas(size: Size(width: area.width, height: total))
        for (index, item) in items.enumerated() where heights[index] > 0 {
            let focused = index - pageCount == focus
            item.render(into: &drawn, in: Rect(x: 0, y: tops[index], width: area.width, height: heights[index]),
                        focused: focused)
        }
        for row in 0..<min(area.height, total - offset) {
            for column in 0..<area.width {
                canvas[area.x + column, area.y + row] = drawn[column, offset + row]
            }
        }
        if let cursor = drawn.cursor, cursor.y >= offset, cursor.y < offset + area.height {
            canvas.cursor = Point(x: area.x + cursor.x, y: area.y + cursor.y - offset)
        }
        if offset > 0 {
            canvas.write("↑ more", x: area.maxX - 6, y: area.y, role: .muted)
        }
        if total - offset > area.height {
            canvas.write("↓ more", x: area.maxX - 6, y: area.maxY - 1, role: .muted)
        }
    }
}
