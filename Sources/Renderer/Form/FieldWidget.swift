import TerminalKit

/// The widgets a form holds, as one value type so a form is a plain array of fields.
public enum FieldWidget: Widget, Sendable {
    case text(TextField)
    case radio(RadioList)
    case checkbox(Checkbox)
    case buttons(ButtonRow)
    case block(TextBlock)
    case scroll(ScrollText)
    case spinner(Spinner)
    case qrCode(QRCodeBlock)

    private var widget: any Widget {
        switch self {
        case .text(let widget): widget
        case .radio(let widget): widget
        case .checkbox(let widget): widget
        case .buttons(let widget): widget
        case .block(let widget): widget
        case .scroll(let widget): widget
        case .spinner(let widget): widget
        case .qrCode(let widget): widget
        }
    }

    public var isFocusable: Bool { widget.isFocusable }

    public func height(forWidth width: Int) -> Int { widget.height(forWidth: width) }

    public func focusRow(forWidth width: Int) -> Int? { widget.focusRow(forWidth: width) }

    public func render(into canvas: inout Canvas, in area: Rect, focused: Bool) {
        widget.render(into: &canvas, in: area, focused: focused)
    }

    public mutating func update(_ key: KeyEvent) -> WidgetEvent {
        switch self {
        case .text(var widget): defer { self = .text(widget) }; return widget.update(key)
        case .radio(var widget): defer { self = .radio(widget) }; return widget.update(key)
        case .checkbox(var widget): defer { self = .checkbox(widget) }; return widget.update(key)
        case .buttons(var widget): defer { self = .buttons(widget) }; return widget.update(key)
        case .scroll(var widget): defer { self = .scroll(widget) }; return widget.update(key)
        case .block, .spinner, .qrCode: return .ignored
        }
    }

    /// Takes the person's value from the same field of the previous version of a page (AM
    /// returns the page again after `validateOnly` or a rejected answer).
    mutating func carryValue(from previous: FieldWidget) {
        switch (self, previous) {
        case (.text(var field), .text(let old)):
            field.text = old.text
            field.cursor = old.cursor
            field.isRevealed = old.isRevealed
            self = .text(field)
        case (.radio(var list), .radio(let old)) where list.options == old.options:
            list.selected = old.selected
            list.highlighted = old.highlighted
            self = .radio(list)
        case (.checkbox(var box), .checkbox(let old)):
            box.isChecked = old.isChecked
            self = .checkbox(box)
        default:
            break
        }
    }
}
