import JourneyEngine
import Orchestrate
import TerminalKit

/// The request pane (`a`) in its tab: calls a protected API with the tab's access token (or its
/// session), and follows the resource's challenge through the tab: a step-up or advice journey is
/// walked in the tab's form, new tokens come through the tab's OAuth client, and the request is
/// retried once. The pane decides (`RequestPane+Update.swift`); this routes its keys to the tab,
/// which does what the pane asks (`TabUpdate+RequestPane.swift`).
extension AppState {
    /// Whether the active tab's pane takes the keys (open, and not waiting for its journey).
    var requestPaneHasKeys: Bool {
        guard let pane = activeTab?.requestPane else { return false }
        if case .journey = pane.waiting { return false }
        return true
    }

    /// The key map of the pane with this focus, running or not.
    static func requestPaneKeys(_ keys: KeyMode.RequestPaneKeys) -> KeyMap<RequestPaneAction> {
        switch keys {
        case .running: AppKeyMap.requestPaneRunning
        case .onCalls: AppKeyMap.requestPane + AppKeyMap.requestPaneOnCalls
        case .onMethod: AppKeyMap.requestPane + AppKeyMap.requestPaneOnMethod
        case .onField: AppKeyMap.requestPane
        }
    }

    /// A key of the pane, looked up in the map of its focus; keys the map does not list are
    /// typed into the URL or the body when one of them has focus and no call runs.
    mutating func handleRequestPane(_ key: KeyEvent, _ keys: KeyMode.RequestPaneKeys) -> [AppEffect] {
        if let action = Self.requestPaneKeys(keys).action(for: key) { return perform(action) }
        guard keys == .onField else { return [] }
        return updatingActiveTab(.requestPane(.typed(key)))
    }

    /// What a key of the request pane (`AppKeyMap.requestPane…`) does.
    mutating func perform(_ action: RequestPaneAction) -> [AppEffect] {
        updatingActiveTab(.requestPane(.action(action)))
    }
}
