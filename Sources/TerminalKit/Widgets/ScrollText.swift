/// Long text (terms and conditions) in a bordered viewport of `visibleRows` lines, with
/// "lines a–b of n" in the bottom border.
///
/// ```
/// ┌ Terms ───────────────────┐
/// │ By signing in you agree  │
/// │ to the following terms   │
/// └──────── lines 1–2 of 3 ──┘
/// ```
///
/// Keys (`keys`) scroll (always `.handled`); others are ignored.
/// The widget is drawn at the width it is given, but keys arrive between frames, so scrolling
/// stops at the last line as wrapped at `width`: the parent keeps `width` equal to the width
/// it lays the widget out in, as it does `visibleRows`.
public struct ScrollText: Widget, Hashable {
    public var title: String
    public var text: String
    /// Text rows shown at once (fewer when the text is shorter).
    public var visibleRows: Int
    /// The first line shown, in lines as wrapped.
    public var offset: Int
    /// The columns the widget is laid out in, border included.
    public var width: Int

    public init(title: String = "", text: String, visibleRows: Int = 6, offset: Int = 0, width: Int = 80) {
        self.title = title
        self.text = text
        self.visibleRows = visibleRows
        self.offset = offset
        self.width = width
    }

    public var isFocusable: Bool { true }

    public func height(forWidth width: Int) -> Int {
        rows(lineCount: lines(forWidth: width).count) + 2
    }

    /// What a key does in scrolled text.
    public enum Action: Sendable, Hashable {
        case lineUp, lineDown, pageUp, pageDown, top, bottom
    }

    /// The scrolled text's keys.
    public static let keys = KeyMap<Action>([
        KeyBinding(each: [(.up, .lineUp), (.character("k"), .lineUp), (.down, .lineDown), (.character("j"), .lineDown)],
                   help: "scroll", detail: "a line up or down", bar: .hidden, keyLabel: "↑/k ↓/j"),
        KeyBinding(each: [(.pageUp, .pageUp), (.pageDown, .pageDown)], help: "page", detail: "a page up or down", bar: .hidden, keyLabel: "PgUp/PgDn"),
        KeyBinding(each: [(.home, .top), (.end, .bottom)], help: "top/end", detail: "to the top or the end", bar: .hidden, keyLabel: "Home/End"),
    ])

    public mutating func update(_ key: KeyEvent) -> WidgetEvent {
        guard let action = Self.keys.action(for: key) else { return .ignored }
        let last = maxOffset(lineCount: lines(forWidth: width).count)
        let current = min(max(0, offset), last)
        let page = max(1, visibleRows)
        switch action {
        case .lineUp: offset = max(0, current - 1)
        case .lineDown: offset = min(last, current + 1)
        case .pageUp: offset = max(0, current - page)
        case .pageDown: offset = min(last, current + page)
        case .top: offset = 0
        case .bottom: offset = last
        }
        return .handled
    }

    public func render(into canvas: inout Canvas, in area: Rect, focused: Bool) {
        let lines = lines(forWidth: area.width)
        let frame = area.splitTop(rows(lineCount: lines.count) + 2).top
        let inner = Box(title: title, role: focused ? .title : .muted).draw(into: &canvas, in: frame)
        let first = min(max(0, offset), maxOffset(lineCount: lines.count))
        let shown = lines.dropFirst(first).prefix(inner.height)
        let content = Rect(x: inner.x + 1, y: inner.y, width: inner.width - 2, height: inner.height)
        canvas.writeLines(Array(shown), from: content.y, in: content, role: .normal)
        guard !lines.isEmpty else { return }
        let indicator = " lines \(first + 1)–\(first + shown.count) of \(lines.count) "
        let indicatorWidth = TextWidth.of(indicator)
        if indicatorWidth <= frame.width - 4 {
            canvas.write(indicator, x: frame.maxX - 3 - indicatorWidth, y: frame.maxY - 1, role: .muted, clip: frame)
        }
    }

    /// The text wrapped inside the border and a column of padding on each side.
    private func lines(forWidth width: Int) -> [String] {
        TextWrap.lines(text, width: width - 4)
    }

    private func rows(lineCount: Int) -> Int {
        max(1, min(visibleRows, lineCount))
    }

    private func maxOffset(lineCount: Int) -> Int {
        max(0, lineCount - rows(lineCount: lineCount))
    }
}
