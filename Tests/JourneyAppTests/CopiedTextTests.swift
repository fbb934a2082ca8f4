import Foundation
@testable import JourneyApp
import Orchestrate
import ScreenSnapshots
import TerminalKit
import Testing

/// Where OSC 52 cannot be confirmed (tmux, screen), a copy is also shown to select with the
/// mouse and can be saved to a file: pure updates, the screen, and the file written.
@MainActor
struct CopiedTextTests {
    /// The first tab's trace pane on the first exchange of a sign-in.
    static func tracing(unconfirmed: Bool) throws -> AppState {
        var state = try KeyMapTests.idle()
        state.clipboardUnconfirmed = unconfirmed
        for exchange in TracePaneUpdateTests.trace { _ = state.update(.tab(id: state.tabs[0].id, .traced(exchange))) }
        _ = state.update(.key(.character("e")))
        _ = state.update(.key(.home))
        return state
    }

    @Test func aCopyIsShownToSelectAndSaveWhenOSC52CannotBeConfirmed() throws {
        var state = try Self.tracing(unconfirmed: true)
        let first = TracePaneUpdateTests.trace[0]
        let curl = CurlCommand.make(first.request, rules: first.rules, revealing: false)
        #expect(state.update(.key(.character("y"))) == [.copyToClipboard(curl)], "the OSC 52 write still goes out")
        guard case .copied(let copied)? = state.overlay else {
            Issue.record("the copy is not shown: \(String(describing: state.overlay))")
            return
        }
        #expect(copied.text == curl, "what is shown is exactly what was copied (redacted as the copy is)")
        #expect(!curl.contains("Demo-pass1"))
        let screen = state.render(size: Size(width: 80, height: 24))
        let text = CanvasText.text(screen)
        #expect(text.contains("select the text below with the mouse"))
        #expect(text.contains("curl -X POST"))

        #expect(state.update(.key(.character("s"))) == [.saveCopiedText(curl)])
        #expect(CanvasText.text(state.render(size: Size(width: 80, height: 24))).contains("Saving…"))
        let file = URL(filePath: "/tmp/exports/copied-20261126T035000Z.txt")
        #expect(state.update(.copiedTextSaved(.success(file))) == [])
        #expect(CanvasText.text(state.render(size: Size(width: 80, height: 24))).contains("Saved in \(file.path) (0600)."))
        #expect(state.update(.key(.escape)) == [] && state.overlay == nil)
        #expect(state.tabs[0].tracePane != nil, "closing it goes back to where the copy was made")
    }

    @Test(arguments: ScreenSizes.all)
    func theCopyAtItsSizes(size: Size) throws {
        var state = try Self.tracing(unconfirmed: true)
        _ = state.update(.key(.character("y")))
        let screen = state.render(size: size)
        assertScreenSnapshot(screen, named: ScreenSizes.name("app-copied", size), screensFolder: true)
        #expect(WholeWords.cut(on: screen, whole: state.render(size: WholeWords.roomy)) == [])
    }

    /// A long value stays on one line, to select whole: ← → scroll it sideways; a copy taller
    /// than the screen says "↓ more".
    @Test func longValuesStayOnOneLineAndScrollSideways() throws {
        var state = try KeyMapTests.idle()
        state.clipboardUnconfirmed = true
        let jwt = "eyJhbGciOiJSUzI1NiJ9." + String(repeating: "A", count: 120) + ".signature-end"
        state.overlay = .copied(CopiedText(jwt + "\n" + (1...30).map { "line \($0)" }.joined(separator: "\n")))
        let size = Size(width: 60, height: 16)
        var lines = CanvasText.text(state.render(size: size)).components(separatedBy: "\n")
        #expect(lines.contains { $0.hasPrefix("eyJhbGciOiJSUzI1NiJ9.AAAA") && $0.hasSuffix("…") }, "one line, cut with …: \(lines)")
        #expect(!lines.contains { $0.hasPrefix("AAAA") }, "never wrapped onto the next line")
        #expect(lines.contains { $0.hasPrefix("↓ more") }, "\(lines)")
        for _ in 0..<6 { _ = state.update(.key(.right)) }
        lines = CanvasText.text(state.render(size: size)).components(separatedBy: "\n")
        #expect(lines.contains { $0.contains("signature-end") }, "→ brings the end of the line in: \(lines)")
        for _ in 0..<6 { _ = state.update(.key(.left)) }
        for _ in 0..<5 { _ = state.update(.key(.pageDown)) }
        lines = CanvasText.text(state.render(size: size)).components(separatedBy: "\n")
        #expect(lines.contains { $0.hasPrefix("↑ more") } && lines.contains { $0.contains("line 30") }, "\(lines)")
    }

    @Test func whereOSC52IsTrustedACopyShowsNothingMore() throws {
        var state = try Self.tracing(unconfirmed: false)
        #expect(state.update(.key(.character("y"))).count == 1)
        #expect(state.overlay == nil)
    }

    @Test func tmuxAndScreenCannotBeConfirmedAndTheVariableDecides() {
        #expect(CopiedText.clipboardUnconfirmed(in: ["TMUX": "/tmp/tmux-1000/default,1,0"]))
        #expect(CopiedText.clipboardUnconfirmed(in: ["STY": "1234.pts-0.host"]))
        #expect(!CopiedText.clipboardUnconfirmed(in: ["TERM": "xterm-256color"]))
        #expect(!CopiedText.clipboardUnconfirmed(in: ["TMUX": "x", "JOURNEYTERM_SHOW_COPIES": "0"]))
        #expect(CopiedText.clipboardUnconfirmed(in: ["JOURNEYTERM_SHOW_COPIES": "1"]))
    }

    @Test func theSavedFileIsPrivateAndHoldsTheText() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "journeyterm-copied-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try ExportFile.writeCopied("curl -X POST 'http://127.0.0.1/am'\n", in: folder,
                                              at: Date(timeIntervalSince1970: 1_700_000_000))
        #expect(file.lastPathComponent == "copied-20231114T221320Z.txt")
        #expect(try String(contentsOf: file, encoding: .utf8) == "curl -X POST 'http://127.0.0.1/am'\n")
        let permissions = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
    }
}
