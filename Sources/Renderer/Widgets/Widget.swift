/// A piece of a form, as pure data: what to draw and what the person can do with it.
/// The curses front end draws widgets; it never looks at callbacks.
public enum Widget: Sendable, Hashable {
    case textField(TextField)
    case radioList(RadioList)
    case message(Message)
    /// A callback this version does not lay out yet: a one-line panel naming its type.
    case placeholder(Placeholder)
}

/// A widget and the callback it edits (its position in the step), so edits can be written back.
public struct RenderedWidget: Sendable, Hashable {
    public let callbackPosition: Int
    public let widget: Widget

    public init(callbackPosition: Int, widget: Widget) {
        self.callbackPosition = callbackPosition
        self.widget = widget
    }
}
