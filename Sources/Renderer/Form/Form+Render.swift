import JourneyEngine
import Orchestrate
import TerminalKit

extension Form {
    /// The widest a form is drawn, for readability on wide terminals.
    public static let maximumWidth = 76

    /// Draws the page (header, stage, description) and the fields, one blank row apart,
    /// scrolled so the focused field is visible.
    public func render(into canvas: inout Canvas, in fullArea: Rect) {
        let area = Rect(x: fullArea.x, y: fullArea.y, width: min(fullArea.width, Self.maximumWidth), height: fullArea.height)
        guard area.width > 0, area.height > 0 else { return }
        let items = pageItems() + fields.map { ($0.widget, false) }
        let heights = items.map { $0.0.height(forWidth: area.width) }
        var tops: [Int] = []
        var y = 0
        for height in heights {
            tops.append(y)
            y += height + (height > 0 ? 1 : 0)
        }
        let total = max(1, y)
        let pageCount = items.count - fields.count
        var offset = 0
        if let focus {
            let top = tops[pageCount + focus]
            let bottom = top + heights[pageCount + focus]
            if bottom > area.height { offset = min(bottom - area.height, top) }
            // A long list keeps its highlighted option in view.
            if let row = fields[focus].widget.focusRow(forWidth: area.width), top + row >= offset + area.height {
                offset = top + row - area.height + 1
            }
        }
        var page = Canvas(size: Size(width: area.width, height: total))
        for (index, item) in items.enumerated() where heights[index] > 0 {
            let focused = index - pageCount == focus
            item.0.render(into: &page, in: Rect(x: 0, y: tops[index], width: area.width, height: heights[index]),
                          focused: focused)
        }
        for row in 0..<min(area.height, total - offset) {
            for column in 0..<area.width {
                canvas[area.x + column, area.y + row] = page[column, offset + row]
            }
        }
        if let cursor = page.cursor, cursor.y >= offset, cursor.y < offset + area.height {
            canvas.cursor = Point(x: area.x + cursor.x, y: area.y + cursor.y - offset)
        }
        if offset > 0 {
            canvas.write("↑ more", x: area.maxX - 6, y: area.y, role: .muted)
        }
        if total - offset > area.height {
            canvas.write("↓ more", x: area.maxX - 6, y: area.maxY - 1, role: .muted)
        }
    }

    /// Header, stage and description as display-only widgets.
    private func pageItems() -> [(FieldWidget, Bool)] {
        var items: [(FieldWidget, Bool)] = []
        if let header = step.header, !header.isEmpty {
            items.append((.block(TextBlock(text: TerminalText.line(header), role: .title)), false))
        }
        let place = [journeyName.map { "journey " + TerminalText.line($0) },
                     step.stage.flatMap { $0.isEmpty ? nil : "stage " + TerminalText.line($0) }].compactMap { $0 }
        if !place.isEmpty {
            items.append((.block(TextBlock(text: place.joined(separator: " · "), role: .muted)), false))
        }
        if let description = step.description, !description.isEmpty {
            items.append((.block(TextBlock(text: PlainText.fromHTML(description), role: .normal)), false))
        }
        return items
    }
}
