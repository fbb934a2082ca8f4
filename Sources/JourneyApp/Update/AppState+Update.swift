import JourneyEngine
import Renderer
import TerminalKit

extension AppState {
    /// The single place the app changes: an event in, effects out for the runtime.
    public mutating func update(_ event: AppEvent) -> [AppEffect] {
        switch event {
        case .key(let key):
            return handle(key)
        case .responded(let tabID, let requestID, let result):
            return received(result, tabID: tabID, requestID: requestID)
        case .pollDue(let tabID, let authId):
            guard let index = index(ofTab: tabID), case .polling(let waiting, _) = tabs[index].phase,
                  waiting == authId else { return [] }
            return perform(tabs[index].machine.pollTimerFired(), tab: index, purpose: .poll)
        case .loggedOut(let tabID, let result):
            guard let index = index(ofTab: tabID) else { return [] }
            let text = switch result {
            case .success(.loggedOut): "Logged out: AM ended the session, and this tab's cookies are cleared."
            case .success(.alreadyEnded): "The session had already ended at AM; this tab's cookies are cleared."
            case .failure(let error):
                "Logged out here (cookies cleared), but AM was not told: \(error.description) The session stays valid at AM until it expires."
            }
            let failed = if case .failure = result { true } else { false }
            tabs[index].banner = ClientTab.Banner(kind: failed ? .error : .information, text: text)
            return []
        case .sessionInfo(let tabID, let result):
            if let index = index(ofTab: tabID) { tabs[index].sessionInfo = result }
            return []
        case .tokens(let tabID, let report):
            guard let index = index(ofTab: tabID) else { return [] }
            received(report, tab: index)
            return resourceTokens(report, tab: index) ?? []
        case .signedOut(let tabID, let actions):
            if let index = index(ofTab: tabID) { signedOut(actions, tab: index) }
            return []
        case .instanceOpened(let tabID, let requestID, let result):
            return instanceOpened(result, tabID: tabID, requestID: requestID)
        case .storesRead(let snapshots):
            return storesRead(snapshots)
        case .profilesChanged(let reload):
            return profilesChanged(reload)
        case .traced(let tabID, let exchange):
            if let index = index(ofTab: tabID) { traced(exchange, tab: index) }
            return []
        case .exported(let tabID, let result):
            if let index = index(ofTab: tabID) { exported(result, tab: index) }
            return []
        case .flowOpened(let tabID, let requestID, let result):
            return flowOpened(result, tabID: tabID, requestID: requestID)
        case .flowResponded(let tabID, let requestID, let result):
            return flowResponded(result, tabID: tabID, requestID: requestID)
        case .flowSignedOn(let tabID, let requestID, let result):
            return flowSignedOn(result, tabID: tabID, requestID: requestID)
        case .flowSignedOff(let tabID, let problems):
            guard let index = index(ofTab: tabID) else { return [] }
            return flowSignedOff(problems, tab: index)
        case .tick(let instant, let date):
            setNow(instant, date: date)
            for index in tabs.indices {
                switch tabs[index].phase {
                case .busy(let id, let purpose, let frame):
                    tabs[index].phase = .busy(requestID: id, purpose: purpose, spinnerFrame: frame + 1)
                case .polling(_, let due):
                    tabs[index].form?.tick(remaining: max(.zero, due - instant))
                default:
                    break
                }
            }
            return []
        }
    }

    /// Whether anything animates or counts down (the runtime ticks only then).
    public var needsTicks: Bool {
        tabs.contains { tab in
            if case .polling = tab.phase { return true }
            // A page with a countdown (its authId's exp) counts down while it is answered.
            if case .answering = tab.phase, tab.form?.expiresAt != nil { return true }
            return tab.isBusy || tab.tokens?.tokens != nil
        }
    }

    // MARK: Keys

    /// A key, looked up in the key maps of the mode the app is in (`keyMode`); the overlay in
    /// front, if any, has its own.
    mutating func handle(_ key: KeyEvent) -> [AppEffect] {
        if key == .resize { return [] }
        if overlay != nil { return handleOverlay(key) }
        if let action = AppKeyMap.global.action(for: key) { return perform(action) }
        switch keyMode {
        case .tracePane:
            return AppKeyMap.trace.action(for: key).map { perform($0) } ?? []
        case .requestPane(_, tabBusy: true) where key == .escape:
            return AppKeyMap.busy.action(for: key).map { perform($0) } ?? []
        case .requestPane(let keys, _):
            return handleRequestPane(key, keys)
        case .busy:
            return AppKeyMap.busy.action(for: key).map { perform($0) } ?? []
        case .form(let focused):
            if AppKeyMap.form.action(for: key) == .commands {
                commandMode = true
                return []
            }
            // Every other key is the form's: its widgets submit, move, pick or take the typing.
            if let effects = answer(key) { return effects }
            return focused ? [] : AppKeyMap.commands.action(for: key).map { perform($0) } ?? []
        case .commands(let overForm):
            let first = overForm ? AppKeyMap.commandsOverForm : AppKeyMap.commandsWithoutForm
            return (first + AppKeyMap.commands).action(for: key).map { perform($0) } ?? []
        case .noTab:
            return AppKeyMap.commands.action(for: key).map { perform($0) } ?? []
        }
    }

    /// A key for the form on screen; nil when the form does not take it.
    private mutating func answer(_ key: KeyEvent) -> [AppEffect]? {
        if tabs[activeIndex].profile.isFlow { return flowKey(key, tab: activeIndex) }
        guard let event = tabs[activeIndex].form?.update(key) else { return nil }
        switch event {
        case .handled:
            tabs[activeIndex].banner = nil
            return []
        case .submit(let step):
            if isValidating(activeIndex) {
                tabs[activeIndex].submitsAfterValidation = true
                return []
            }
            return submit(step, tab: activeIndex, purpose: .submit)
        case .validate(let step):
            // One check at a time: AM answers each on a new authId.
            if isValidating(activeIndex) { return [] }
            return submit(step, tab: activeIndex, purpose: .validate)
        case .resume(let link):
            tabs[activeIndex].profile.request = JourneyRequest(.resume(link))
            return start(tab: activeIndex)
        case .browserReturn(let address):
            return goOn(fromBrowser: address, tab: activeIndex)
        case .problem(let message):
            tabs[activeIndex].banner = ClientTab.Banner(kind: .error, text: message)
            return []
        case .ignored:
            return nil
        }
    }

    /// A `validateOnly` check is in flight: the form stays editable meanwhile.
    func isValidating(_ index: Int) -> Bool {
        if case .busy(_, .validate, _) = tabs[index].phase { return true }
        return false
    }

    /// The tab shows a form that takes answers (not a finished or failed journey's last page).
    func formIsLive(_ index: Int) -> Bool {
        switch tabs[index].phase {
        case .answering, .polling: tabs[index].form != nil || tabs[index].flow?.form != nil
        default: false
        }
    }

    mutating func perform(_ action: AppAction) -> [AppEffect] {
        if tabs.indices.contains(activeIndex), tabs[activeIndex].profile.isFlow, let effects = performInFlowTab(action) { return effects }
        switch action {
        case .quit:
            if tabs.contains(where: \.isMidJourney) {
                overlay = .confirmQuit
            } else {
                quit()
            }
            return []
        case .help:
            return openHelp()
        case .selectTab(let index):
            if tabs.indices.contains(index) { activeIndex = index }
            return []
        case .nextTab, .previousTab:
            guard !tabs.isEmpty else { return [] }
            activeIndex = (activeIndex + (action == .nextTab ? 1 : -1) + tabs.count) % tabs.count
            return []
        case .newTab:
            overlay = .newTab(NewTabDialog(profiles: profiles))
            return []
        case .closeTab:
            return closeActiveTab()
        case .renameTab:
            guard let tab = activeTab else { return [] }
            overlay = .rename(TextField(label: "Tab name", text: tab.name))
            return []
        case .switchJourney:
            guard let tab = activeTab else { return [] }
            overlay = .switchJourney(JourneyDialog(current: tab.profile, profiles: profiles))
            return []
        case .startJourney:
            guard tabs.indices.contains(activeIndex) else { return [] }
            return start(tab: activeIndex)
        case .signIn, .register:
            guard tabs.indices.contains(activeIndex) else { return [] }
            let profile = tabs[activeIndex].profile
            let request = action == .signIn ? profile.signIn : profile.registration
            if request.journeyName != profile.request.journeyName {
                tabs[activeIndex].profile.request = request
                tabs[activeIndex].form = nil
            }
            return cancelRequest(tab: activeIndex) + start(tab: activeIndex)
        case .configure:
            return openConfiguration()
        case .callAPI:
            return openRequestPane()
        case .showTrace:
            return openTracePane()
        case .showStores:
            overlay = .stores(scroll: 0)
            return []
        case .refreshTokens, .revokeTokens, .showUserinfo, .copyAccessToken, .revealTokens:
            return tokenAction(action)
        case .copyBrowserAddress:
            return copyBrowserAddress()
        case .showSessionInfo:
            guard tabs.indices.contains(activeIndex), case .signedIn(let success) = tabs[activeIndex].phase,
                  let tokenId = success.tokenId else { return [] }
            return [.fetchSessionInfo(tabID: tabs[activeIndex].id, tokenId: tokenId)]
        case .logOut:
            guard tabs.indices.contains(activeIndex), case .signedIn(let success) = tabs[activeIndex].phase else { return [] }
            // The SDKs' user logout: the session ends and the tokens are revoked.
            let revoke = tokenAction(.revokeTokens)
            tabs[activeIndex].tokens = nil
            tabs[activeIndex].phase = .idle
            let tabID = tabs[activeIndex].id
            guard let tokenId = success.tokenId else {
                tabs[activeIndex].banner = ClientTab.Banner(kind: .information, text: "There was no session to end; this tab's cookies are cleared.")
                return [.clearCookies(tabID: tabID), .store(tabID: tabID, .signedOut)]
            }
            tabs[activeIndex].banner = ClientTab.Banner(kind: .information, text: "Logging out…")
            return revoke + [.logout(tabID: tabID, tokenId: tokenId), .store(tabID: tabID, .signedOut)]
        case .commandMode:
            commandMode = true
            return []
        case .backToForm:
            commandMode = false
            return []
        case .cancel:
            return cancelRequest(tab: activeIndex)
        }
    }

    /// The actions a DaVinci tab does its own way; nil for those it shares with journey tabs.
    private mutating func performInFlowTab(_ action: AppAction) -> [AppEffect]? {
        switch action {
        case .signIn:
            // The tokens of a run being exchanged are a moment away: that run ends first.
            if case .busy(_, .exchange, _) = tabs[activeIndex].phase { return [] }
            return cancelFlowRequest(tab: activeIndex) + startFlow(tab: activeIndex)
        case .logOut:
            return signOffFlow(tab: activeIndex)
        case .cancel:
            return cancelFlowRequest(tab: activeIndex)
        case _ where AppKeyMap.journeyOnly.contains(action):
            tabs[activeIndex].banner = ClientTab.Banner(
                kind: .information, text: "A DaVinci tab walks its profile's flow: s or Enter runs it, o changes its options. Journeys, the API pane and AM's session info are in journey tabs.")
            return []
        default:
            return nil
        }
    }

    mutating func closeActiveTab() -> [AppEffect] {
        guard tabs.indices.contains(activeIndex) else { return [] }
        let tab = tabs.remove(at: activeIndex)
        activeIndex = max(0, min(activeIndex, tabs.count - 1))
        var effects: [AppEffect] = [.closeClient(tabID: tab.id)]
        if case .busy(let requestID, _, _) = tab.phase {
            effects.insert(.cancel(tabID: tab.id, requestID: requestID), at: 0)
        }
        return effects
    }
}
