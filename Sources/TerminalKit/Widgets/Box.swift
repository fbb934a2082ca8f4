/// A border of box-drawing lines with a title in its top edge, for dialogs, the help overlay
/// and scrolling text:
///
/// ```
/// ┌ Help ────┐
/// │          │
/// └──────────┘
/// ```
///
/// The box only draws its border; a dialog fills its area first.
public struct Box: Sendable, Hashable {
    public var title: String
    /// The border's role.
    public var role: ThemeRole
    public var titleRole: ThemeRole

    public init(title: String = "", role: ThemeRole = .dialog, titleRole: ThemeRole = .title) {
        self.title = title
        self.role = role
        self.titleRole = titleRole
    }

    /// Draws the border along the edges of `area` (nothing when it is smaller than 2×2) and
    /// returns the rectangle inside the border.
    @discardableResult
    public func draw(into canvas: inout Canvas, in area: Rect) -> Rect {
        let inner = area.inset(by: 1)
        guard area.width >= 2, area.height >= 2 else { return inner }
        let edge = String(repeating: "─", count: area.width - 2)
        canvas.write("┌" + edge + "┐", x: area.x, y: area.y, role: role, clip: area)
        canvas.write("└" + edge + "┘", x: area.x, y: area.maxY - 1, role: role, clip: area)
        for y in inner.y..<inner.maxY {
            canvas.write("│", x: area.x, y: y, role: role, clip: area)
            canvas.write("│", x: area.maxX - 1, y: y, role: role, clip: area)
        }
        let fitted = TextWrap.truncated(title, width: area.width - 4)
        if !fitted.isEmpty {
            canvas.write(" " + fitted + " ", x: area.x + 1, y: area.y, role: titleRole, clip: area)
        }
        return inner
    }
}
