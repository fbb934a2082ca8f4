import JourneyEngine
import Orchestrate
import Renderer
import TerminalKit

/// A journey tab's journey: start, submit, cancel, and what AM answered. The tab's own state is
/// its ``JourneyTab`` (`kind`).
extension TabUpdate where Kind == JourneyTab {
    /// Starts (or restarts) the tab's journey from its first request; with `request`, walks that
    /// one instead (going on from a browser's return). A fresh start abandons a kept browser step.
    mutating func startJourney(request: JourneyRequest? = nil) -> [AppEffect] {
        guard let server = tab.profile.server else { return [] }
        let forgotten = request == nil ? forgetBrowserStep() : []
        let machine = JourneyMachine(server: server, request: request ?? tab.profile.request)
        kind.machine = machine
        kind.pagesShown = []
        tab.banner = nil
        context.backToForm = true
        return forgotten + perform(kind.machine.start(), purpose: .start)
    }

    mutating func submit(_ step: JourneyStep, purpose: RequestInFlight.Purpose) -> [AppEffect] {
        if purpose == .submit, let name = step.typedUserName { tab.userName = name }
        tab.banner = nil
        return perform(kind.machine.submit(step), purpose: purpose)
    }

    /// Esc while the journey's request is in flight: back to the page, answers kept.
    mutating func cancelJourneyRequest() -> [AppEffect] {
        guard case .busy(let request) = kind.phase else { return [] }
        let actions = kind.machine.cancelRequest()
        var effects: [AppEffect] = [.tab(id: tab.id, .cancel(requestID: request.requestID))]
        if actions.isEmpty, kind.walksStepUp {
            return effects + stepUpEnded(.failure(.cancelled))
        } else if actions.isEmpty, keepBrowserPage(after: .cancelled) {
            // The browser step stays, with the pasted address: Enter sends it again.
        } else if actions.isEmpty {
            kind.phase = .idle
        } else {
            effects += perform(actions, purpose: .submit)
        }
        tab.banner = ClientTab.Banner(kind: .information, text: "Request cancelled. Nothing you typed was lost.")
        return effects
    }

    /// AM's answer to the journey's request in flight (an answer to anything else is dropped).
    mutating func journeyResponded(_ result: Result<HTTPResponse, JourneyError>, requestID: Int) -> [AppEffect] {
        guard case .busy(let request) = kind.phase, request.requestID == requestID else { return [] }
        switch result {
        case .success(let response):
            return perform(kind.machine.received(response), purpose: request.purpose)
        case .failure(let error):
            // The request never got an answer: go back to the page (answers kept) so it can be sent again.
            kind.submitsAfterValidation = false
            let back = kind.machine.cancelRequest()
            if back.isEmpty, kind.walksStepUp { return stepUpEnded(.failure(error)) }
            if back.isEmpty, keepBrowserPage(after: error) { return [] }
            if back.isEmpty {
                kind.phase = .ended(error)
                tab.banner = ClientTab.Banner(kind: .error, text: error.description + " Press Enter to try again.")
                return []
            }
            let effects = perform(back, purpose: request.purpose)
            let retry = request.purpose == .validate ? "The field could not be checked: " : ""
            tab.banner = ClientTab.Banner(kind: .error, text: retry + error.description + " Press Enter to try again.")
            return effects
        }
    }

    /// A key for the journey's page on screen; nil when the page does not take it.
    mutating func journeyKey(_ key: KeyEvent) -> [AppEffect]? {
        guard var form = kind.form else { return nil }
        let event = form.update(key)
        kind.form = form
        switch event {
        case .handled:
            tab.banner = nil
            return []
        case .submit(let step):
            if kind.isValidating {
                kind.submitsAfterValidation = true
                return []
            }
            return submit(step, purpose: .submit)
        case .validate(let step):
            // One check at a time: AM answers each on a new authId.
            if kind.isValidating { return [] }
            return submit(step, purpose: .validate)
        case .resume(let link):
            tab.profile.request = JourneyRequest(.resume(link))
            return startJourney()
        case .browserReturn(let address):
            return goOn(fromBrowser: address)
        case .problem(let message):
            tab.banner = ClientTab.Banner(kind: .error, text: message)
            return []
        case .ignored:
            return nil
        }
    }

    /// A polling page's wait is over: it is sent again, unless the journey moved on meanwhile.
    mutating func journeyPollDue(authId: String) -> [AppEffect] {
        guard case .polling(let waiting, _) = kind.phase, waiting == authId else { return [] }
        return perform(kind.machine.pollTimerFired(), purpose: .poll)
    }

    /// Applies the machine's actions to a tab and turns them into effects.
    mutating func perform(_ actions: [JourneyAction], purpose: RequestInFlight.Purpose) -> [AppEffect] {
        var effects: [AppEffect] = []
        for action in actions {
            switch action {
            case .send(let request):
                let requestID = context.requestIDs.make()
                kind.phase = .busy(RequestInFlight(requestID: requestID, purpose: purpose))
                effects.append(.tab(id: tab.id, .send(requestID: requestID, request)))
            case .present(let step):
                var form = Form(step: step, carrying: kind.form)
                if case .stepUp(_, let name) = kind.walk {
                    form.journeyName = name
                } else {
                    form.journeyName = tab.profile.request.journeyName
                }
                kind.form = form
                kind.phase = .answering
                kind.notePage(step)
                effects += presented(step)
                if purpose == .validate, kind.submitsAfterValidation == true {
                    kind.submitsAfterValidation = false
                    if case .success(let answered) = form.answeredStep() {
                        effects += submit(answered, purpose: .submit)
                    }
                }
            case .schedulePoll(let delay):
                guard let step = kind.form?.step else { continue }
                let due = context.now + delay
                kind.phase = .polling(authId: step.authId, due: due)
                effects.append(.tab(id: tab.id, .schedulePoll(authId: step.authId, after: delay)))
            case .succeeded(let success):
                effects += forgetBrowserStep()
                if kind.walksStepUp {
                    effects += stepUpEnded(.success(success))
                    continue
                }
                kind.phase = .signedIn(success)
                kind.form = nil
                context.signedIn = true
                effects.append(.tab(id: tab.id, .store(.signedIn(success, userName: tab.userName))))
                if let oauth = tab.profile.oauth, let ssoToken = success.tokenId {
                    tab.tokens = TabTokens(fetching: true)
                    effects.append(.tab(id: tab.id, .fetchTokens(ssoToken: ssoToken, oauth)))
                }
            case .failed(let error):
                // Only AM's no spends a kept browser step; a server error leaves it to send again.
                if !error.isAuthenticationFailure, !error.isExpiry, keepBrowserPage(after: error) { continue }
                effects += forgetBrowserStep()
                if kind.walksStepUp {
                    effects += stepUpEnded(.failure(error))
                    continue
                }
                kind.phase = .ended(error)
                let next = error.isExpiry ? "Press Enter to start it again." : "Press Enter to start again."
                tab.banner = ClientTab.Banner(kind: .error, text: error.description + " " + next)
            }
        }
        return effects
    }

    /// AM's answer about the tab's session (`i`); it names the user of a sign-in that typed no
    /// user name (a resumed link).
    mutating func sessionInfo(_ result: Result<SessionInfo, JourneyError>) {
        kind.sessionInfo = result
        if tab.userName == nil, case .success(let info) = result { tab.userName = info.username }
    }

    /// A logout finished (the tab's cookies are already cleared).
    mutating func loggedOut(_ result: Result<LogoutOutcome, JourneyError>) {
        let text = switch result {
        case .success(.loggedOut): "Logged out: AM ended the session, and this tab's cookies are cleared."
        case .success(.alreadyEnded): "The session had already ended at AM; this tab's cookies are cleared."
        case .failure(let error):
            "Logged out here (cookies cleared), but AM was not told: \(error.description) The session stays valid at AM until it expires."
        }
        let failed = if case .failure = result { true } else { false }
        tab.banner = ClientTab.Banner(kind: failed ? .error : .information, text: text)
    }

    /// `l` in a journey tab: the SDKs' user logout; the session ends and the tokens are revoked.
    mutating func logOutJourney() -> [AppEffect] {
        guard let success = kind.session else { return [] }
        let revoke = tokenAction(.revokeTokens)
        tab.tokens = nil
        kind.phase = .idle
        kind.sessionInfo = nil
        let tabID = tab.id
        guard let tokenId = success.tokenId else {
            tab.banner = ClientTab.Banner(kind: .information, text: "There was no session to end; this tab's cookies are cleared.")
            return [.tab(id: tabID, .clearCookies), .tab(id: tabID, .store(.signedOut))]
        }
        tab.banner = ClientTab.Banner(kind: .information, text: "Logging out…")
        return revoke + [.tab(id: tabID, .logout(tokenId: tokenId)), .tab(id: tabID, .store(.signedOut))]
    }
}
