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
            return []
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
            return tab.isBusy || tab.tokens?.tokens != nil
        }
    }

    // MARK: Keys

    private mutating func handle(_ key: KeyEvent) -> [AppEffect] {
        if key == .resize { return [] }
        if overlay != nil { return handleOverlay(key) }
        if let tabNumber = AppKeyMap.tabNumber(of: key) {
            if tabs.indices.contains(tabNumber) { activeIndex = tabNumber }
            return []
        }
        if let action = AppKeyMap.global.action(for: key) { return perform(action) }
        guard tabs.indices.contains(activeIndex) else {
            return AppKeyMap.commands.action(for: key).map { perform($0) } ?? []
        }
        if tabs[activeIndex].isBusy, !isValidating(activeIndex) {
            return AppKeyMap.busy.action(for: key).map { perform($0) } ?? []
        }
        if !commandMode, tabs[activeIndex].form != nil, formIsLive(activeIndex) || isValidating(activeIndex) {
            let event = tabs[activeIndex].form!.update(key)
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
            case .resume(let suspendedId):
                tabs[activeIndex].profile.request = JourneyRequest(.resume(suspendedId: suspendedId))
                return start(tab: activeIndex)
            case .problem(let message):
                tabs[activeIndex].banner = ClientTab.Banner(kind: .error, text: message)
                return []
            case .ignored:
                if key == .escape {
                    commandMode = true
                    return []
                }
            }
        }
        if commandMode, key == .enter || key == .tab, formIsLive(activeIndex) {
            commandMode = false
            return []
        }
        return AppKeyMap.commands.action(for: key).map { perform($0) } ?? []
    }

    /// A `validateOnly` check is in flight: the form stays editable meanwhile.
    func isValidating(_ index: Int) -> Bool {
        if case .busy(_, .validate, _) = tabs[index].phase { return true }
        return false
    }

    /// The tab shows a form that takes answers (not a finished or failed journey's last page).
    func formIsLive(_ index: Int) -> Bool {
        switch tabs[index].phase {
        case .answering, .polling: tabs[index].form != nil
        default: false
        }
    }

    private mutating func perform(_ action: AppAction) -> [AppEffect] {
        switch action {
        case .quit:
            if tabs.contains(where: \.isMidJourney) {
                overlay = .confirmQuit
            } else {
                quit()
            }
            return []
        case .help:
            overlay = .help
            return []
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
            if formIsLive(activeIndex) {
                commandMode = false
                return []
            }
            return start(tab: activeIndex)
        case .refreshTokens, .revokeTokens, .showUserinfo, .copyAccessToken, .revealTokens:
            return tokenAction(action)
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
                return [.clearCookies(tabID: tabID)]
            }
            tabs[activeIndex].banner = ClientTab.Banner(kind: .information, text: "Logging out…")
            return revoke + [.logout(tabID: tabID, tokenId: tokenId)]
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

    private mutating func closeActiveTab() -> [AppEffect] {
        guard tabs.indices.contains(activeIndex) else { return [] }
        let tab = tabs.remove(at: activeIndex)
        activeIndex = max(0, min(activeIndex, tabs.count - 1))
        var effects: [AppEffect] = [.closeClient(tabID: tab.id)]
        if case .busy(let requestID, _, _) = tab.phase {
            effects.insert(.cancel(tabID: tab.id, requestID: requestID), at: 0)
        }
        return effects
    }

    // MARK: Overlays

    private mutating func handleOverlay(_ key: KeyEvent) -> [AppEffect] {
        switch overlay {
        case .help:
            if [.escape, .character("?"), .character("q"), .enter].contains(key) { overlay = nil }
            return []
        case .confirmQuit:
            switch key {
            case .character("y"), .character("Y"), .control("c"): quit()
            case .character("n"), .character("N"), .escape: overlay = nil
            default: break
            }
            return []
        case .rename(var field):
            switch key {
            case .escape: overlay = nil
            case .enter:
                let name = field.text.trimmingCharacters(in: .whitespaces)
                if !name.isEmpty, tabs.indices.contains(activeIndex) { tabs[activeIndex].name = name }
                overlay = nil
            default:
                _ = field.update(key)
                overlay = .rename(field)
            }
            return []
        case .newTab(let dialog):
            return handleNewTab(key, dialog)
        case .switchJourney(var dialog):
            switch key {
            case .escape:
                overlay = nil
                return []
            case .enter:
                guard let name = dialog.chosenJourney, tabs.indices.contains(activeIndex) else { return [] }
                overlay = nil
                let effects = cancelRequest(tab: activeIndex)
                tabs[activeIndex].profile.request = JourneyRequest(.journey(name), forceAuth: true)
                tabs[activeIndex].form = nil
                return effects + start(tab: activeIndex)
            case .tab, .backTab:
                dialog.focusOnName.toggle()
            default:
                if dialog.focusOnName { _ = dialog.name.update(key) } else {
                    _ = dialog.journeys.update(key)
                    dialog.journeys.selected = dialog.journeys.highlighted
                }
            }
            overlay = .switchJourney(dialog)
            return []
        case nil:
            return []
        }
    }

    private mutating func handleNewTab(_ key: KeyEvent, _ original: NewTabDialog) -> [AppEffect] {
        var dialog = original
        switch key {
        case .escape:
            overlay = nil
            return []
        case .tab, .backTab:
            let count = dialog.wantsOtherServer ? 4 : 1
            dialog.focus = (dialog.focus + (key == .tab ? 1 : -1) + count) % count
            overlay = .newTab(dialog)
            return []
        case .enter:
            return openTab(from: dialog)
        default:
            switch dialog.focus {
            case 0:
                _ = dialog.profiles.update(key)
                dialog.profiles.selected = dialog.profiles.highlighted
            case 1: _ = dialog.url.update(key)
            case 2: _ = dialog.realm.update(key)
            default: _ = dialog.journey.update(key)
            }
            overlay = .newTab(dialog)
            return []
        }
    }

    private mutating func openTab(from original: NewTabDialog) -> [AppEffect] {
        var dialog = original
        let profile: ClientProfile
        if dialog.wantsOtherServer {
            do {
                let server = try ServerConfiguration(url: dialog.url.text, realm: try Realm(dialog.realm.text))
                let journey = dialog.journey.text.trimmingCharacters(in: .whitespaces)
                profile = ClientProfile(name: server.hostDescription, server: server,
                                        request: JourneyRequest(.journey(journey.isEmpty ? nil : journey)))
            } catch {
                dialog.problem = error.description
                if dialog.focus == 0 { dialog.focus = 1 }
                overlay = .newTab(dialog)
                return []
            }
        } else {
            profile = profiles[dialog.profiles.selected]
        }
        overlay = nil
        activeIndex = addTab(profile)
        return start(tab: activeIndex)
    }

    // MARK: Journeys

    /// Starts (or restarts) the tab's journey from its first request.
    public mutating func start(tab index: Int) -> [AppEffect] {
        tabs[index].machine = JourneyMachine(server: tabs[index].profile.server, request: tabs[index].profile.request)
        tabs[index].banner = nil
        commandMode = false
        return perform(tabs[index].machine.start(), tab: index, purpose: .start)
    }

    private mutating func submit(_ step: JourneyStep, tab index: Int, purpose: ClientTab.Purpose) -> [AppEffect] {
        if purpose == .submit, let name = step.typedUserName { tabs[index].userName = name }
        tabs[index].banner = nil
        return perform(tabs[index].machine.submit(step), tab: index, purpose: purpose)
    }

    private mutating func cancelRequest(tab index: Int) -> [AppEffect] {
        guard tabs.indices.contains(index), case .busy(let requestID, _, _) = tabs[index].phase else { return [] }
        let actions = tabs[index].machine.cancelRequest()
        var effects: [AppEffect] = [.cancel(tabID: tabs[index].id, requestID: requestID)]
        if actions.isEmpty {
            tabs[index].phase = .idle
        } else {
            effects += perform(actions, tab: index, purpose: .submit)
        }
        tabs[index].banner = ClientTab.Banner(kind: .information, text: "Request cancelled. Nothing you typed was lost.")
        return effects
    }

    private mutating func received(_ result: Result<HTTPResponse, JourneyError>, tabID: Int, requestID: Int) -> [AppEffect] {
        guard let index = index(ofTab: tabID), case .busy(let expected, let purpose, _) = tabs[index].phase,
              expected == requestID else { return [] }
        switch result {
        case .success(let response):
            return perform(tabs[index].machine.received(response), tab: index, purpose: purpose)
        case .failure(let error):
            // The request never got an answer: go back to the page (answers kept) so it can be sent again.
            tabs[index].submitsAfterValidation = false
            let back = tabs[index].machine.cancelRequest()
            if back.isEmpty {
                tabs[index].phase = .ended(error)
                tabs[index].banner = ClientTab.Banner(kind: .error, text: error.description + " Press s to try again.")
                return []
            }
            let effects = perform(back, tab: index, purpose: purpose)
            let retry = purpose == .validate ? "The field could not be checked: " : ""
            tabs[index].banner = ClientTab.Banner(kind: .error, text: retry + error.description + " Press Enter to try again.")
            return effects
        }
    }

    /// Applies the machine's actions to a tab and turns them into effects.
    private mutating func perform(_ actions: [JourneyAction], tab index: Int, purpose: ClientTab.Purpose) -> [AppEffect] {
        var effects: [AppEffect] = []
        for action in actions {
            switch action {
            case .send(let request):
                let requestID = makeRequestID()
                tabs[index].phase = .busy(requestID: requestID, purpose: purpose, spinnerFrame: 0)
                effects.append(.send(tabID: tabs[index].id, requestID: requestID, request))
            case .present(let step):
                var form = Form(step: step, carrying: tabs[index].form)
                form.journeyName = tabs[index].profile.request.journeyName
                tabs[index].form = form
                tabs[index].phase = .answering
                if purpose == .validate, tabs[index].submitsAfterValidation {
                    tabs[index].submitsAfterValidation = false
                    if case .success(let answered) = form.answeredStep() {
                        effects += submit(answered, tab: index, purpose: .submit)
                    }
                }
            case .schedulePoll(let delay):
                guard let step = tabs[index].form?.step else { continue }
                tabs[index].phase = .polling(authId: step.authId, due: now + delay)
                effects.append(.schedulePoll(tabID: tabs[index].id, authId: step.authId, after: delay))
            case .succeeded(let success):
                tabs[index].phase = .signedIn(success)
                tabs[index].form = nil
                hint = nil
                if let oauth = tabs[index].profile.oauth, let ssoToken = success.tokenId {
                    var tokens = TabTokens()
                    tokens.activity = "Fetching OAuth tokens…"
                    tabs[index].tokens = tokens
                    effects.append(.fetchTokens(tabID: tabs[index].id, ssoToken: ssoToken, oauth))
                }
            case .failed(let error):
                tabs[index].phase = .ended(error)
                let next = error.isExpiry ? "Press s to start it again." : "Press s to start again."
                tabs[index].banner = ClientTab.Banner(kind: .error, text: error.description + " " + next)
            }
        }
        return effects
    }

    // MARK: Tokens

    /// The token inspector's actions on the active tab.
    private mutating func tokenAction(_ action: AppAction) -> [AppEffect] {
        guard tabs.indices.contains(activeIndex), let oauth = tabs[activeIndex].profile.oauth,
              var inspector = tabs[activeIndex].tokens, let tokens = inspector.tokens,
              let endpoints = inspector.endpoints else { return [] }
        let tabID = tabs[activeIndex].id
        defer { tabs[activeIndex].tokens = inspector }
        inspector.problem = nil
        switch action {
        case .refreshTokens:
            inspector.activity = "Refreshing the tokens…"
            return [.refreshTokens(tabID: tabID, tokens, oauth, endpoints)]
        case .revokeTokens:
            inspector.activity = "Revoking the tokens…"
            return [.revokeTokens(tabID: tabID, tokens, oauth, endpoints)]
        case .showUserinfo:
            inspector.activity = "Asking AM's userinfo…"
            return [.fetchUserinfo(tabID: tabID, tokens, oauth, endpoints)]
        case .copyAccessToken:
            inspector.activity = "Access token sent to the clipboard (OSC 52)."
            return [.copyToClipboard(tokens.accessToken)]
        case .revealTokens:
            inspector.valuesRevealed.toggle()
            return []
        default:
            return []
        }
    }

    private mutating func received(_ report: TokenReport, tab index: Int) {
        var inspector = tabs[index].tokens ?? TabTokens()
        inspector.activity = nil
        switch report {
        case .fetched(let tokens, let endpoints, let claims):
            inspector.tokens = tokens
            inspector.endpoints = endpoints
            if let claims { inspector.idTokenClaims = claims }
        case .revoked:
            inspector = TabTokens()
            inspector.problem = "Tokens revoked at AM."
        case .userinfo(let info):
            inspector.userinfo = info
        case .failed(let error):
            inspector.problem = error.description
        }
        tabs[index].tokens = inspector
    }
}
