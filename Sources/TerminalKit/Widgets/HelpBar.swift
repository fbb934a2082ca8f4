/// The one-row key reminder at the bottom of the screen, `Enter submit  Tab next  q quit`:
/// keys in `.helpKey`, words in `.helpBar`. When the row is too short, whole items are dropped,
/// never cut: first those shown while there is room, from the end, then those kept to the last.
public struct HelpBar: DisplayWidget, Hashable {
    public var items: [HelpItem]

    public init(items: [HelpItem]) {
        self.items = items
    }

    public func height(forWidth width: Int) -> Int {
        1
    }

    /// The items that fit in `width` columns, `gap` columns apart, in their order.
    public static func fitting(_ items: [HelpItem], width: Int, gap: Int = 2) -> [HelpItem] {
        var kept = items.filter { $0.bar != .hidden }
        func used() -> Int { kept.map { TextWidth.of($0.barText) }.reduce(0, +) + gap * max(0, kept.count - 1) }
        while !kept.isEmpty, used() > width {
            let drop = kept.lastIndex { $0.bar == .shown } ?? kept.count - 1
            kept.remove(at: drop)
        }
        return kept
    }

    public func render(into canvas: inout Canvas, in area: Rect, focused: Bool) {
        let row = area.splitTop(1).top
        canvas.fill(row, role: .helpBar)
        var x = row.x
        for item in Self.fitting(items, width: row.width) {
            let gap = x == row.x ? 0 : 2
            x = canvas.write(item.keys, x: x + gap, y: row.y, role: .helpKey, clip: row)
            x = canvas.write(" " + item.help, x: x, y: row.y, role: .helpBar, clip: row)
        }
    }
}
