/// Text to read, wrapped to the width, in one role; an optional prefix ("✗ ") starts the first
/// line and the rest hang under the text.
public struct TextBlock: DisplayWidget, Hashable {
    public var text: String
    public var role: ThemeRole
    public var prefix: String

    public init(text: String, role: ThemeRole = .normal, prefix: String = "") {
        self.text = text
        self.role = role
        self.prefix = prefix
    }

    public func height(forWidth width: Int) -> Int {
        lines(width: width).count
    }

    public func render(into canvas: inout Canvas, in area: Rect, focused: Bool) {
        canvas.writeLines(lines(width: area.width), from: area.y, in: area, role: role)
    }

    private func lines(width: Int) -> [String] {
        TextWrap.lines(text, width: width, prefix: prefix)
    }
}
