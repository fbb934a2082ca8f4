import TerminalKit

/// The copied-text pane: what OSC 52 was asked to copy, across the whole width with nothing
/// beside it, so the mouse selects only the text; where it was saved (the help bar has its keys).
extension AppState {
    func renderCopied(_ copied: CopiedText, into canvas: inout Canvas) {
        let area = Rect(x: 0, y: 0, width: canvas.size.width, height: max(0, canvas.size.height - 1))
        canvas.fill(area, role: .normal)
        var y = area.y
        let intro = "Copied with OSC 52, which tmux and screen keep from the terminal by default without a word: "
            + "select the text below with the mouse (hold Shift where the mouse is taken), or press s to save it to a file."
        canvas.write("Copied to the clipboard (OSC 52)?", x: area.x, y: y, role: .title, clip: area)
        y += 1
        for line in TextWrap.lines(intro, width: max(1, area.width)) {
            canvas.write(line, x: area.x, y: y, role: .muted, clip: area)
            y += 1
        }
        y += 1
        let status: (String, ThemeRole)? = switch copied.saved {
        case .savingNow?: ("Saving…", .muted)
        case .savedIn(let path)?: ("Saved in \(path) (0600).", .success)
        case .failed(let message)?: (message, .error)
        case nil: nil
        }
        let bottom = area.maxY - (status == nil ? 0 : 1)
        let lines = Self.copiedLines(copied.text)
        let rows = max(0, bottom - y)
        let top = min(copied.scroll, max(0, lines.count - rows))
        let shown = Array(lines.dropFirst(top).prefix(rows))
        for (offset, line) in shown.enumerated() {
            let row = y + offset
            // "↑ more" / "↓ more" on the edge rows say there are lines above or below.
            if offset == 0, top > 0, rows > 1 {
                canvas.write("↑ more (↑)", x: area.x, y: row, role: .muted, clip: area)
            } else if offset == shown.count - 1, top + shown.count < lines.count, rows > 1 {
                canvas.write("↓ more (↓ PgDn)", x: area.x, y: row, role: .muted, clip: area)
            } else {
                // Each line whole, scrolled sideways (←→); a line going on past the edge ends in "…".
                canvas.write(TextWrap.dropping(copied.column, from: line), x: area.x, y: row, role: .normal, clip: area)
            }
        }
        if let status { canvas.write(status.0, x: area.x, y: bottom, role: status.1, clip: area) }
    }
}
