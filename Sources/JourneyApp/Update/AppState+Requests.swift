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
            return stepUpEnded(.failure(.cancelled), tab: activeIndex)
        }
        if tabs[activeIndex].requestPane == nil {
            tabs[activeIndex].requestPane = RequestPane(suggestions: requestSuggestions)
        }
        commandMode = false
        return []
    }

    /// Whether the tab is walking its pane's step-up or advice journey.
    func walksResourceJourney(_ index: Int) -> Bool {
        if case .stepUp? = tabs[index].journey?.walk { return true }
        return false
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
        return updateRequestPane(.typed(key), tab: activeIndex)
    }

    /// What a key of the request pane (`AppKeyMap.requestPane…`) does.
    mutating func perform(_ action: RequestPaneAction) -> [AppEffect] {
        updateRequestPane(.action(action), tab: activeIndex)
    }

    /// The answer to a request of the tab's pane.
    mutating func requestPaneResponded(_ result: Result<HTTPResponse, JourneyError>, tab index: Int) -> [AppEffect] {
        updateRequestPane(.responded(result), tab: index)
    }

    /// Tokens the tab's pane waits for arrived, or failed; other reports are not the pane's.
    mutating func requestPaneTokens(_ report: TokenReport, tab index: Int) -> [AppEffect] {
        switch report {
        case .fetched(let tokens, _, _): updateRequestPane(.tokensFetched(.success(tokens)), tab: index)
        case .failed(let error): updateRequestPane(.tokensFetched(.failure(error)), tab: index)
        case .revoked, .userinfo: []
        }
    }

    /// The tab's pane's step-up journey ended (or was given up). On success the tab keeps the
    /// (upgraded) session; on failure it goes back to the session it had; then the pane goes on.
    mutating func stepUpEnded(_ result: Result<LoginSuccess, JourneyError>, tab index: Int) -> [AppEffect] {
        var effects: [AppEffect] = []
        if case .stepUp(let before, _)? = tabs[index].journey?.walk {
            switch result {
            case .success(let success) where success.tokenId == nil:
                // A journey that ends without a session cannot stand in for the one the tab holds.
                tabs[index].journey?.phase = .signedIn(before)
                tabs[index].banner = ClientTab.Banner(kind: .error, text: "AM ended the journey without a session; the tab keeps the one it had.")
            case .success(let success):
                tabs[index].journey?.phase = .signedIn(success)
                effects.append(.store(tabID: tabs[index].id, .signedIn(success, userName: tabs[index].userName)))
                tabs[index].banner = nil
            case .failure(let error):
                tabs[index].journey?.phase = .signedIn(before)
                tabs[index].banner = ClientTab.Banner(kind: .error, text: "The step-up did not complete (\(error.description)); the session and tokens are as before.")
            }
            tabs[index].journey?.walk = .own
            tabs[index].journey?.form = nil
            if let server = tabs[index].profile.server {
                let machine = JourneyMachine(server: server, request: tabs[index].profile.request)
                tabs[index].journey?.machine = machine
            }
        }
        return effects + updateRequestPane(.journeyEnded(result), tab: index)
    }

    /// Hands an event to the tab's pane, then does what it asks, in order.
    private mutating func updateRequestPane(_ event: RequestPane.Event, tab index: Int) -> [AppEffect] {
        guard tabs.indices.contains(index), var pane = tabs[index].requestPane else { return [] }
        let outputs = pane.update(event, context: RequestPane.Context(tab: tabs[index]), requestIDs: &requestIDs)
        tabs[index].requestPane = pane
        var effects: [AppEffect] = []
        for output in outputs {
            switch output {
            case .effect(let effect):
                effects.append(effect)
            case .banner(let banner):
                tabs[index].banner = banner
            case .walk(let journey, let before):
                effects += walkStepUp(journey, before: before, tab: index)
            case .fetchTokens(let ssoToken, let oauth, let requirements):
                var inspector = tabs[index].tokens ?? TabTokens()
                inspector.work = .fetching
                tabs[index].tokens = inspector
                effects.append(.fetchTokens(tabID: tabs[index].id, ssoToken: ssoToken, oauth, requirements))
            case .showTrace:
                effects += openTracePane()
            case .showHelp:
                effects += openHelp()
            case .close:
                tabs[index].requestPane = nil
            }
        }
        return effects
    }

    /// The tab walks its pane's step-up journey in its form, in front.
    private mutating func walkStepUp(_ journey: JourneyRequest, before: LoginSuccess, tab index: Int) -> [AppEffect] {
        guard let server = tabs[index].journey?.machine.server else { return [] }
        tabs[index].journey?.walk = .stepUp(before: before, name: journey.summary)
        tabs[index].journey?.machine = JourneyMachine(server: server, request: journey)
        tabs[index].journey?.form = nil
        activeIndex = index
        return perform(tabs[index].journey?.machine.start() ?? [], tab: index, purpose: .start)
    }
}
