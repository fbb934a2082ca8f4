import JourneyEngine
import Orchestrate
import Renderer
import TerminalKit

/// A journey tab's journey: start, submit, cancel, and what AM answered. The tab's own state is
/// its ``JourneyTab`` (`tabs[index].journey`); these functions are called for journey tabs only.
extension AppState {
    /// Starts (or restarts) the tab's journey from its first request; with `request`, walks that
    /// one instead (going on from a browser's return). A fresh start abandons a kept browser step.
    mutating func startJourney(tab index: Int, request: JourneyRequest? = nil) -> [AppEffect] {
        guard let server = tabs[index].profile.server else { return [] }
        let forgotten = request == nil ? forgetBrowserStep(tab: index) : []
        let machine = JourneyMachine(server: server, request: request ?? tabs[index].profile.request)
        tabs[index].journey?.machine = machine
        tabs[index].banner = nil
        commandMode = false
        return forgotten + perform(tabs[index].journey?.machine.start() ?? [], tab: index, purpose: .start)
    }

    mutating func submit(_ step: JourneyStep, tab index: Int, purpose: RequestInFlight.Purpose) -> [AppEffect] {
        if purpose == .submit, let name = step.typedUserName { tabs[index].userName = name }
        tabs[index].banner = nil
        return perform(tabs[index].journey?.machine.submit(step) ?? [], tab: index, purpose: purpose)
    }

    /// Esc while the journey's request is in flight: back to the page, answers kept.
    mutating func cancelJourneyRequest(tab index: Int) -> [AppEffect] {
        guard case .busy(let request)? = tabs[index].journey?.phase else { return [] }
        let actions = tabs[index].journey?.machine.cancelRequest() ?? []
        var effects: [AppEffect] = [.cancel(tabID: tabs[index].id, requestID: request.requestID)]
        if actions.isEmpty, walksResourceJourney(index) {
            return effects + stepUpEnded(.failure(.cancelled), tab: index)
        } else if actions.isEmpty, keepBrowserPage(after: .cancelled, tab: index) {
            // The browser step stays, with the pasted address: Enter sends it again.
        } else if actions.isEmpty {
            tabs[index].journey?.phase = .idle
        } else {
            effects += perform(actions, tab: index, purpose: .submit)
        }
        tabs[index].banner = ClientTab.Banner(kind: .information, text: "Request cancelled. Nothing you typed was lost.")
        return effects
    }

    /// AM's answer to the journey's request in flight (an answer to anything else is dropped).
    mutating func journeyResponded(_ result: Result<HTTPResponse, JourneyError>, tab index: Int, requestID: Int) -> [AppEffect] {
        guard case .busy(let request)? = tabs[index].journey?.phase, request.requestID == requestID else { return [] }
        switch result {
        case .success(let response):
            return perform(tabs[index].journey?.machine.received(response) ?? [], tab: index, purpose: request.purpose)
        case .failure(let error):
            // The request never got an answer: go back to the page (answers kept) so it can be sent again.
            tabs[index].journey?.submitsAfterValidation = false
            let back = tabs[index].journey?.machine.cancelRequest() ?? []
            if back.isEmpty, walksResourceJourney(index) { return stepUpEnded(.failure(error), tab: index) }
            if back.isEmpty, keepBrowserPage(after: error, tab: index) { return [] }
            if back.isEmpty {
                tabs[index].journey?.phase = .ended(error)
                tabs[index].banner = ClientTab.Banner(kind: .error, text: error.description + " Press Enter to try again.")
                return []
            }
            let effects = perform(back, tab: index, purpose: request.purpose)
            let retry = request.purpose == .validate ? "The field could not be checked: " : ""
            tabs[index].banner = ClientTab.Banner(kind: .error, text: retry + error.description + " Press Enter to try again.")
            return effects
        }
    }

    /// A key for the journey's page on screen; nil when the page does not take it.
    mutating func journeyKey(_ key: KeyEvent, tab index: Int) -> [AppEffect]? {
        guard var form = tabs[index].journey?.form else { return nil }
        let event = form.update(key)
        tabs[index].journey?.form = form
        switch event {
        case .handled:
            tabs[index].banner = nil
            return []
        case .submit(let step):
            if isValidating(index) {
                tabs[index].journey?.submitsAfterValidation = true
                return []
            }
            return submit(step, tab: index, purpose: .submit)
        case .validate(let step):
            // One check at a time: AM answers each on a new authId.
            if isValidating(index) { return [] }
            return submit(step, tab: index, purpose: .validate)
        case .resume(let link):
            tabs[index].profile.request = JourneyRequest(.resume(link))
            return startJourney(tab: index)
        case .browserReturn(let address):
            return goOn(fromBrowser: address, tab: index)
        case .problem(let message):
            tabs[index].banner = ClientTab.Banner(kind: .error, text: message)
            return []
        case .ignored:
            return nil
        }
    }

    /// A polling page's wait is over: it is sent again, unless the journey moved on meanwhile.
    mutating func pollDue(authId: String, tab index: Int) -> [AppEffect] {
        guard case .polling(let waiting, _)? = tabs[index].journey?.phase, waiting == authId else { return [] }
        return perform(tabs[index].journey?.machine.pollTimerFired() ?? [], tab: index, purpose: .poll)
    }

    /// Applies the machine's actions to a tab and turns them into effects.
    mutating func perform(_ actions: [JourneyAction], tab index: Int, purpose: RequestInFlight.Purpose) -> [AppEffect] {
        var effects: [AppEffect] = []
        for action in actions {
            switch action {
            case .send(let request):
                let requestID = makeRequestID()
                tabs[index].journey?.phase = .busy(RequestInFlight(requestID: requestID, purpose: purpose))
                effects.append(.send(tabID: tabs[index].id, requestID: requestID, request))
            case .present(let step):
                var form = Form(step: step, carrying: tabs[index].journey?.form)
                if case .stepUp(_, let name)? = tabs[index].journey?.walk {
                    form.journeyName = name
                } else {
                    form.journeyName = tabs[index].profile.request.journeyName
                }
                tabs[index].journey?.form = form
                tabs[index].journey?.phase = .answering
                effects += presented(step, tab: index)
                if purpose == .validate, tabs[index].journey?.submitsAfterValidation == true {
                    tabs[index].journey?.submitsAfterValidation = false
                    if case .success(let answered) = form.answeredStep() {
                        effects += submit(answered, tab: index, purpose: .submit)
                    }
                }
            case .schedulePoll(let delay):
                guard let step = tabs[index].journey?.form?.step else { continue }
                let due = now + delay
                tabs[index].journey?.phase = .polling(authId: step.authId, due: due)
                effects.append(.schedulePoll(tabID: tabs[index].id, authId: step.authId, after: delay))
            case .succeeded(let success):
                effects += forgetBrowserStep(tab: index)
                if walksResourceJourney(index) {
                    effects += stepUpEnded(.success(success), tab: index)
                    continue
                }
                tabs[index].journey?.phase = .signedIn(success)
                tabs[index].journey?.form = nil
                hint = nil
                effects.append(.store(tabID: tabs[index].id, .signedIn(success, userName: tabs[index].userName)))
                if let oauth = tabs[index].profile.oauth, let ssoToken = success.tokenId {
                    tabs[index].tokens = TabTokens(fetching: true)
                    effects.append(.fetchTokens(tabID: tabs[index].id, ssoToken: ssoToken, oauth))
                }
            case .failed(let error):
                // Only AM's no spends a kept browser step; a server error leaves it to send again.
                if !error.isAuthenticationFailure, !error.isExpiry, keepBrowserPage(after: error, tab: index) { continue }
                effects += forgetBrowserStep(tab: index)
                if walksResourceJourney(index) {
                    effects += stepUpEnded(.failure(error), tab: index)
                    continue
                }
                tabs[index].journey?.phase = .ended(error)
                let next = error.isExpiry ? "Press Enter to start it again." : "Press Enter to start again."
                tabs[index].banner = ClientTab.Banner(kind: .error, text: error.description + " " + next)
            }
        }
        return effects
    }

    /// AM's answer about the tab's session (`i`).
    mutating func sessionInfo(_ result: Result<SessionInfo, JourneyError>, tab index: Int) {
        tabs[index].journey?.sessionInfo = result
    }

    /// A logout finished (the tab's cookies are already cleared).
    mutating func loggedOut(_ result: Result<LogoutOutcome, JourneyError>, tab index: Int) {
        let text = switch result {
        case .success(.loggedOut): "Logged out: AM ended the session, and this tab's cookies are cleared."
        case .success(.alreadyEnded): "The session had already ended at AM; this tab's cookies are cleared."
        case .failure(let error):
            "Logged out here (cookies cleared), but AM was not told: \(error.description) The session stays valid at AM until it expires."
        }
        let failed = if case .failure = result { true } else { false }
        tabs[index].banner = ClientTab.Banner(kind: failed ? .error : .information, text: text)
    }

    /// `l` in a journey tab: the SDKs' user logout; the session ends and the tokens are revoked.
    mutating func logOutJourney(tab index: Int) -> [AppEffect] {
        guard let success = tabs[index].journey?.session else { return [] }
        let revoke = tokenAction(.revokeTokens)
        tabs[index].tokens = nil
        tabs[index].journey?.phase = .idle
        tabs[index].journey?.sessionInfo = nil
        let tabID = tabs[index].id
        guard let tokenId = success.tokenId else {
            tabs[index].banner = ClientTab.Banner(kind: .information, text: "There was no session to end; this tab's cookies are cleared.")
            return [.clearCookies(tabID: tabID), .store(tabID: tabID, .signedOut)]
        }
        tabs[index].banner = ClientTab.Banner(kind: .information, text: "Logging out…")
        return revoke + [.logout(tabID: tabID, tokenId: tokenId), .store(tabID: tabID, .signedOut)]
    }
}
