import Foundation
import JourneyEngine
import Orchestrate
import TerminalKit

/// The trace pane: the tab's exchanges as a list on top (method, path, status, time), the
/// selected one whole below: its URL, when it started and how long it took, then request and
/// response with their headers and bodies (JSON pretty-printed, a journey's callback types
/// highlighted), all through `TracedMessage`, redacted unless revealed.
extension AppState {
    func renderTracePane(_ pane: TracePane, of tab: ClientTab, into canvas: inout Canvas, in area: Rect) {
        let trace = tab.trace
        let title = "Trace of \(TerminalText.line(tab.name)) · \(trace.count) exchange\(trace.count == 1 ? "" : "s") · "
        // Where the whole title does not fit, the key's words go (the help bar says `x`), never half of them.
        let secrets = pane.revealing ? ("⚠ credentials shown", " as they went (x hides them)") : ("credentials redacted", " (x shows them)")
        let whole = title + secrets.0 + secrets.1
        canvas.write(TextWidth.of(whole) <= area.width ? whole : title + secrets.0,
                     x: area.x, y: area.y, role: pane.revealing ? .warning : .title, clip: area)
        guard let shown = pane.shown(in: trace.count) else {
            canvas.write("Nothing sent yet: every request of this tab (journeys, sessions, tokens, API calls) shows here.",
                         x: area.x, y: area.y + 2, role: .muted, clip: area)
            return
        }
        let listHeight = min(trace.count, max(3, area.height / 4))
        let first = min(max(0, shown - listHeight + 1), trace.count - listHeight)
        for (row, index) in (first..<(first + listHeight)).enumerated() {
            let role: ThemeRole = index == shown ? .selection : .normal
            let line = listLine(trace[index], number: index + 1, width: area.width)
            canvas.write(line, x: area.x, y: area.y + 1 + row, role: role, clip: area)
        }
        let separatorY = area.y + 1 + listHeight
        canvas.write(String(repeating: "─", count: max(0, area.width)), x: area.x, y: separatorY, role: .muted, clip: area)
        let detail = Rect(x: area.x, y: separatorY + 1, width: area.width, height: max(0, area.maxY - separatorY - 1))
        let lines = detailLines(trace[shown], since: trace[0].started, revealing: pane.revealing, width: area.width)
        let top = min(pane.scroll, max(0, lines.count - detail.height))
        for (offset, line) in lines.dropFirst(top).prefix(detail.height).enumerated() {
            canvas.write(line.text, x: detail.x, y: detail.y + offset, role: line.role, clip: detail)
        }
    }

    /// `  3 POST   /am/json/realms/root/authenticate?authIndexValue=Login&…      200   12.3 ms`.
    private func listLine(_ exchange: WireExchange, number: Int, width: Int) -> String {
        let outcome = exchange.response.map { String($0.status) } ?? "✗"
        // The time right-aligned in a column of its own: the statuses stay in one column however long each took.
        let time = Self.milliseconds(exchange.duration)
        let right = " \(outcome.padding(toLength: 3, withPad: " ", startingAt: 0)) \(String(repeating: " ", count: max(0, 9 - time.count)))\(time)"
        var target = exchange.request.url.path
        if let query = exchange.request.url.query, !query.isEmpty { target += Self.shownQuery(of: exchange.request.url) }
        let left = "\(String(number).leftPadded(to: 3)) \(exchange.request.method.padding(toLength: 6, withPad: " ", startingAt: 0)) \(TerminalText.line(target))"
        let room = max(1, width - TextWidth.of(right) - 1)
        let fitted = TextWrap.truncated(left, width: room)
        return fitted + String(repeating: " ", count: max(0, room - TextWidth.of(fitted))) + " " + right
    }

    /// A list line's query: the journey a request names (`?authIndexValue=Login`, `&…` when
    /// more follows), `?…` for any other; the whole query is in the exchange below.
    private static func shownQuery(of url: URL) -> String {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        guard let journey = items.first(where: { $0.name == "authIndexValue" })?.value else { return "?…" }
        return "?authIndexValue=\(journey)" + (items.count > 1 ? "&…" : "")
    }

    private func detailLines(_ exchange: WireExchange, since start: Date, revealing: Bool, width: Int) -> [(text: String, role: ThemeRole)] {
        var lines: [(text: String, role: ThemeRole)] = []
        func add(_ prefix: String, _ text: String, _ role: ThemeRole) {
            for line in TextWrap.lines(text, width: max(1, width), prefix: prefix) { lines.append((line, role)) }
        }
        let request = exchange.request
        add("\(request.method) ", TracedMessage.url(of: request, rules: exchange.rules, revealing: revealing), .title)
        let offset = String(format: "+%.3f s", exchange.started.timeIntervalSince(start))
        add("", "sent at \(offset), answered in \(Self.milliseconds(exchange.duration))", .muted)
        let sent = TracedMessage(request: request, rules: exchange.rules, revealing: revealing)
        for header in sent.headers { add("→ ", "\(header.name): \(header.value)", .muted) }
        addBody(sent.body, prefix: "→ ", to: &lines, width: width)
        switch exchange.outcome {
        case .success(let response):
            add("← ", "\(response.status)", (200..<400).contains(response.status) ? .success : .warning)
            let received = TracedMessage(response: response, rules: exchange.rules, revealing: revealing)
            for header in received.headers { add("← ", "\(header.name): \(header.value)", .muted) }
            addBody(received.body, prefix: "← ", to: &lines, width: width)
        case .failure(let error):
            add("✗ ", TerminalText.line(error.description), .error)
        }
        return lines
    }

    /// A body on the lines: JSON pretty-printed with the callbacks' types highlighted.
    private func addBody(_ body: TracedBody, prefix: String, to lines: inout [(text: String, role: ThemeRole)], width: Int) {
        let rows: [(String, ThemeRole)]
        switch body {
        case .empty: return
        case .json(let json):
            rows = json.prettyLines.map { ($0.text, $0.path == ["callbacks", "[]", "type"] ? .information : .normal) }
        case .form, .opaque, .text:
            rows = [(body.line, .normal)]
        }
        for (text, role) in rows {
            for line in TextWrap.lines(text, width: max(1, width), prefix: prefix) { lines.append((line, role)) }
        }
    }

    /// `12.3 ms`; ten seconds and more in seconds (`12.3 s`), so a time fits the list's column of 9.
    private static func milliseconds(_ duration: Duration) -> String {
        let milliseconds = duration.inMilliseconds
        return milliseconds < 10_000 ? String(format: "%.1f ms", milliseconds) : String(format: "%.1f s", milliseconds / 1000)
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        String(repeating: " ", count: max(0, width - count)) + self
    }
}
