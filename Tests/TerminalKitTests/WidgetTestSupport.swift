import TerminalKit

/// The widget drawn alone into a fresh canvas of this size (the whole canvas is its area).
func drawn(_ widget: some Widget, width: Int, height: Int, focused: Bool = false) -> Canvas {
    var canvas = Canvas(size: Size(width: width, height: height))
    widget.render(into: &canvas, in: canvas.bounds, focused: focused)
    return canvas
}

extension Widget {
    /// Feeds the keys in order and returns what each did.
    mutating func press(_ keys: KeyEvent...) -> [WidgetEvent] {
        keys.map { update($0) }
    }

    /// Types each character of `text` as a key.
    mutating func type(_ text: String) -> [WidgetEvent] {
        text.map { update(.character($0)) }
    }
}
