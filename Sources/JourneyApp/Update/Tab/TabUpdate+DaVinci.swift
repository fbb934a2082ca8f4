import DaVinci
import JourneyEngine
import JourneyProfiles
import Orchestrate
import Renderer
import TerminalKit

/// A DaVinci tab: its flow from the environment's discovery to tokens, its keys, and signing off.
/// The tab's own state is its ``DaVinciTab`` (`kind`); the flow is a `DaVinciFlow` value, and
/// the runtime sends what it asks for through the tab's own connection.
extension TabUpdate where Kind == DaVinciTab {
    /// `s` or Enter: the flow runs again from its first form; a request in flight is abandoned,
    /// but a code being exchanged is not (its tokens are a moment away: that run ends first).
    mutating func restartFlow() -> [AppEffect] {
        if case .busy(let request) = kind.phase, request.purpose == .exchange { return [] }
        return cancelFlowRequest() + startFlow()
    }

    /// Runs the tab's flow from its first form, with a new PKCE verifier, `state` and `nonce`;
    /// a flow kept for a browser is abandoned.
    mutating func startFlow() -> [AppEffect] {
        guard let configuration = tab.profile.davinci else { return [] }
        context.backToForm = true
        tab.banner = nil
        let abandoned = forgetFlowBrowser()
        guard let endpoints = kind.endpoints else { return abandoned + open() }
        let flow = DaVinciFlow(configuration: configuration, endpoints: endpoints)
        kind.flow = flow
        kind.form = nil
        return abandoned + sendFlow(flow.start(), purpose: .start)
    }

    /// Sends a request of the flow through the tab's client; the tab is busy until it is answered.
    mutating func sendFlow(_ request: HTTPRequest, purpose: RequestInFlight.Purpose) -> [AppEffect] {
        let requestID = context.requestIDs.make()
        kind.phase = .busy(RequestInFlight(requestID: requestID, purpose: purpose))
        return [.tab(id: tab.id, .send(requestID: requestID, request))]
    }

    /// PingOne's answer: the next form (or the same one with its messages), the code to
    /// exchange, or the end of the flow.
    mutating func flowResponded(_ result: Result<HTTPResponse, DaVinciError>, requestID: Int) -> [AppEffect] {
        guard case .busy(let request) = kind.phase, request.requestID == requestID,
              var flow = kind.flow else { return [] }
        switch result {
        case .success(let response):
            // PingOne answered a browser's continue token: the kept flow is spent, whatever it said.
            return forgetFlowBrowser() + flowAnswered(response, purpose: request.purpose, flow: &flow)
        case .failure(let error):
            return flowInterrupted(by: error)
        }
    }

    private mutating func flowAnswered(_ response: HTTPResponse, purpose: RequestInFlight.Purpose, flow: inout DaVinciFlow) -> [AppEffect] {
        // A polling form's challenge status (the form's own polls go as `.submit`).
        if purpose == .poll, let step = flow.current {
            let action = flow.challengeAnswered(response, on: step)
            kind.flow = flow
            return performPoll(action)
        }
        let action = flow.received(response)
        kind.flow = flow
        kind.polling = nil
        switch action {
        case .present(let step):
            kind.form = FlowForm(step: step)
            kind.phase = .answering
            // A polling form is not answered: the tab waits and polls by itself.
            return step.polling == nil ? [] : poll(step)
        case .send(let automatic):
            return sendFlow(automatic, purpose: .submit)
        case .exchange(let code):
            let exchangeID = context.requestIDs.make()
            kind.phase = .busy(RequestInFlight(requestID: exchangeID, purpose: .exchange))
            return [.tab(id: tab.id, .exchangeFlowCode(requestID: exchangeID, code: code, flow))]
        case .failed(let error):
            flowEnded(error)
            return []
        }
    }

    /// Polls the polling form `step` as the SDKs do: waits, then submits it again or asks its
    /// challenge's status (``DaVinciFlow/nextPoll(of:)``).
    private mutating func poll(_ step: DaVinciStep) -> [AppEffect] {
        guard var flow = kind.flow else { return [] }
        let action = flow.nextPoll(of: step)
        kind.flow = flow
        return performPoll(action)
    }

    private mutating func performPoll(_ action: PollAction) -> [AppEffect] {
        switch action {
        case .wait(let progress):
            // The wait is a request in flight without a request: Esc cancels it the same way,
            // and the runtime reports it over under its id.
            let waitID = context.requestIDs.make()
            kind.phase = .busy(RequestInFlight(requestID: waitID, purpose: .poll))
            kind.polling = progress
            return [.tab(id: tab.id, .schedulePoll(authId: String(waitID), after: progress.interval))]
        case .askStatus(let request):
            return sendFlow(request, purpose: .poll)
        case .submit(let request):
            return sendFlow(request, purpose: .submit)
        case .failed(let error):
            flowEnded(error)
            return []
        }
    }

    /// A polling form's wait is over, unless the tab was cancelled or moved on meanwhile.
    mutating func flowPollDue(authId: String) -> [AppEffect] {
        guard case .busy(let waiting) = kind.phase, waiting.purpose == .poll, String(waiting.requestID) == authId,
              var flow = kind.flow, let step = flow.current else { return [] }
        let action = flow.afterWait(on: step)
        kind.flow = flow
        return performPoll(action)
    }

    /// The exchange's outcome: the tab signed on with its tokens, or why not.
    mutating func flowSignedOn(_ result: Result<FlowTokens, DaVinciError>, requestID: Int) -> [AppEffect] {
        guard case .busy(let request) = kind.phase, request.requestID == requestID, request.purpose == .exchange else {
            // Tokens for a run the tab left (new options) are nobody's.
            return FlowTokens.signOff(unclaimed: result, tabID: tab.id)
        }
        switch result {
        case .success(let obtained):
            signedOn(obtained.stored, claims: obtained.claims)
            tab.banner = if let problem = obtained.notKept {
                ClientTab.Banner(kind: .error, text: "Signed on, but the tokens could not be kept in the instance \(tab.instanceName)'s stores: \(problem)")
            } else {
                ClientTab.Banner(kind: .information, text: "Signed on: the flow ended with tokens, kept in the instance \(tab.instanceName)'s stores.")
            }
            context.signedIn = true
        case .failure(let error):
            flowEnded(error)
        }
        return []
    }

    /// A request that got no answer (refused connection, timeout, Esc): the form stays with what
    /// was typed, to send again; without a form the flow could not start.
    private mutating func flowInterrupted(by error: DaVinciError) -> [AppEffect] {
        let sent = kind.browser == nil ? "the form" : "the address"
        guard kind.form != nil || kind.browser != nil else {
            flowEnded(error)
            return []
        }
        kind.phase = .answering
        kind.polling = nil
        let text = error == .cancelled ? "Request cancelled. Nothing you typed was lost." : error.description + " Press Enter to send \(sent) again."
        tab.banner = ClientTab.Banner(kind: error == .cancelled ? .information : .error, text: text)
        return []
    }

    private mutating func flowEnded(_ error: DaVinciError) {
        kind.polling = nil
        kind.flow = nil
        kind.form = nil
        kind.phase = .ended
        let next = error.isExpiry ? "Press Enter." : "Press Enter to start the flow again."
        tab.banner = ClientTab.Banner(kind: .error, text: error.description + " " + next)
    }

    /// A key for the DaVinci form on screen; nil when the form leaves it to the commands.
    mutating func flowKey(_ key: KeyEvent) -> [AppEffect]? {
        if kind.showsBrowserPage { return flowBrowserKey(key) }
        guard var form = kind.form, var flow = kind.flow else { return nil }
        let event = form.update(key)
        kind.form = form
        switch event {
        case .handled:
            tab.banner = nil
            return []
        case .submit(let step, nil) where step.polling != nil:
            // Enter on a polling form (its polls stopped by Esc) polls again.
            tab.banner = nil
            return poll(step)
        case .submit(let step, let pressed):
            let request = flow.submission(step, pressing: pressed)
            kind.flow = flow
            tab.banner = nil
            return sendFlow(request, purpose: .submit)
        case .browser(let step, let pressed):
            return handToBrowser(step, pressing: pressed)
        case .problem(let message):
            tab.banner = ClientTab.Banner(kind: .error, text: message)
            return []
        case .ignored:
            return nil
        }
    }

    /// Abandons the request in flight; the form stays as typed. The code's exchange is not
    /// abandoned: the flow is over at PingOne by then, and its tokens are a moment away.
    mutating func cancelFlowRequest() -> [AppEffect] {
        guard case .busy(let request) = kind.phase, request.purpose != .exchange else { return [] }
        let effects: [AppEffect] = [.tab(id: tab.id, .cancel(requestID: request.requestID))]
        let hasForm = kind.form != nil || kind.showsBrowserPage
        kind.phase = hasForm ? .answering : .idle
        let polled = kind.polling != nil
        kind.polling = nil
        tab.banner = ClientTab.Banner(kind: .information, text: polled ? "Polling stopped. Enter polls again." : "Request cancelled. Nothing you typed was lost.")
        return effects
    }
}
