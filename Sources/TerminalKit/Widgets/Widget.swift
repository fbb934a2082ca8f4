/// A piece of a form or screen as a value: it measures itself, reacts to keys, and draws into
/// a canvas. No widget knows about curses, callbacks or the network.
public protocol Widget: Sendable {
    /// Whether Tab/Shift-Tab can move focus here.
    var isFocusable: Bool { get }

    /// Rows needed at this width (at least 0).
    func height(forWidth width: Int) -> Int

    /// Handles a key while focused. `.ignored` lets the caller use the key (focus moves,
    /// global bindings).
    mutating func update(_ key: KeyEvent) -> WidgetEvent

    /// Draws into `area` (clipped to it). A focused text widget sets `canvas.cursor`.
    func render(into canvas: inout Canvas, in area: Rect, focused: Bool)

    /// The row, from the widget's top, that must stay in view while it is focused (a long
    /// list's highlighted option); nil when its top will do.
    func focusRow(forWidth width: Int) -> Int?
}

extension Widget {
    public func focusRow(forWidth width: Int) -> Int? { nil }
}

/// A widget that only shows something: never focused, ignores every key.
public protocol DisplayWidget: Widget {}

extension DisplayWidget {
    public var isFocusable: Bool { false }

    public mutating func update(_ key: KeyEvent) -> WidgetEvent { .ignored }
}

/// What a key did to a widget.
public enum WidgetEvent: Sendable, Hashable {
    /// The key was not for this widget.
    case ignored
    /// The widget used the key (its value or view changed).
    case handled
    /// The person confirmed this widget's value (Enter on a field, a button pressed): for a
    /// button row, the index of the button.
    case activated(Int)
}
