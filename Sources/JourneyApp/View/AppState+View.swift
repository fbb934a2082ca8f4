import Foundation
import JourneyEngine
import Orchestrate
import Renderer
import TerminalKit

extension AppState {
    /// The smallest screen the UI draws into; below it a notice says so.
    public static let minimumSize = Size(width: 60, height: 16)

    /// The whole screen for this state. Pure: same state and size, same canvas.
    public func render(size: Size) -> Canvas {
        var canvas = Canvas(size: size)
        render(into: &canvas, size: size)
        return canvas
    }

    /// Draws the whole screen into `canvas`, cleared first and resized to `size` if it is not
    /// that size: the loop draws every frame into one of two canvases it keeps (the other is the
    /// frame on the screen), so a key press allocates no screen-sized grid.
    public func render(into canvas: inout Canvas, size: Size) {
        canvas.clear(resizingTo: size)
        guard size.width >= Self.minimumSize.width, size.height >= Self.minimumSize.height else {
            let notice = "Terminal too small (need \(Self.minimumSize.width)×\(Self.minimumSize.height), have \(size))"
            for (row, line) in TextWrap.lines(notice, width: max(1, size.width)).enumerated() where row < size.height {
                canvas.write(line, x: max(0, (size.width - TextWidth.of(line)) / 2), y: min(size.height - 1, size.height / 2 + row),
                             role: .warning)
            }
            return
        }
        let (top, rest) = canvas.bounds.splitTop(1)
        var (body, bottom) = rest.splitBottom(1)
        if let status = logStatusLine(width: body.width) {
            let (above, line) = body.splitBottom(1)
            canvas.write(status.text, x: line.x, y: line.y, role: status.role == .dialog ? .muted : status.role, clip: line)
            body = above
        }
        let marks = sharedSessionMarks
        TabBar(tabs: tabs.map { Self.tabBarEntry($0, marker: marks[$0.stores.session]) }, active: activeIndex)
            .render(into: &canvas, in: top, focused: false)
        var content = body
        if let notice = noticeLine() {
            // Up to three lines, the last shortened with "…" if the text goes on.
            var lines = TextWrap.lines(notice.text, width: max(1, body.width - 2))
            if lines.count > 3 {
                lines = Array(lines.prefix(3))
                lines[2] = TextWrap.truncated(lines[2] + " …", width: body.width - 2)
            }
            let (rows, remainder) = content.splitTop(lines.count)
            canvas.fill(rows, role: notice.role)
            for (offset, line) in lines.enumerated() {
                canvas.write(line, x: rows.x + 1, y: rows.y + offset, role: notice.role)
            }
            content = remainder
        }
        renderContent(into: &canvas, in: content.inset(by: 1))
        HelpBar(items: helpBarItems()).render(into: &canvas, in: bottom, focused: false)
        let editsCall = activeTab?.tracePane == nil && requestPaneHasKeys && [.url, .body].contains(activeTab?.requestPane?.focus)
        let typing = editsCall || tabs.indices.contains(activeIndex) && (formIsLive(activeIndex) || tabs[activeIndex].isValidating)
        if commandMode || overlay != nil || !typing {
            canvas.cursor = nil
        }
        if let overlay { renderOverlay(overlay, into: &canvas) }
    }

    /// A tab in the tab bar, with the mark of the session store it shares with other tabs, if any.
    private static func tabBarEntry(_ tab: ClientTab, marker: String?) -> TabBar.Tab {
        var entry = tabBarStatus(tab)
        if tab.profile.options.common.insecure { entry.warning = "⚠ insecure" }
        entry.marker = marker
        return entry
    }

    private static func tabBarStatus(_ tab: ClientTab) -> TabBar.Tab {
        // A tab of another kind than a journey's says so.
        let host = (type(of: tab.kind).label.map { "\($0) · " } ?? "") + tab.profile.hostDescription
        switch tab.phase {
        case .idle:
            return TabBar.Tab(title: tab.name, detail: "\(host) · idle", status: .idle)
        case .busy:
            return TabBar.Tab(title: tab.name, detail: "\(host) · \(tab.kind.stageText(tab.shared))", status: .busy)
        case .answering, .polling:
            return TabBar.Tab(title: tab.name, detail: "\(host) · \(tab.kind.stageText(tab.shared))", status: .idle)
        case .signedIn:
            // A DaVinci flow signs on (its tokens); a journey signs in (its session).
            let verb = tab.profile.signedInWord
            let who = tab.userName.map { "\(verb) as \(TerminalText.line($0))" } ?? verb
            return TabBar.Tab(title: tab.name, detail: "\(host) · \(who)", status: .signedIn)
        case .ended:
            return TabBar.Tab(title: tab.name, detail: "\(host) · error", status: .error)
        }
    }

    /// How long AM still takes answers to the page (its `authId`'s `exp`), with a warning in the
    /// last minute: "the step expired" is easily mistaken for "wrong password".
    static func stepCountdown(until expiry: Date, now: Date) -> (String, ThemeRole) {
        let left = expiry.timeIntervalSince(now)
        if left <= 0 {
            return ("⚠ AM no longer takes answers to this page (it \(ReadableDuration.until(expiry, from: now))): sending starts the journey over", .warning)
        }
        if left < 60 { return ("⚠ this page \(ReadableDuration.until(expiry, from: now)): answer now, or the journey starts over", .warning) }
        return ("⏱ this page \(ReadableDuration.until(expiry, from: now))", .muted)
    }

    private func noticeLine() -> (text: String, role: ThemeRole)? {
        if let banner = activeTab?.banner {
            return (banner.text, banner.kind == .error ? .error : .information)
        }
        if let note = demoOutboxNote { return (note, .information) }
        return hint.map { ($0, .information) }
    }

    /// An idle tab offers its profile's two journeys, and the others. Draws the page whole from
    /// the top of `area` (`AppState+ScrolledPage` shows it scrolled); the rows it takes.
    func renderIdle(_ tab: ClientTab, on server: ServerConfiguration, into canvas: inout Canvas, in area: Rect) -> Int {
        let profile = tab.profile.profileName.map { "profile \($0) · " } ?? ""
        let title = "\(profile)\(server.baseURL.absoluteString) · realm \(server.realm)"
        let y = canvas.writeLines(TextWrap.lines(title, width: area.width), from: area.y, in: area, role: .title)
        let options = tab.profile.options
        var rows: [(key: String, what: String)] = [
            ("s", "sign in · journey \(TerminalText.line(options.authServiceName))"),
            ("g", "register · journey \(TerminalText.line(options.registrationServiceName))"),
        ]
        if let current = tab.profile.request.journeyName, current != options.authServiceName, current != options.registrationServiceName {
            rows.insert(("Enter", "start \(TerminalText.line(current)) again"), at: 0)
        }
        rows += [("j", "another journey"), ("o", "this tab's options")]
        return Self.writeKeyRows(rows, at: y + 1, into: &canvas, in: area) - area.y
    }

    /// Keys and what they do from `top`, indented, each wrapped; the line after the last.
    static func writeKeyRows(_ rows: [(key: String, what: String)], at top: Int, into canvas: inout Canvas, in area: Rect) -> Int {
        let indented = Rect(x: area.x + 2, y: area.y, width: max(1, area.width - 2), height: area.height)
        return rows.reduce(top) { y, row in
            writeRow(row.key, row.what, nameRole: .helpKey, role: .normal, valueColumn: 7, at: y, into: &canvas, in: indented)
        }
    }

    private func renderContent(into canvas: inout Canvas, in area: Rect) {
        guard let tab = activeTab else {
            canvas.write("No tabs open. Press n to open one, q to quit.", x: area.x, y: area.y, role: .muted)
            return
        }
        if let pane = tab.tracePane {
            renderTracePane(pane, of: tab, into: &canvas, in: area)
            return
        }
        if let pane = tab.requestPane, requestPaneHasKeys {
            renderRequestPane(pane, of: tab, into: &canvas, in: area)
            return
        }
        tab.kind.render(tab, in: self, into: &canvas, in: area)
    }
}
