import Foundation
import JourneyEngine
import Orchestrate
import TerminalKit

/// The request pane: the call (suggestions, method, URL, body) on top, then every hop of the
/// call — the request with its credentials redacted, the response, what the client concluded
/// and what it did next — and how it ended.
extension AppState {
    func renderRequestPane(_ pane: RequestPane, of tab: ClientTab, into canvas: inout Canvas, in area: Rect) {
        var y = area.y
        canvas.write("Call an API as \(TerminalText.line(tab.name))", x: area.x, y: y, role: .title, clip: area)
        canvas.write(credentialText(of: tab), x: area.x + 2, y: y + 1, role: .muted, clip: area)
        y += 2
        let lines = hopLines(pane, cookieName: tab.profile.server?.cookieName ?? "", width: area.width)
        // The call's fields and, once it ran, at least half of what is left for its hops: on a
        // small screen the list of calls shows a window around the one picked.
        let fieldRows = 4
        let hopRows = lines.isEmpty ? 0 : min(lines.count, max(3, (area.maxY - y - fieldRows) / 2))
        let listRoom = max(1, area.maxY - y - fieldRows - hopRows)
        let window = Self.suggestionWindow(count: pane.suggestions.count, selected: pane.selected, room: listRoom)
        for index in window.shown {
            let suggestion = pane.suggestions[index]
            let marker = index == pane.selected ? "▸" : " "
            let role: ThemeRole = index == pane.selected && pane.focus == .suggestions ? .selection : .normal
            canvas.write("\(marker) \(index + 1) \(suggestion.method.padding(toLength: 6, withPad: " ", startingAt: 0))\(TerminalText.line(suggestion.label))",
                         x: area.x, y: y, role: role, clip: area)
            y += 1
        }
        if window.hidden > 0 {
            canvas.write("  … \(window.hidden) more call\(window.hidden == 1 ? "" : "s") (↑/↓)", x: area.x, y: y, role: .muted, clip: area)
            y += 1
        }
        let fieldWidth = area.width - 8
        canvas.write("Method", x: area.x, y: y, role: .label, clip: area)
        canvas.write("◂ \(pane.method) ▸", x: area.x + 8, y: y, role: pane.focus == .method ? .fieldFocused : .field, clip: area)
        canvas.write("URL", x: area.x, y: y + 1, role: .label, clip: area)
        pane.url.render(into: &canvas, in: Rect(x: area.x + 8, y: y + 1, width: fieldWidth, height: 1), focused: pane.focus == .url)
        canvas.write("Body", x: area.x, y: y + 2, role: .label, clip: area)
        pane.body.render(into: &canvas, in: Rect(x: area.x + 8, y: y + 2, width: fieldWidth, height: 1), focused: pane.focus == .body)
        if pane.focus != .url, pane.focus != .body { canvas.cursor = nil }
        y += fieldRows
        let room = max(0, area.maxY - y)
        // The newest hops and the outcome stay in view; PgUp goes back through the earlier ones,
        // and "↑ more" / "↓ more" say there are some.
        let first = max(0, lines.count - room - pane.scroll)
        let shown = Array(lines.dropFirst(first).prefix(room))
        for (row, line) in shown.enumerated() {
            let moreAbove = row == 0 && first > 0 && room > 1
            let moreBelow = row == shown.count - 1 && first + shown.count < lines.count && room > 1
            let text = moreAbove ? "↑ more (PgUp)" : moreBelow ? "↓ more (PgDn)" : line.text
            canvas.write(text, x: area.x, y: y, role: moreAbove || moreBelow ? .muted : line.role, clip: area)
            y += 1
        }
    }

    /// Which of `count` calls the list shows in `room` rows, around the one `selected`, and how
    /// many it leaves out (said on a row of its own, which the room includes).
    static func suggestionWindow(count: Int, selected: Int, room: Int) -> (shown: Range<Int>, hidden: Int) {
        guard count > room else { return (0..<count, 0) }
        let rows = max(1, room - 1)
        let start = min(max(0, selected - rows / 2), count - rows)
        return (start..<(start + rows), count - rows)
    }

    private func credentialText(of tab: ClientTab) -> String {
        if let scope = tab.tokens?.tokens?.scope {
            let strength = tab.tokens?.tokens.map { AuthenticationStrength($0).summary } ?? scope
            return "with the access token: \(strength)"
        }
        if let server = tab.profile.server, tab.kind.session != nil { return "with the SSO session cookie (\(server.cookieName))" }
        return "without credentials: sign in first (s) to call as someone"
    }

    /// The hops as wrapped, coloured lines.
    private func hopLines(_ pane: RequestPane, cookieName: String, width: Int) -> [(text: String, role: ThemeRole)] {
        var lines: [(String, ThemeRole)] = []
        /// `prefix` on the first line, as many spaces before the others.
        func add(_ prefix: String, _ text: String, _ role: ThemeRole) {
            for line in TextWrap.lines(text, width: max(1, width), prefix: prefix) { lines.append((line, role)) }
        }
        for (number, hop) in (pane.machine?.hops ?? []).enumerated() {
            add("\(number + 1). ", TerminalText.line(hop.title), .title)
            if let request = hop.request {
                for header in Redaction.headers(request.headers, cookieName: cookieName) {
                    add("   → ", "\(TerminalText.line(header.name)): \(header.value)", .muted)
                }
                if let body = request.body, !body.isEmpty { add("   → ", ResourceHop.bodyLine(body), .muted) }
            }
            if let response = hop.response {
                add("   ← ", "\(response.status)", (200..<300).contains(response.status) ? .success : .warning)
                for header in Redaction.headers(response.headers, cookieName: cookieName)
                where ["www-authenticate", "location"].contains(header.name.lowercased()) {
                    add("   ← ", "\(TerminalText.line(header.name)): \(header.value)", .muted)
                }
                if !response.body.isEmpty { add("   ← ", ResourceHop.bodyLine(response.body), .muted) }
            }
            add("   ✱ ", hop.conclusion, .normal)
            if !hop.next.isEmpty { add("   ➜ ", hop.next, .information) }
        }
        // What the keys do next, above the outcome: the outcome is the newest line, kept in view.
        if pane.outcome != nil, pane.focus == .suggestions {
            add("", "Enter calls again (a new call) · R replays the last request as it went, transaction id included · y copies it as curl · e shows every exchange", .muted)
        }
        switch pane.outcome {
        case .answered(let response)?:
            let good = (200..<300).contains(response.status)
            add(good ? "✓ " : "✗ ", "The resource answered \(response.status).", good ? .success : .error)
        case .challenged?:
            add("✗ ", "The resource's challenge stands (see the last hop).", .error)
        case .failed(let message, _)?:
            add("✗ ", message, .error)
        case nil:
            if pane.isRunning { add("", "…", .muted) }
            else if pane.machine == nil {
                let picks = pane.suggestions.isEmpty ? "" : " · ↑/↓ or 1–9 pick a call"
                add("", "Enter sends · Tab moves between fields\(picks) · Esc closes", .muted)
            }
        }
        return lines
    }
}
