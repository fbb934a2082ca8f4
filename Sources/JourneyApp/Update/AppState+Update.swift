import DaVinci
import JourneyEngine
import Orchestrate
import Renderer
import TerminalKit

extension AppState {
    /// The single place the app changes: an event in, effects out for the runtime. Events for a
    /// tab go to its kind's update (`AppState+Journey`, `AppState+DaVinci`) or to what every tab
    /// shares (instances, tokens, trace, options).
    public mutating func update(_ event: AppEvent) -> [AppEffect] {
        switch event {
        case .key(let key):
            return showingCopies(handle(key))
        case .responded(let tabID, let requestID, let result):
            let effects = responded(result, tabID: tabID, requestID: requestID)
            return effects + replayTypedAhead(tabID: tabID)
        case .cookiesRead(let tabID, let requestID, let jar):
            guard let index = index(ofTab: tabID), case .cookies(requestID, _)? = tabs[index].requestPane?.waiting else { return [] }
            return updating(tab: index) { $0.updateRequestPane(.cookiesRead(jar)) }
        case .pollDue(let tabID, let authId):
            guard let index = index(ofTab: tabID) else { return [] }
            return updating(tab: index) { $0.pollDue(authId: authId) }
        case .loggedOut(let tabID, let result):
            if let index = index(ofTab: tabID) { updating(tab: index) { $0.loggedOut(result) } }
            return []
        case .sessionInfo(let tabID, let result):
            if let index = index(ofTab: tabID) { updating(tab: index) { $0.sessionInfo(result) } }
            return []
        case .tokens(let tabID, let report):
            guard let index = index(ofTab: tabID) else { return [] }
            updating(tab: index) { $0.received(report) }
            guard case .tokens? = tabs[index].requestPane?.waiting else { return [] }
            return requestPaneTokens(report, tab: index)
        case .signedOut(let tabID, let report):
            guard let index = index(ofTab: tabID) else { return [] }
            return updating(tab: index) { $0.signedOut(report) }
        case .instanceOpened(let tabID, let requestID, let result):
            return instanceOpened(result, tabID: tabID, requestID: requestID)
        case .storesRead(let snapshots):
            return storesRead(snapshots)
        case .storeFailed(let tabID, let problem):
            if let index = index(ofTab: tabID) { tabs[index].banner = ClientTab.Banner(kind: .error, text: problem.message) }
            return []
        case .profilesChanged(let reload):
            return profilesChanged(reload)
        case .traced(let tabID, let exchange):
            if let index = index(ofTab: tabID) { traced(exchange, tab: index) }
            return []
        case .exported(let tabID, let result):
            if let index = index(ofTab: tabID) { exported(result, tab: index) }
            return []
        case .testSaved(let tabID, let result):
            if let index = index(ofTab: tabID) { testSaved(result, tab: index) }
            return []
        case .copiedTextSaved(let result):
            copiedTextSaved(result)
            return []
        case .flowSignedOn(let tabID, let requestID, let result):
            guard let index = index(ofTab: tabID) else {
                // Tokens for a tab that was closed are nobody's: they are signed off.
                guard case .success(let obtained) = result else { return [] }
                return [.signOut(tabID: tabID, .davinci(obtained.held))]
            }
            return updating(tab: index) { $0.flowSignedOn(result, requestID: requestID) }
        case .tick(let instant, let date):
            setNow(instant, date: date)
            for index in tabs.indices { tabs[index].tick(at: instant) }
            return []
        case .logged(let lines):
            logs.append(lines)
            return []
        case .outboxRead(let mails):
            outboxRead(mails)
            return []
        }
    }

    /// Hands the tab at `index` to its own update, then applies what the update asked of the
    /// app (the hint done, keys back to the form, the tab to the front, the key help).
    mutating func updating<Result>(tab index: Int, _ update: (inout TabUpdate) -> Result) -> Result {
        let tab = tabs[index]
        var work = TabUpdate(tab: tab, context: TabContext(
            requestIDs: requestIDs, now: now, date: date, isActive: index == activeIndex,
            sessionSharers: self.tabs(sharing: tab.stores.session, with: tab).map(\.name),
            tokenSharers: self.tabs(sharing: tab.stores.tokens, with: tab).map(\.name)))
        let result = update(&work)
        tabs[index] = work.tab
        forgetPageScroll(ifMoved: work.tab)
        requestIDs = work.context.requestIDs
        if work.context.signedIn { hint = nil }
        if work.context.backToForm { commandMode = false }
        if work.context.toFront { activeIndex = index }
        if work.context.showsHelp { overlay = .help(scroll: 0) }
        return result
    }

    /// The same for the active tab; nothing (and `otherwise`) without one.
    mutating func updatingActiveTab<Result>(otherwise: Result, _ update: (inout TabUpdate) -> Result) -> Result {
        tabs.indices.contains(activeIndex) ? updating(tab: activeIndex, update) : otherwise
    }

    /// Starts the tab's journey, or runs its flow, from the first page.
    public mutating func start(tab index: Int) -> [AppEffect] {
        updating(tab: index) { $0.start() }
    }

    /// The answer to a request of a tab's client: the request pane's when it waits for it, else
    /// the journey's or flow's, each reading a failure as its own error.
    private mutating func responded(_ result: Result<HTTPResponse, TransportError>, tabID: Int, requestID: Int) -> [AppEffect] {
        guard let index = index(ofTab: tabID) else { return [] }
        if tabs[index].requestPane?.waiting == .response(requestID: requestID) {
            return requestPaneResponded(result.mapError(JourneyError.init), tab: index)
        }
        return updating(tab: index) { $0.responded(result, requestID: requestID) }
    }

    /// Whether anything animates or counts down (the runtime ticks only then).
    public var needsTicks: Bool {
        // The demo panel's TOTP codes count down.
        if case .demo? = overlay { return true }
        return tabs.contains { tab in
            switch tab.phase {
            case .polling, .busy: return true
            // A page with a countdown (its authId's exp) counts down while it is answered.
            case .answering where tab.journey?.form?.expiresAt != nil: return true
            default: return tab.tokens?.tokens != nil
            }
        }
    }

    // MARK: Keys

    /// A key, looked up in the key maps of the mode the app is in (`keyMode`); the overlay in
    /// front, if any, has its own.
    mutating func handle(_ key: KeyEvent) -> [AppEffect] {
        if key == .resize { return [] }
        // Ctrl-L repaints whatever is in front.
        if AppKeyMap.global.action(for: key) == .repaint { return [.repaint] }
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
            if let action = AppKeyMap.busy.action(for: key) {
                typeAhead = nil
                return perform(action)
            }
            keepTypedAhead(key)
            return []
        case .form(let focused):
            if let action = AppKeyMap.form.action(for: key) { return perform(action) }
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
        updating(tab: activeIndex) { $0.key(key) }
    }

    /// The tab shows a form that takes answers (not a finished or failed journey's last page).
    func formIsLive(_ index: Int) -> Bool {
        switch tabs[index].phase {
        case .answering, .polling: tabs[index].journey?.form != nil || tabs[index].davinci?.form != nil || tabs[index].showsFlowBrowserPage
        default: false
        }
    }

    mutating func perform(_ action: AppAction) -> [AppEffect] {
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
            guard let tab = activeTab else { return [] }
            let sharers = self.tabs(sharing: tab.stores.session, with: tab).map(\.name)
            guard let question = CloseTabQuestion(closing: tab, sharers: sharers) else { return closeActiveTab() }
            overlay = .confirmClose(question)
            return []
        case .renameTab:
            guard let tab = activeTab else { return [] }
            overlay = .rename(RenameDialog(current: tab.name))
            return []
        case .configure:
            return openConfiguration()
        case .showTrace:
            return openTracePane()
        case .showStores:
            overlay = .stores(scroll: 0)
            return []
        case .showLogs:
            overlay = .logs(scroll: 0)
            return []
        case .showDemoPanel:
            return openDemoPanel()
        case .repaint:
            return [.repaint]
        case .refreshTokens, .revokeTokens, .showUserinfo, .copyAccessToken, .revealTokens:
            return updatingActiveTab(otherwise: []) { $0.tokenAction(action) }
        case .commandMode:
            commandMode = true
            return []
        case .backToForm:
            commandMode = false
            return []
        case .scrollPageUp, .scrollPageDown:
            scrollPage(down: action == .scrollPageDown)
            return []
        case .copyBrowserAddress:
            return updatingActiveTab(otherwise: []) { $0.copyBrowserAddress() }
        case .startJourney, .signIn, .register, .logOut, .cancel, .switchJourney, .callAPI, .showSessionInfo:
            guard tabs.indices.contains(activeIndex) else { return [] }
            switch tabs[activeIndex].client {
            case .journey: return performInJourneyTab(action)
            case .davinci: return performInDaVinciTab(action)
            }
        }
    }

    /// What the active journey tab does for an action of its own.
    private mutating func performInJourneyTab(_ action: AppAction) -> [AppEffect] {
        switch action {
        case .startJourney:
            return updating(tab: activeIndex) { $0.startJourney() }
        case .signIn, .register:
            let profile = tabs[activeIndex].profile
            let request = action == .signIn ? profile.signIn : profile.registration
            if request.journeyName != profile.request.journeyName {
                tabs[activeIndex].profile.request = request
                tabs[activeIndex].journey?.form = nil
            }
            return updating(tab: activeIndex) { $0.cancelJourneyRequest() + $0.startJourney() }
        case .logOut:
            return updating(tab: activeIndex) { $0.logOutJourney() }
        case .cancel:
            return updating(tab: activeIndex) { $0.cancelJourneyRequest() }
        case .switchJourney:
            overlay = .switchJourney(JourneyDialog(current: tabs[activeIndex].profile, profiles: profiles))
            return []
        case .callAPI:
            return openRequestPane()
        case .showSessionInfo:
            guard let tokenId = tabs[activeIndex].journey?.session?.tokenId else { return [] }
            return [.fetchSessionInfo(tabID: tabs[activeIndex].id, tokenId: tokenId)]
        default:
            return []
        }
    }

    /// What the active DaVinci tab does for an action of its own; journeys' actions are explained.
    private mutating func performInDaVinciTab(_ action: AppAction) -> [AppEffect] {
        switch action {
        case .startJourney, .signIn:
            return updating(tab: activeIndex) { $0.restartFlow() }
        case .logOut:
            return updating(tab: activeIndex) { $0.signOffFlow() }
        case .cancel:
            return updating(tab: activeIndex) { $0.cancelFlowRequest() }
        default:
            tabs[activeIndex].banner = ClientTab.Banner(
                kind: .information, text: "A DaVinci tab walks its profile's flow: s or Enter runs it, o changes its options. Journeys, the API pane and AM's session info are in journey tabs.")
            return []
        }
    }

    mutating func closeActiveTab() -> [AppEffect] {
        guard tabs.indices.contains(activeIndex) else { return [] }
        let tab = tabs.remove(at: activeIndex)
        activeIndex = max(0, min(activeIndex, tabs.count - 1))
        var effects: [AppEffect] = [.closeClient(tabID: tab.id)]
        if let request = tab.inFlight {
            effects.insert(.cancel(tabID: tab.id, requestID: request.requestID), at: 0)
        }
        return effects
    }
}
