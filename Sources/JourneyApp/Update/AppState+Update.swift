import DaVinci
import JourneyEngine
import Orchestrate
import Renderer
import TerminalKit

extension AppState {
    /// The single place the app changes: an event in, effects out for the runtime. Events for a
    /// tab go to the tab's own update (`ClientTab.update`); what spans tabs stays here.
    public mutating func update(_ event: AppEvent) -> [AppEffect] {
        switch event {
        case .key(let key):
            return showingCopies(handle(key))
        case .tab(let id, let tabEvent):
            guard let index = index(ofTab: id) else { return Self.orphaned(tabEvent, tabID: id) }
            let effects = updating(tab: index, tabEvent)
            guard case .responded = tabEvent else { return effects }
            return effects + replayTypedAhead(tabID: id)
        case .storesRead(let snapshots):
            return storesRead(snapshots)
        case .profilesChanged(let reload):
            return profilesChanged(reload)
        case .copiedTextSaved(let result):
            return copiedTextSaved(result)
        case .tick(let instant, let date):
            setNow(instant, date: date)
            return tabs.indices.flatMap { updating(tab: $0, .tick(instant)) }
        case .logged(let lines):
            logs.append(lines)
            return []
        case .outboxRead(let mails):
            outboxRead(mails)
            return []
        case .journeyMapRead(let key, let catalog):
            journeyMaps[key] = .read(catalog)
            return []
        }
    }

    /// What an event for a closed tab leaves to do: tokens its flow obtained are nobody's, and
    /// are signed off; anything else is dropped.
    private static func orphaned(_ event: TabEvent, tabID: Int) -> [AppEffect] {
        guard case .flowSignedOn(_, let result) = event else { return [] }
        return FlowTokens.signOff(unclaimed: result, tabID: tabID)
    }

    /// Hands an event to the tab at `index`, then applies what its update asked of the app (the
    /// hint done, keys back to the form, the tab to the front, the key help).
    @discardableResult
    mutating func updating(tab index: Int, _ event: TabEvent) -> [AppEffect] {
        updatingReportingKeys(tab: index, event).effects
    }

    /// The same, and whether the tab's form left the key it was given (`TabEvent.key`).
    private mutating func updatingReportingKeys(tab index: Int, _ event: TabEvent) -> (effects: [AppEffect], keyIgnored: Bool) {
        let tab = tabs[index]
        var context = TabContext(
            requestIDs: requestIDs, now: now, date: date, isActive: index == activeIndex,
            sessionSharers: self.tabs(sharing: tab.stores.session, with: tab).map(\.name),
            tokenSharers: self.tabs(sharing: tab.stores.tokens, with: tab).map(\.name))
        let effects = tabs[index].update(event, context: &context)
        forgetPageScroll(ifMoved: tabs[index])
        requestIDs = context.requestIDs
        if context.signedIn { hint = nil }
        if context.backToForm { commandMode = false }
        if context.toFront { activeIndex = index }
        if context.showsHelp { overlay = .help(scroll: 0) }
        return (effects, context.keyIgnored)
    }

    /// The same for the active tab; nothing without one.
    @discardableResult
    mutating func updatingActiveTab(_ event: TabEvent) -> [AppEffect] {
        tabs.indices.contains(activeIndex) ? updating(tab: activeIndex, event) : []
    }

    /// Starts the tab's journey, or runs its flow, from the first page.
    public mutating func start(tab index: Int) -> [AppEffect] {
        updating(tab: index, .start)
    }

    /// A key for the active tab's form; nil when the form does not take it.
    mutating func answer(_ key: KeyEvent) -> [AppEffect]? {
        guard tabs.indices.contains(activeIndex) else { return nil }
        let (effects, ignored) = updatingReportingKeys(tab: activeIndex, .key(key))
        return ignored ? nil : effects
    }

    /// Whether anything animates or counts down (the runtime ticks only then).
    public var needsTicks: Bool {
        // The demo panel's TOTP codes count down.
        if case .demo? = overlay { return true }
        return tabs.contains(where: \.needsTicks)
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

    /// The tab shows a form that takes answers (not a finished or failed journey's last page).
    func formIsLive(_ index: Int) -> Bool {
        tabs[index].hasLiveForm
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
            return updatingActiveTab(.openTracePane)
        case .showStores:
            overlay = .stores(scroll: 0)
            return []
        case .showLogs:
            overlay = .logs(scroll: 0)
            return []
        case .showDemoPanel:
            return openDemoPanel()
        case .showMap:
            return openMapPane()
        case .repaint:
            return [.repaint]
        case .refreshTokens, .revokeTokens, .showUserinfo, .copyAccessToken, .revealTokens, .copyBrowserAddress,
             .startJourney, .signIn, .register, .logOut, .cancel, .showSessionInfo:
            return updatingActiveTab(.command(action))
        case .callAPI:
            return updatingActiveTab(.openRequestPane(requestSuggestions))
        case .switchJourney:
            guard let tab = activeTab else { return [] }
            // A tab that walks no journeys says what it does instead.
            guard tab.offers(.switchJourney) else { return updatingActiveTab(.command(action)) }
            overlay = .switchJourney(JourneyDialog(current: tab.profile, profiles: profiles))
            return []
        case .commandMode:
            commandMode = true
            return []
        case .backToForm:
            commandMode = false
            return []
        case .scrollPageUp, .scrollPageDown:
            scrollPage(down: action == .scrollPageDown)
            return []
        }
    }

    mutating func closeActiveTab() -> [AppEffect] {
        guard tabs.indices.contains(activeIndex) else { return [] }
        let tab = tabs.remove(at: activeIndex)
        activeIndex = max(0, min(activeIndex, tabs.count - 1))
        var effects: [AppEffect] = [.tab(id: tab.id, .close)]
        if let request = tab.inFlight {
            effects.insert(.tab(id: tab.id, .cancel(requestID: request.requestID)), at: 0)
        }
        return effects
    }
}
