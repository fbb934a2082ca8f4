import Foundation
import JourneyApp
import JourneyEngine
import ScreenSnapshots
import TerminalKit
import Testing

/// Log lines in the full-screen UI: the newest on the status line above the help bar, all of
/// them in the log pane (`m`), scrolled back from the newest; Ctrl-L asks for a repaint. Pure
/// state, nothing is sent.
struct LogPaneTests {
    static let size = Size(width: 80, height: 24)

    static func lines(_ state: AppState, size: Size = size) -> [String] {
        CanvasText.text(state.render(size: size)).components(separatedBy: "\n")
    }

    static func line(_ number: Int) -> LogLine {
        LogLine(level: .info, source: "demo-am", text: "line \(number)")
    }

    static let email = LogLine(level: .info, source: "demo-am",
                               text: "email to demo@example.com: http://127.0.0.1:8180/am/XUI/?suspendedId=Abc123#/")

    @Test func aLogLineShowsOnTheStatusLineAndInThePane() {
        var state = AppState(profiles: [], openTabsFor: [])
        let before = Self.lines(state)
        #expect(!before.joined().contains("demo-am"))
        _ = state.update(.logged([Self.email]))
        let screen = Self.lines(state)
        #expect(screen[22].hasPrefix(" info demo-am: email to demo@example.com: http://127.0.0.1:8180/am/XUI/…"), "\(screen[22])")
        #expect(screen[22].hasSuffix(" · m log"), "the status line says which key shows them all: \(screen[22])")
        #expect(screen[23] == before[23], "the help bar stays where it was")

        _ = state.update(.key(.character("m")))
        let pane = Self.lines(state)
        #expect(pane[1].contains("Log · 1 line"))
        #expect(pane[20].contains("│ info demo-am: email to demo@example.com: "), "\(pane[20])")
        #expect(pane[21].contains("│ http://127.0.0.1:8180/am/XUI/?suspendedId=Abc123#/ "), "a long line wraps: \(pane[21])")
        _ = state.update(.key(.escape))
        #expect(state.overlay == nil)
    }

    @Test func thePaneShowsTheNewestLastAndScrollsBack() {
        var state = AppState(profiles: [], openTabsFor: [])
        _ = state.update(.logged((1...30).map(Self.line)))
        _ = state.update(.key(.character("m")))
        var pane = Self.lines(state)
        #expect(pane[21].contains("info demo-am: line 30"), "\(pane[21])")
        #expect(pane[2].contains("info demo-am: line 11"), "\(pane[2])")
        #expect(pane[1].contains("↑ more") && !pane[22].contains("↓ more"))

        _ = state.update(.key(.up))
        pane = Self.lines(state)
        #expect(pane[21].contains("line 29") && pane[22].contains("↓ more"), "\(pane[21])")
        _ = state.update(.key(.home))
        pane = Self.lines(state)
        #expect(pane[21].contains("line 1") && !pane[20].contains("line"), "the oldest line at the bottom: \(pane[20]) / \(pane[21])")
        _ = state.update(.key(.pageDown))
        #expect(Self.lines(state)[21].contains("line 11"))
        _ = state.update(.key(.end))
        #expect(Self.lines(state)[21].contains("line 30"))
        _ = state.update(.key(.down))
        #expect(Self.lines(state)[21].contains("line 30"), "nothing is newer than the newest")
    }

    @Test func theBookKeepsTheLastThousandLines() {
        var book = LogBook()
        book.append((1...1_200).map(Self.line))
        #expect(book.lines.count == 1_000)
        #expect(book.lines.first == Self.line(201) && book.latest == Self.line(1_200))
        #expect(book.dropped == 200)
    }

    @Test func serverTextInALogLineIsNeutralised() {
        var state = AppState(profiles: [], openTabsFor: [])
        _ = state.update(.logged([LogLine(level: .warning, source: "demo-am", text: "evil \u{1B}[2Jcleared")]))
        _ = state.update(.key(.character("m")))
        let canvas = state.render(size: Self.size)
        #expect(!canvas.cells.contains { $0.character == "\u{1B}" }, "no escape reaches the screen")
        #expect(Self.lines(state)[21].contains("warning demo-am: evil"))
    }

    @Test func controlLAsksTheTerminalToRepaint() {
        var state = AppState(profiles: [], openTabsFor: [])
        #expect(state.update(.key(.control("l"))) == [.repaint])
        _ = state.update(.key(.character("m")))
        #expect(state.update(.key(.control("l"))) == [.repaint], "over a pane or dialog too")
        guard case .logs(scroll: 0)? = state.overlay else {
            Issue.record("the log pane stays in front")
            return
        }
    }

    @Test(arguments: ScreenSizes.all)
    func logPaneAtItsSizes(size: Size) {
        var state = AppState(profiles: [], openTabsFor: [])
        _ = state.update(.logged([
            LogLine(level: .info, source: "demo-am", text: "demo AM listening on http://127.0.0.1:8180/am"),
            Self.email,
            LogLine(level: .warning, source: "stderr", text: "a library wrote this to standard error"),
        ]))
        _ = state.update(.key(.character("m")))
        let screen = state.render(size: size)
        assertScreenSnapshot(screen, named: ScreenSizes.name("app-log", size), screensFolder: true)
        #expect(WholeWords.cut(on: screen, whole: state.render(size: WholeWords.roomy)) == [])
    }
}

/// The loop takes log lines from the inbox (any thread posts them) and does the repaint the
/// state asks for.
@MainActor
struct LogLoopTests {
    final class FakeTerminal: TerminalDevice {
        var size = Size(width: 80, height: 24)
        var keys: [[KeyEvent]]
        var repaints = 0
        var frames: [Canvas] = []

        init(keys: [[KeyEvent]]) { self.keys = keys }

        func present(_ canvas: Canvas) { frames.append(canvas) }
        func readKeys(timeoutMilliseconds: Int) -> [KeyEvent] { keys.isEmpty ? [.character("q")] : keys.removeFirst() }
        func copyToClipboard(_ text: String) {}
        func repaint() { repaints += 1 }
    }

    @Test func logLinesPostedFromAnotherThreadReachTheStatusLineAndCtrlLRepaints() async {
        let inbox = LogInbox()
        await Task.detached { inbox.post(LogStatusFixture.line) }.value
        let terminal = FakeTerminal(keys: [[.control("l")]])
        var state = AppState(profiles: [], openTabsFor: [])
        runApp(&state, on: terminal, runtime: AppRuntime(), logs: inbox)
        #expect(state.logs.lines == [LogStatusFixture.line])
        #expect(terminal.repaints == 1)
        let text = CanvasText.text(terminal.frames[1]).components(separatedBy: "\n")
        #expect(text[22].contains("info demo-am: hello from the server"), "\(text[22])")
    }
}

enum LogStatusFixture {
    static let line = LogLine(level: .info, source: "demo-am", text: "hello from the server")
}
