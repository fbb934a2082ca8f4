import TerminalKit

/// How a form is laid out and how the focus moves through it, whichever protocol's page it
/// shows (a journey step, a DaVinci form): the page's own lines, then the fields, one blank row
/// apart, scrolled so the focused field is visible (`ScrolledView`), at most `maximumWidth` wide.
public enum FormLayout {
    /// The widest a form is drawn, for readability on wide terminals.
    public static let maximumWidth = 76

    /// What a key does in a form, whatever field has the focus, when the field does not take it.
    public enum Action: Sendable, Hashable {
        /// Submit a form without a focusable field (a field's own Enter submits the others).
        case submit
        /// Tab and Shift-Tab: through a row's buttons one by one, then to the next field.
        case nextField, previousField
        /// ↓ and ↑: to the field below or above.
        case fieldBelow, fieldAbove
    }

    /// The form's own keys; each widget's keys (`TextField.keys`, `RadioList.keys`, …) come first.
    public static let keys = KeyMap<Action>([
        KeyBinding([.enter], .submit, help: "submit", detail: "submit (on a button: press it)"),
        KeyBinding(each: [(.tab, .nextField), (.backTab, .previousField)], help: "next/previous", detail: "next / previous field",
                   keyLabel: "Tab/Shift-Tab"),
        KeyBinding(each: [(.down, .fieldBelow), (.up, .fieldAbove)], help: "field below/above",
                   detail: "to the field below or above (in a list: past its ends)", bar: .hidden, keyLabel: "↓/↑"),
    ])

    /// Where a key takes the focus from the field `focused`, nil for a key that moves nothing.
    /// Tab and Shift-Tab go through a row's buttons (and links) one by one before leaving it, and
    /// enter a row at its first button (its last, going back); ↑ and ↓ move from field to field.
    /// A row's selected button changes in `widgets`.
    static func moveFocus(from focused: Int, by key: KeyEvent, in widgets: inout [FieldWidget]) -> Int? {
        let step: Int
        let tabbing: Bool
        switch keys.action(for: key) {
        case .nextField?: (step, tabbing) = (1, true)
        case .previousField?: (step, tabbing) = (-1, true)
        case .fieldBelow?: (step, tabbing) = (1, false)
        case .fieldAbove?: (step, tabbing) = (-1, false)
        case .submit?, nil: return nil
        }
        if tabbing, case .buttons(var row) = widgets[focused], row.buttons.indices.contains(row.selected + step) {
            row.selected += step
            widgets[focused] = .buttons(row)
            return focused
        }
        let entered = focus(after: focused, by: step, in: widgets)
        if tabbing, entered != focused, case .buttons(var row) = widgets[entered] {
            row.selected = step > 0 ? 0 : row.buttons.count - 1
            widgets[entered] = .buttons(row)
        }
        return entered
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
        let (drawn, tops, heights) = whole(page: page, fields: fields, focus: focus, width: area.width)
        let total = drawn.size.height
        let pageCount = page.count
        let visible = ScrolledView.visibleRows(contentHeight: total, height: area.height)
        var offset = 0
        if let focus {
            let top = tops[pageCount + focus]
            let bottom = top + heights[pageCount + focus]
            if bottom > visible { offset = min(bottom - visible, top) }
            // A long list keeps its highlighted option in view.
            if let row = fields[focus].focusRow(forWidth: area.width), top + row >= offset + visible {
                offset = top + row - visible + 1
            }
        }
        ScrolledView.show(drawn, contentHeight: total, from: offset, into: &canvas, in: area)
        if let cursor = drawn.cursor, cursor.y >= offset, cursor.y < offset + visible {
            canvas.cursor = Point(x: area.x + cursor.x, y: area.y + cursor.y - offset)
        }
    }

    /// `page` and `fields` drawn whole, `width` wide (at most `maximumWidth`), one blank row apart,
    /// as tall as they are; where each item starts and how tall it is.
    static func whole(page: [FieldWidget], fields: [FieldWidget], focus: Int?, width: Int) -> (Canvas, tops: [Int], heights: [Int]) {
        let width = max(1, min(width, maximumWidth))
        let items = page + fields
        let heights = items.map { $0.height(forWidth: width) }
        var tops: [Int] = []
        var y = 0
        for height in heights {
            tops.append(y)
            y += height + (height > 0 ? 1 : 0)
        }
        // Where the last item ends (the blank row after it is not content).
        let total = max(1, zip(tops, heights).map { $0 + $1 }.max() ?? 0)
        var drawn = Canvas(size: Size(width: width, height: total))
        for (index, item) in items.enumerated() where heights[index] > 0 {
            item.render(into: &drawn, in: Rect(x: 0, y: tops[index], width: width, height: heights[index]),
                        focused: index - page.count == focus)
        }
        return (drawn, tops, heights)
    }
}
