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
/// Keys: ↑/k, ↓/j, PgUp, PgDn, Home and End scroll (always `.handled`); others are ignored.
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

    public mutating func update(_ key: KeyEvent) -> WidgetEvent {
        let last = maxOffset(lineCount: lines(forWidth: width).count)
        let current = min(max(0, offset), last)
        let page = max(1, visibleRows)
        switch key {
        case .up, .character("k"): offset = max(0, current - 1)
        case .down, .character("j"): offset = min(last, current + 1)
        case .pageUp: offset = max(0, current - page)
        case .pageDown: offset = min(last, current + page)
        case .home: offset = 0
        case .end: offset = last
        default: return .ignored
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
