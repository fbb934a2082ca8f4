import Foundation
import JourneyEngine
import Orchestrate
import TerminalKit

/// The trace pane (`e`) in its tab: every exchange of the tab's client, one at a time,
/// credentials hidden until `x`; `y` copies the exchange as a curl command, `h` saves the trace
/// as a HAR file with the journey's answers beside it. The pane decides
/// (`TracePane+Update.swift`); this keeps the trace and does what the pane asks of the tab.
extension AppState {
    /// An exchange of a tab's client: kept in the tab's trace, the oldest dropped past capacity.
    mutating func traced(_ exchange: WireExchange, tab index: Int) {
        tabs[index].trace.append(exchange)
        let excess = tabs[index].trace.count - TracePane.capacity
        guard excess > 0 else { return }
        tabs[index].trace.removeFirst(excess)
        tabs[index].tracePane?.dropped(excess)
    }

    /// Opens the active tab's trace pane on its newest exchange.
    mutating func openTracePane() -> [AppEffect] {
        guard tabs.indices.contains(activeIndex) else { return [] }
        tabs[activeIndex].tracePane = TracePane()
        return []
    }

    /// What a key of the trace pane (`AppKeyMap.trace`) does: the pane decides, its tab does
    /// what it asks (`TabUpdate+TracePane.swift`).
    mutating func perform(_ action: TracePaneAction) -> [AppEffect] {
        updatingActiveTab(otherwise: []) { $0.updateTracePane(action) }
    }

    /// Where the trace was saved, or why it was not.
    mutating func exported(_ result: Result<[URL], InstanceProblem>, tab index: Int) {
        switch result {
        case .success(let files):
            let secrets = tabs[index].tracePane?.revealing == true ? "with its credentials as they went" : "credentials redacted"
            let answers = files.dropFirst().first.map { "; the journey's non-secret answers in \($0.path) (journey login --answers)" } ?? ""
            tabs[index].banner = ClientTab.Banner(kind: .information,
                text: "Saved \(tabs[index].trace.count) exchanges as HAR 1.2 in \(files.first?.path ?? "?") (\(secrets))\(answers).")
        case .failure(let problem):
            tabs[index].banner = ClientTab.Banner(kind: .error, text: problem.message)
        }
    }

    mutating func testSaved(_ result: Result<SavedTestFile, InstanceProblem>, tab index: Int) {
        switch result {
        case .success(let saved):
            let notice = saved.variablesNotice.map { "; \($0)" } ?? ""
            tabs[index].banner = ClientTab.Banner(kind: .information,
                text: "Saved the journey as a test in \(saved.file.path) (journey test \(saved.file.path)\(notice)).")
        case .failure(let problem):
            tabs[index].banner = ClientTab.Banner(kind: .error, text: problem.message)
        }
    }
}
