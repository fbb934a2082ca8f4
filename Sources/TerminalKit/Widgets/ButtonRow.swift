/// Buttons side by side, `[ OK ]  [ Cancel ]`, flowing onto more rows when the width runs out.
/// The selected button is `.buttonFocused` while the row has focus, and marked `[▸OK◂]` so
/// the focus shows without colour.
///
/// Keys: ←/h and →/l move the selection; Enter or Space press the selected button
/// (`.activated(selected)`).
public struct ButtonRow: Widget, Hashable {
    public var buttons: [String]
    public var selected: Int
    public var isFocusable: Bool

    public init(buttons: [String], selected: Int = 0, isFocusable: Bool = true) {
        self.buttons = buttons
        self.selected = selected
        self.isFocusable = isFocusable
    }

    public func height(forWidth width: Int) -> Int {
        layout(width: width).last.map { $0.row + 1 } ?? 0
    }

    /// What a key does on a row of buttons.
    public enum Action: Sendable, Hashable {
        case previous, next, press
    }

    /// The row's keys.
    public static let keys = KeyMap<Action>([
        KeyBinding([.enter, .character(" ")], .press, help: "press", detail: "press the chosen button", bar: .hidden, keyLabel: "Enter/Space"),
        KeyBinding(each: [(.left, .previous), (.character("h"), .previous), (.right, .next), (.character("l"), .next)],
                   help: "choose", detail: "choose the button to the left / right", bar: .hidden, keyLabel: "←/h →/l"),
    ])

    public mutating func update(_ key: KeyEvent) -> WidgetEvent {
        guard !buttons.isEmpty, let action = Self.keys.action(for: key) else { return .ignored }
        let current = min(max(0, selected), buttons.count - 1)
        switch action {
        case .previous:
            selected = max(0, current - 1)
        case .next:
            selected = min(buttons.count - 1, current + 1)
        case .press:
            selected = current
            return .activated(current)
        }
        return .handled
    }

    public func render(into canvas: inout Canvas, in area: Rect, focused: Bool) {
        for button in layout(width: area.width) {
            let isFocused = focused && button.index == selected
            // The marker takes the places of the spaces inside the brackets: the width stays.
            let label = isFocused ? "[▸" + String(button.label.dropFirst(2).dropLast(2)) + "◂]" : button.label
            canvas.write(label, x: area.x + button.x, y: area.y + button.row, role: isFocused ? .buttonFocused : .button, clip: area)
        }
    }

    /// Where each button goes: left to right, two columns apart, a new row when the next one
    /// does not fit. A title too long for any row is shortened with "…".
    private func layout(width: Int) -> [(index: Int, label: String, x: Int, row: Int)] {
        var placed: [(index: Int, label: String, x: Int, row: Int)] = []
        var x = 0
        var row = 0
        for (index, title) in buttons.enumerated() {
            let label = "[ " + TextWrap.truncated(title, width: width - 4) + " ]"
            let labelWidth = TextWidth.of(label)
            if x > 0, x + 2 + labelWidth > width {
                x = 0
                row += 1
            } else if x > 0 {
                x += 2
            }
            placed.append((index, label, x, row))
            x += labelWidth
        }
        return placed
    }
}
