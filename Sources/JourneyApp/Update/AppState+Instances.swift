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
        updating(tab: index, .open)
    }

    /// What every tab's stores hold now: tabs follow a session their store gained or lost.
    mutating func storesRead(_ snapshots: [Int: InstanceSnapshot]) -> [AppEffect] {
        tabs.indices.flatMap { index in snapshots[tabs[index].id].map { updating(tab: index, .storesRead($0)) } ?? [] }
    }
}
