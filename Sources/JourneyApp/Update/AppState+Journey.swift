import JourneyEngine
import Orchestrate
import Renderer
import TerminalKit

/// A tab's journey: start, submit, cancel, and what AM answered.
extension AppState {
    /// Starts (or restarts) the tab's journey from its first request; with `request`, walks that
    /// one instead (going on from a browser's return). A fresh start abandons a kept browser step.
    public mutating func start(tab index: Int, request: JourneyRequest? = nil) -> [AppEffect] {
        if tabs[index].profile.isFlow { return startFlow(tab: index) }
        let forgotten = request == nil ? forgetBrowserStep(tab: index) : []
        tabs[index].machine = JourneyMachine(server: tabs[index].profile.server, request: request ?? tabs[index].profile.request)
        tabs[index].banner = nil
        commandMode = false
        return forgotten + perform(tabs[index].machine.start(), tab: index, purpose: .start)
    }

    mutating func submit(_ step: JourneyStep, tab index: Int, purpose: ClientTab.Purpose) -> [AppEffect] {
        if purpose == .submit, let name = step.typedUserName { tabs[index].userName = name }
        tabs[index].banner = nil
        return perform(tabs[index].machine.submit(step), tab: index, purpose: purpose)
    }

    mutating func cancelRequest(tab index: Int) -> [AppEffect] {
        guard tabs.indices.contains(index), case .busy(let requestID, _, _) = tabs[index].phase else { return [] }
        let actions = tabs[index].machine.cancelRequest()
        var effects: [AppEffect] = [.cancel(tabID: tabs[index].id, requestID: requestID)]
        if actions.isEmpty, let ended = resourceJourneyEnded(.failure(.cancelled), tab: index) {
            return effects + ended
        } else if actions.isEmpty, keepBrowserPage(after: .cancelled, tab: index) {
            // The browser step stays, with the pasted address: Enter sends it again.
        } else if actions.isEmpty {
            tabs[index].phase = .idle
        } else {
            effects += perform(actions, tab: index, purpose: .submit)
        }
        tabs[index].banner = ClientTab.Banner(kind: .information, text: "Request cancelled. Nothing you typed was lost.")
        return effects
    }

    mutating func received(_ result: Result<HTTPResponse, JourneyError>, tabID: Int, requestID: Int) -> [AppEffect] {
        if let effects = resourceReceived(result, tabID: tabID, requestID: requestID) { return effects }
        guard let index = index(ofTab: tabID), case .busy(let expected, let purpose, _) = tabs[index].phase,
              expected == requestID else { return [] }
        switch result {
        case .success(let response):
            return perform(tabs[index].machine.received(response), tab: index, purpose: purpose)
        case .failure(let error):
            // The request never got an answer: go back to the page (answers kept) so it can be sent again.
            tabs[index].submitsAfterValidation = false
            let back = tabs[index].machine.cancelRequest()
            if back.isEmpty, let ended = resourceJourneyEnded(.failure(error), tab: index) { return ended }
            if back.isEmpty, keepBrowserPage(after: error, tab: index) { return [] }
            if back.isEmpty {
                tabs[index].phase = .ended(error)
                tabs[index].banner = ClientTab.Banner(kind: .error, text: error.description + " Press Enter to try again.")
                return []
            }
            let effects = perform(back, tab: index, purpose: purpose)
            let retry = purpose == .validate ? "The field could not be checked: " : ""
            tabs[index].banner = ClientTab.Banner(kind: .error, text: retry + error.description + " Press Enter to try again.")
            return effects
        }
    }

    /// Applies the machine's actions to a tab and turns them into effects.
    mutating func perform(_ actions: [JourneyAction], tab index: Int, purpose: ClientTab.Purpose) -> [AppEffect] {
        var effects: [AppEffect] = []
        for action in actions {
            switch action {
            case .send(let request):
                let requestID = makeRequestID()
                tabs[index].phase = .busy(requestID: requestID, purpose: purpose, spinnerFrame: 0)
                effects.append(.send(tabID: tabs[index].id, requestID: requestID, request))
            case .present(let step):
                var form = Form(step: step, carrying: tabs[index].form)
                if case .journey(_, let name)? = tabs[index].requestPane?.waiting {
                    form.journeyName = name
                } else {
                    form.journeyName = tabs[index].profile.request.journeyName
                }
                tabs[index].form = form
                tabs[index].phase = .answering
                effects += presented(step, tab: index)
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
                effects += forgetBrowserStep(tab: index)
                if let resumed = resourceJourneyEnded(.success(success), tab: index) {
                    effects += resumed
                    continue
                }
                tabs[index].phase = .signedIn(success)
                tabs[index].form = nil
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
                if let resumed = resourceJourneyEnded(.failure(error), tab: index) {
                    effects += resumed
                    continue
                }
                tabs[index].phase = .ended(error)
                let next = error.isExpiry ? "Press Enter to start it again." : "Press Enter to start again."
                tabs[index].banner = ClientTab.Banner(kind: .error, text: error.description + " " + next)
            }
        }
        return effects
    }
}
