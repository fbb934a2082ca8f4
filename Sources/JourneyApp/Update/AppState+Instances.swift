import DaVinci
import JourneyEngine
import Orchestrate
import Renderer

/// Tabs as stored instances: opening one signed in when its stored session is still valid,
/// recording what a tab obtains, and following the stores other tabs share (a sign-in or a
/// sign-out in one tab reaches every tab that shares its session store).
extension AppState {
    /// Opens the tab's stored instance; the journey starts only when it holds no usable session.
    /// A DaVinci tab discovers its environment's endpoints too, and its flow starts unless the
    /// instance keeps tokens from an earlier sign-on.
    public mutating func open(tab index: Int) -> [AppEffect] {
        updating(tab: index) { $0.open() }
    }

    /// The tab's instance was read (or could not be): each kind goes on its own way.
    mutating func instanceOpened(_ result: Result<InstanceSnapshot, InstanceProblem>, tabID: Int, requestID: Int) -> [AppEffect] {
        guard let index = index(ofTab: tabID), let opening = tabs[index].inFlight,
              opening.requestID == requestID, opening.purpose == .open else { return [] }
        return updating(tab: index) { $0.opened(result) }
    }

    /// What every tab's stores hold now: tabs follow a session their store gained or lost.
    mutating func storesRead(_ snapshots: [Int: InstanceSnapshot]) -> [AppEffect] {
        var effects: [AppEffect] = []
        // A tab walking its request pane's step-up keeps its journey; it hears the outcome there.
        for index in tabs.indices where !tabs[index].walksStepUp {
            guard let snapshot = snapshots[tabs[index].id] else { continue }
            effects += updating(tab: index) { $0.follow(snapshot) }
        }
        return effects
    }
}
