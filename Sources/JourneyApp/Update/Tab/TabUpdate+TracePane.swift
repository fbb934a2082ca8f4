import Foundation
import JourneyEngine
import JourneyTesting

/// What the trace pane asks of its tab: effects, a banner, the trace saved, the key help,
/// closing. The pane decides (`Update/Panes/TracePane+Update.swift`).
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
                effects.append(.exportTrace(tabID: tab.id, name: tab.instanceName, tab.trace, revealing: revealing, answers: tab.journey != nil))
            case .saveTest:
                guard tab.journey != nil else {
                    tab.banner = ClientTab.Banner(kind: .error, text: "A DaVinci flow's run is not saved as a test yet: save its HAR (h).")
                    continue
                }
                effects.append(.exportTest(tabID: tab.id, name: tab.instanceName, tab.trace,
                                           RecordedTest.Target(profileName: tab.profile.profileName, options: tab.profile.options)))
            case .showHelp:
                context.showsHelp = true
            case .close:
                tab.tracePane = nil
            }
        }
        return effects
    }
}
