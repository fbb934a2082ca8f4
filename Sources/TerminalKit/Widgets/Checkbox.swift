/// A yes/no choice: `[x] Label` or `[ ] Label`, the label wrapped under itself.
///
/// Keys (`keys`): Space toggles; y checks and n clears; Enter activates (`.activated(0)`)
/// without toggling, so a form can submit.
public struct Checkbox: Widget, Hashable {
    public var label: String
    public var isChecked: Bool

    public init(label: String, isChecked: Bool = false) {
        self.label = label
        self.isChecked = isChecked
    }

    public var isFocusable: Bool { true }

    public func height(forWidth width: Int) -> Int {
        lines(width: width, focused: false).count
    }

    /// What a key does on a checkbox.
    public enum Action: Sendable, Hashable {
        case toggle, check, clear, activate
    }

    /// The checkbox's keys.
    public static let keys = KeyMap<Action>([
        KeyBinding([.enter], .activate, help: "submit", detail: "submit the form (the box stays as it is)", bar: .hidden),
        KeyBinding([.character(" ")], .toggle, help: "tick", detail: "tick or clear the box", bar: .hidden),
        KeyBinding(each: [(.character("y"), .check), (.character("n"), .clear)], help: "yes/no", detail: "tick / clear the box",
                   bar: .hidden, keyLabel: "y/n"),
    ])

    public mutating func update(_ key: KeyEvent) -> WidgetEvent {
        switch Self.keys.action(for: key) {
        case .toggle?: isChecked.toggle()
        case .check?: isChecked = true
        case .clear?: isChecked = false
        case .activate?: return .activated(0)
        case nil: return .ignored
        }
        return .handled
    }

    public func render(into canvas: inout Canvas, in area: Rect, focused: Bool) {
        canvas.writeLines(lines(width: area.width, focused: focused), from: area.y, in: area, role: focused ? .selection : .normal)
    }

    /// `[x]` or `[ ]`, with `▸` after it when focused, so focus shows without colour.
    private func lines(width: Int, focused: Bool) -> [String] {
        TextWrap.lines(label, width: width, prefix: (isChecked ? "[x]" : "[ ]") + (focused ? "▸" : " "))
    }
}
