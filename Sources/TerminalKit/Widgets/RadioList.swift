/// Pick exactly one of several options: a label, then `(•) Chosen` / `( ) Other` rows, long
/// options wrapped under their text.
///
/// Keys (`keys`): move the highlight (PgUp/PgDn ten at a time, so lists of thousands stay
/// usable); Space selects the highlighted option; Enter selects it and activates
/// (`.activated(index)`); 1…9 select that option directly.
public struct RadioList: Widget, Hashable {
    public var label: String
    public var options: [String]
    /// The chosen option's index.
    public var selected: Int
    /// The option the keys act on, shown in `.selection` while focused.
    public var highlighted: Int

    /// `highlighted` defaults to `selected`.
    public init(label: String = "", options: [String], selected: Int = 0, highlighted: Int? = nil) {
        self.label = label
        self.options = options
        self.selected = selected
        self.highlighted = highlighted ?? selected
    }

    /// How far PgUp and PgDn move in a long list.
    static let page = 10

    public var isFocusable: Bool { !options.isEmpty }

    public func height(forWidth width: Int) -> Int {
        TextWrap.lines(label, width: width).count
            + options.indices.reduce(0) { $0 + optionLines($1, width: width, marked: false).count }
    }

    /// What a key does in a list of options.
    public enum Action: Sendable, Hashable {
        case up, down, first, last, pageUp, pageDown, select, choose
        /// Select the option of this number (1 is the first).
        case number(Int)
    }

    /// The list's keys.
    public static let keys = KeyMap<Action>([
        KeyBinding([.enter], .choose, help: "choose", detail: "choose the highlighted option and submit", bar: .hidden),
        KeyBinding([.character(" ")], .select, help: "select", detail: "select the highlighted option", bar: .hidden),
        KeyBinding(each: [(.up, .up), (.character("k"), .up), (.down, .down), (.character("j"), .down)], help: "move",
                   detail: "move the highlight", bar: .hidden, keyLabel: "↑/k ↓/j"),
        KeyBinding(each: [(.home, .first), (.end, .last)], help: "first/last", detail: "to the first or last option", bar: .hidden, keyLabel: "Home/End"),
        KeyBinding(each: [(.pageUp, .pageUp), (.pageDown, .pageDown)], help: "ten at a time", detail: "ten options up or down",
                   bar: .hidden, keyLabel: "PgUp/PgDn"),
        KeyBinding(each: (1...9).map { (.character(Character(String($0))), .number($0)) }, help: "select by number",
                   detail: "select the option of that number", bar: .hidden, keyLabel: "1…9"),
    ])

    public mutating func update(_ key: KeyEvent) -> WidgetEvent {
        guard !options.isEmpty, let action = Self.keys.action(for: key) else { return .ignored }
        let current = min(max(0, highlighted), options.count - 1)
        switch action {
        case .up: highlighted = max(0, current - 1)
        case .down: highlighted = min(options.count - 1, current + 1)
        case .first: highlighted = 0
        case .last: highlighted = options.count - 1
        case .pageUp: highlighted = max(0, current - Self.page)
        case .pageDown: highlighted = min(options.count - 1, current + Self.page)
        case .select: selected = current
        case .choose:
            selected = current
            return .activated(current)
        case .number(let number):
            guard options.indices.contains(number - 1) else { return .ignored }
            selected = number - 1
            highlighted = number - 1
        }
        return .handled
    }

    /// Draws the label and the options; in an area shorter than the list, the rows around the
    /// highlighted option, with "↑ more" / "↓ more" on the last row (`ScrolledView`).
    public func render(into canvas: inout Canvas, in area: Rect, focused: Bool) {
        var rows = TextWrap.lines(label, width: area.width).map { (text: $0, role: ThemeRole.label) }
        for index in options.indices {
            let marked = focused && index == highlighted
            rows += optionLines(index, width: area.width, marked: marked).map { ($0, marked ? ThemeRole.selection : .normal) }
        }
        let visible = ScrolledView.visibleRows(contentHeight: rows.count, height: area.height)
        let wanted = max(0, (focusRow(forWidth: area.width) ?? 0) - visible + 1)
        let offset = ScrolledView.offset(wanted, contentHeight: rows.count, height: area.height)
        for (row, line) in rows.dropFirst(offset).prefix(visible).enumerated() {
            canvas.write(line.text, x: area.x, y: area.y + row, role: line.role, clip: area)
        }
        ScrolledView.markMore(above: offset > 0, below: rows.count - offset > visible, into: &canvas, in: area, visibleRows: visible)
    }

    /// The highlighted option's first row, so a list longer than the screen scrolls to it.
    public func focusRow(forWidth width: Int) -> Int? {
        guard options.indices.contains(highlighted) else { return nil }
        return TextWrap.lines(label, width: width).count
            + options.indices.prefix(highlighted).reduce(0) { $0 + optionLines($1, width: width, marked: false).count }
    }

    /// An option's rows: `(•)` when picked, and `▸` after it when the list has focus and this is
    /// the highlighted option, so focus shows without colour.
    private func optionLines(_ index: Int, width: Int, marked: Bool) -> [String] {
        TextWrap.lines(options[index], width: width, prefix: (index == selected ? "(•)" : "( )") + (marked ? "▸" : " "))
    }
}
