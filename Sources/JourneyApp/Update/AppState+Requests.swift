import JourneyEngine
import Orchestrate
import TerminalKit

/// The request pane (`a`) in its tab: calls a protected API with the tab's access token (or its
/// session), and follows the resource's challenge through the tab: a step-up or advice journey is
/// walked in the tab's form, new tokens come through the tab's OAuth client, and the request is
/// retried once. The pane decides (`RequestPane+Update.swift`); this routes its events to it and
/// does what it asks of the tab.
extension AppState {
    /// Opens the active tab's request pane (or shows it again with its last call). While the
    /// pane waits for its step-up journey, `a` gives the step-up up instead.
    mutating func openRequestPane() -> [AppEffect] {
        guard tabs.indices.contains(activeIndex) else { return [] }
        if case .journey? = tabs[activeIndex].requestPane?.waiting {
            return updating(tab: activeIndex) { $0.stepUpEnded(.failure(.cancelled)) }
        }
        if tabs[activeIndex].requestPane == nil {
            tabs[activeIndex].requestPane = RequestPane(suggestions: requestSuggestions)
        }
        commandMode = false
        return []
    }

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
        return updatingActiveTab(otherwise: []) { $0.updateRequestPane(.typed(key)) }
    }

    /// What a key of the request pane (`AppKeyMap.requestPane…`) does.
    mutating func perform(_ action: RequestPaneAction) -> [AppEffect] {
        updatingActiveTab(otherwise: []) { $0.updateRequestPane(.action(action)) }
    }

    /// The answer to a request of the tab's pane.
    mutating func requestPaneResponded(_ result: Result<HTTPResponse, JourneyError>, tab index: Int) -> [AppEffect] {
        updating(tab: index) { $0.updateRequestPane(.responded(result)) }
    }

    /// Tokens the tab's pane waits for arrived, or failed; other reports are not the pane's.
    mutating func requestPaneTokens(_ report: TokenReport, tab index: Int) -> [AppEffect] {
        switch report {
        case .fetched(let tokens, _, _): updating(tab: index) { $0.updateRequestPane(.tokensFetched(.success(tokens))) }
        case .failed(let error): updating(tab: index) { $0.updateRequestPane(.tokensFetched(.failure(error))) }
        case .revoked, .userinfo: []
        }
    }
}
