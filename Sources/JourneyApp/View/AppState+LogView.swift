import Logging
import TerminalKit

/// The log lines on screen: the newest on the status line above the help bar, all of them in
/// the log pane (`m`). Their text is a server's or the client's: `Canvas.write` neutralises it.
///
/// ```
/// ┌ Log · 3 lines ───────────────────────────────────────────────┐
/// │ info demo-am: MagicLink: email to demo@example.com: http://… │
/// ```
extension AppState {
    /// The status line's text for the newest log line, with the key that shows them all.
    func logStatusLine(width: Int) -> (text: String, role: ThemeRole)? {
        guard let latest = logs.latest else { return nil }
        let text = TextWrap.truncated(" \(Self.logText(latest))", width: max(1, width - 8)) + " · m log"
        return (text, Self.logRole(latest.level))
    }

    /// The log pane over the tab: the newest line last, `scroll` lines back from it.
    func renderLogPane(scroll: Int, into canvas: inout Canvas) {
        let area = Rect(x: 0, y: 1, width: canvas.size.width, height: max(3, canvas.size.height - 2))
        canvas.fill(area, role: .dialog)
        let dropped = logs.dropped > 0 ? " (\(logs.dropped) older dropped)" : ""
        let inner = Box(title: "Log · \(logs.lines.count) line\(logs.lines.count == 1 ? "" : "s")\(dropped)").draw(into: &canvas, in: area)
        let text = Rect(x: inner.x + 1, y: inner.y, width: max(1, inner.width - 2), height: inner.height)
        guard !logs.lines.isEmpty else {
            let said = demoAccounts == nil ? "Nothing logged yet." : "Nothing logged yet. The demo AM logs here the emails it sends (MagicLink)."
            canvas.write(said, x: text.x, y: text.y, role: .muted, clip: text)
            return
        }
        let newest = max(0, logs.lines.count - 1 - scroll)
        // From the newest shown upwards, each line wrapped under its level and source.
        var y = text.maxY
        var index = newest
        while index >= 0, y > text.y {
            let line = logs.lines[index]
            let rows = TextWrap.lines(Self.logText(line), width: text.width)
            for (offset, row) in rows.enumerated().reversed() {
                let rowY = y - rows.count + offset
                if rowY >= text.y { canvas.write(row, x: text.x, y: rowY, role: Self.logRole(line.level), clip: text) }
            }
            y -= rows.count
            index -= 1
        }
        if index >= 0 { canvas.write(" ↑ more ", x: area.maxX - 10, y: area.y, role: .muted, clip: area) }
        if newest < logs.lines.count - 1 { canvas.write(" ↓ more ", x: area.maxX - 10, y: area.maxY - 1, role: .muted, clip: area) }
    }

    private static func logText(_ line: LogLine) -> String {
        "\(line.level) \(line.source): \(line.text)"
    }

    private static func logRole(_ level: Logger.Level) -> ThemeRole {
        switch level {
        case .error, .critical: .error
        case .warning: .warning
        default: .dialog
        }
    }
}
