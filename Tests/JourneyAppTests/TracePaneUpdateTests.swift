import Foundation
@testable import JourneyApp
import Orchestrate
import TerminalKit
import Testing

/// The trace pane as scripts of pure updates: its own `update` (actions in, whole output lists
/// out), and the app routing its keys and doing what it asks (whole effect lists).
@MainActor
struct TracePaneUpdateTests {
    static let trace = TracePaneTests.signIn

    @Test func thePaneMovesAndAsksForCopiesAndSaves() {
        var pane = TracePane()
        #expect(pane.update(.previous, trace: []).isEmpty && pane.update(.copyCurl, trace: []).isEmpty && pane.update(.saveHAR, trace: []).isEmpty,
                "an empty trace has nothing to show, copy or save")

        #expect(pane.update(.previous, trace: Self.trace).isEmpty && pane.selected == 0)
        #expect(pane.update(.next, trace: Self.trace).isEmpty && pane.selected == 1)
        #expect(pane.update(.next, trace: Self.trace).isEmpty && pane.selected == nil, "past the newest: followed again")
        #expect(pane.update(.first, trace: Self.trace).isEmpty && pane.selected == 0)
        #expect(pane.update(.scrollDown, trace: Self.trace).isEmpty && pane.scroll == 10)
        #expect(pane.update(.last, trace: Self.trace).isEmpty && pane.selected == nil && pane.scroll == 0)

        let first = Self.trace[0]
        _ = pane.update(.first, trace: Self.trace)
        #expect(pane.update(.copyCurl, trace: Self.trace) == [
            .banner(ClientTab.Banner(kind: .information, text: "Exchange 1 is on the clipboard as a curl command (OSC 52), its credentials redacted (x reveals them).")),
            .effect(.copyToClipboard(CurlCommand.make(first.request, rules: first.rules, revealing: false))),
        ])
        #expect(pane.update(.saveHAR, trace: Self.trace) == [.banner(ClientTab.Banner(kind: .information, text: "Saving the trace…")), .saveTrace(revealing: false)])
        #expect(pane.update(.toggleSecrets, trace: Self.trace).isEmpty && pane.revealing)
        #expect(pane.update(.saveHAR, trace: Self.trace).last == .saveTrace(revealing: true))
        #expect(pane.update(.saveTest, trace: []).isEmpty, "an empty trace has no journey to save as a test")
        #expect(pane.update(.saveTest, trace: Self.trace) == [.banner(ClientTab.Banner(kind: .information, text: "Saving the journey as a test…")), .saveTest])
        #expect(pane.update(.help, trace: Self.trace) == [.showHelp])
        #expect(pane.update(.close, trace: Self.trace) == [.close])

        // The oldest exchanges dropped: the one shown stays selected.
        var later = TracePane(selected: 5)
        later.dropped(3)
        #expect(later.selected == 2)
    }

    @Test func theAppCopiesAndSavesTheTabsTrace() throws {
        var state = try KeyMapTests.idle()
        let tab = state.tabs[0]
        for exchange in Self.trace { #expect(state.update(.tab(id: tab.id, .traced(exchange))) == []) }
        #expect(state.update(.key(.character("e"))) == [] && state.tabs[0].tracePane == TracePane())
        #expect(state.update(.key(.up)) == [])
        let first = Self.trace[0]
        #expect(state.update(.key(.character("y"))) == [.copyToClipboard(CurlCommand.make(first.request, rules: first.rules, revealing: false))])
        #expect(state.tabs[0].banner?.text.hasPrefix("Exchange 1 is on the clipboard") == true)
        #expect(state.update(.key(.character("x"))) == [])
        #expect(state.update(.key(.character("h"))) == [.tab(id: tab.id, .exportTrace(name: tab.instanceName, Self.trace, revealing: true, answers: true))])
        #expect(state.update(.key(.escape)) == [] && state.tabs[0].tracePane == nil)
    }
}
