import Orchestrate
import Foundation
import JourneyEngine
import JourneyTesting

/// The tab's trace (every exchange of its client) and what the trace pane asks of its tab:
/// effects, a banner, the trace saved, the key help, closing. The pane decides (`Update/Panes/TracePane+Update.swift`).
extension TabUpdate {
    /// Hands a key action to the tab's trace pane, then does what it asks, in order.
    mutating func updateTracePane(_ action: TracePaneAction) -> [AppEffect] {
        guard var pane = tab.tracePane else { return [] }
        let outputs = pane.update(action, trace: tab.trace)
        tab.tracePane = pane
        var effects: [AppEffect] = []
        for output in outputs {
            switch output {
            case .effect(let effect):
                effects.append(effect)
            case .banner(let banner):
                tab.banner = banner
            case .saveTrace(let revealing):
                // A DaVinci flow has no answers file to replay: its trace is saved as HAR only.
                effects.append(.tab(id: tab.id, .exportTrace(name: tab.instanceName, tab.trace, revealing: revealing, answers: Kind.savesTraceAsTest)))
            case .saveTest:
                guard Kind.savesTraceAsTest else {
                    tab.banner = ClientTab.Banner(kind: .error, text: "A DaVinci flow's run is not saved as a test yet: save its HAR (h).")
                    continue
                }
                effects.append(.tab(id: tab.id, .exportTest(name: tab.instanceName, tab.trace,
                                           RecordedTest.Target(profileName: tab.profile.profileName, options: tab.profile.options))))
            case .showHelp:
                context.showsHelp = true
            case .close:
                tab.tracePane = nil
            }
        }
        return effects
    }

    /// An exchange of the tab's client: kept in its trace, the oldest dropped past capacity.
    mutating func traced(_ exchange: WireExchange) {
        tab.trace.append(exchange)
        let excess = tab.trace.count - TracePane.capacity
        guard excess > 0 else { return }
        tab.trace.removeFirst(excess)
        tab.tracePane?.dropped(excess)
    }

    /// Where the trace was saved, or why it was not.
    mutating func exported(_ result: Result<[URL], InstanceProblem>) {
        switch result {
        case .success(let files):
            let secrets = tab.tracePane?.revealing == true ? "with its credentials as they went" : "credentials redacted"
            let answers = files.dropFirst().first.map { "; the journey's non-secret answers in \($0.path) (journey login --answers)" } ?? ""
            tab.banner = ClientTab.Banner(kind: .information,
                text: "Saved \(tab.trace.count) exchanges as HAR 1.2 in \(files.first?.path ?? "?") (\(secrets))\(answers).")
        case .failure(let problem):
            tab.banner = ClientTab.Banner(kind: .error, text: problem.message)
        }
    }

    /// Where the journey was saved as a test, or why it was not.
    mutating func testSaved(_ result: Result<SavedTestFile, InstanceProblem>) {
        switch result {
        case .success(let saved):
            let notice = saved.notice.map { "; \($0)" } ?? ""
            tab.banner = ClientTab.Banner(kind: .information,
                text: "Saved the journey as a test in \(saved.file.path) (journey test \(saved.file.path)\(notice)).")
        case .failure(let problem):
            tab.banner = ClientTab.Banner(kind: .error, text: problem.message)
        }
    }
}
