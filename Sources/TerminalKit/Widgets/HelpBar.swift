/// The one-row key reminder at the bottom of the screen, `Enter submit  Tab next  q quit`:
/// keys in `.helpKey`, words in `.helpBar`. Items that do not fit are dropped from the end.
public struct HelpBar: DisplayWidget, Hashable {
    public var items: [HelpItem]

    public init(items: [HelpItem]) {
        self.items = items
    }

    /// From `(keys, help)` pairs, as `KeyMap.helpBarItems` gives them.
    public init(_ pairs: [(keys: String, help: String)]) {
        items = pairs.map { HelpItem(keys: $0.keys, help: $0.help) }
    }

    public func height(forWidth width: Int) -> Int {
        1
    }

    public func render(into canvas: inout Canvas, in area: Rect, focused: Bool) {
        let row = area.splitTop(1).top
        canvas.fill(row, role: .helpBar)
        var x = row.x
        for item in items {
            let gap = x == row.x ? 0 : 2
            let words = " " + item.help
            guard x + gap + TextWidth.of(item.keys) + TextWidth.of(words) <= row.maxX else { break }
            x = canvas.write(item.keys, x: x + gap, y: row.y, role: .helpKey, clip: row)
            x = canvas.write(words, x: x, y: row.y, role: .helpBar, clip: row)
        }
    }
}
