/// A yes/no choice: `[x] Label` or `[ ] Label`, the label wrapped under itself.
///
/// Keys: Space toggles; y checks and n clears; Enter activates (`.activated(0)`) without
/// toggling, so a form can submit.
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

    public mutating func update(_ key: KeyEvent) -> WidgetEvent {
        switch key {
        case .character(" "): isChecked.toggle()
        case .character("y"): isChecked = true
        case .character("n"): isChecked = false
        case .enter: return .activated(0)
        default: return .ignored
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
