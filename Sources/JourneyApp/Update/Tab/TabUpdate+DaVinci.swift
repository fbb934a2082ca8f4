import DaVinci
import JourneyEngine
import JourneyProfiles
import Orchestrate
import Renderer
import TerminalKit

/// A DaVinci tab: its flow from the environment's discovery to tokens, its keys, and signing off.
/// The tab's own state is its ``DaVinciTab`` (`tab.davinci`); the flow is a
/// `DaVinciFlow` value, and the runtime sends what it asks for through the tab's own client.
/// These functions are called for DaVinci tabs only.
extension TabUpdate {
    /// The tab opened: its environment's endpoints are known; it shows the tokens its instance
    /// keeps, or runs its flow.
    mutating func davinciOpened(_ snapshot: InstanceSnapshot) -> [AppEffect] {
        tab.davinci?.endpoints = snapshot.endpoints
        guard let stored = snapshot.flowTokens else {
            if let kept = snapshot.flowBrowserStep, let endpoints = snapshot.endpoints {
                showKeptFlowBrowserStep(kept, endpoints: endpoints)
                return []
            }
            // What the tab said while it opened (a sign-out at the old server) stays up.
            let said = tab.banner
            defer { tab.banner = said }
            return startFlow()
        }
        adoptFlowTokens(stored, why: "Signed on with the tokens the instance \(tab.instanceName) keeps. Enter runs the flow again; l signs off.")
        return []
    }

    /// `s` or Enter: the flow runs again from its first form; a request in flight is abandoned,
    /// but a code being exchanged is not (its tokens are a moment away: that run ends first).
    mutating func restartFlow() -> [AppEffect] {
        if case .busy(let request)? = tab.davinci?.phase, request.purpose == .exchange { return [] }
        return cancelFlowRequest() + startFlow()
    }

    /// Runs the tab's flow from its first form, with a new PKCE verifier, `state` and `nonce`;
    /// a flow kept for a browser is abandoned.
    mutating func startFlow() -> [AppEffect] {
        guard let configuration = tab.profile.davinci else { return [] }
        context.backToForm = true
        tab.banner = nil
        let abandoned = forgetFlowBrowser()
        guard let endpoints = tab.davinci?.endpoints else { return abandoned + open() }
        let flow = DaVinciFlow(configuration: configuration, endpoints: endpoints)
        tab.davinci?.flow = flow
        tab.davinci?.form = nil
        return abandoned + sendFlow(flow.start(), purpose: .start)
    }

    /// Sends a request of the flow through the tab's client; the tab is busy until it is answered.
    mutating func sendFlow(_ request: HTTPRequest, purpose: RequestInFlight.Purpose) -> [AppEffect] {
        let requestID = context.requestIDs.make()
        tab.davinci?.phase = .busy(RequestInFlight(requestID: requestID, purpose: purpose))
        return [.send(tabID: tab.id, requestID: requestID, request)]
    }

    /// PingOne's answer: the next form (or the same one with its messages), the code to
    /// exchange, or the end of the flow.
    mutating func flowResponded(_ result: Result<HTTPResponse, DaVinciError>, requestID: Int) -> [AppEffect] {
        guard case .busy(let request)? = tab.davinci?.phase, request.requestID == requestID,
              var flow = tab.davinci?.flow else { return [] }
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
            tab.davinci?.flow = flow
            return performPoll(action)
        }
        let action = flow.received(response)
        tab.davinci?.flow = flow
        tab.davinci?.polling = nil
        switch action {
        case .present(let step):
            tab.davinci?.form = FlowForm(step: step)
            tab.davinci?.phase = .answering
            // A polling form is not answered: the tab waits and polls by itself.
            return step.polling == nil ? [] : poll(step)
        case .send(let automatic):
            return sendFlow(automatic, purpose: .submit)
        case .exchange(let code):
            let exchangeID = context.requestIDs.make()
            tab.davinci?.phase = .busy(RequestInFlight(requestID: exchangeID, purpose: .exchange))
            return [.exchangeFlowCode(tabID: tab.id, requestID: exchangeID, code: code, flow)]
        case .failed(let error):
            flowEnded(error)
            return []
        }
    }

    /// Polls the polling form `step` as the SDKs do: waits, then submits it again or asks its
    /// challenge's status (``DaVinciFlow/nextPoll(of:)``).
    private mutating func poll(_ step: DaVinciStep) -> [AppEffect] {
        guard var flow = tab.davinci?.flow else { return [] }
        let action = flow.nextPoll(of: step)
        tab.davinci?.flow = flow
        return performPoll(action)
    }

    private mutating func performPoll(_ action: PollAction) -> [AppEffect] {
        switch action {
        case .wait(let progress):
            // The wait is a request in flight without a request: Esc cancels it the same way,
            // and the runtime reports it over under its id.
            let waitID = context.requestIDs.make()
            tab.davinci?.phase = .busy(RequestInFlight(requestID: waitID, purpose: .poll))
            tab.davinci?.polling = progress
            return [.schedulePoll(tabID: tab.id, authId: String(waitID), after: progress.interval)]
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
        guard case .busy(let waiting)? = tab.davinci?.phase, waiting.purpose == .poll, String(waiting.requestID) == authId,
              var flow = tab.davinci?.flow, let step = flow.current else { return [] }
        let action = flow.afterWait(on: step)
        tab.davinci?.flow = flow
        return performPoll(action)
    }

    /// The exchange's outcome: the tab signed on with its tokens, or why not.
    mutating func flowSignedOn(_ result: Result<FlowTokens, DaVinciError>, requestID: Int) -> [AppEffect] {
        guard case .busy(let request)? = tab.davinci?.phase, request.requestID == requestID, request.purpose == .exchange else {
            // Tokens for a run the tab left (new options) are nobody's: they are signed off.
            guard case .success(let obtained) = result else { return [] }
            return [.signOut(tabID: tab.id, .davinci(obtained.held))]
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
        let sent = tab.davinci?.browser == nil ? "the form" : "the address"
        guard tab.davinci?.form != nil || tab.davinci?.browser != nil else {
            flowEnded(error)
            return []
        }
        tab.davinci?.phase = .answering
        tab.davinci?.polling = nil
        let text = error == .cancelled ? "Request cancelled. Nothing you typed was lost." : error.description + " Press Enter to send \(sent) again."
        tab.banner = ClientTab.Banner(kind: error == .cancelled ? .information : .error, text: text)
        return []
    }

    private mutating func flowEnded(_ error: DaVinciError) {
        tab.davinci?.polling = nil
        tab.davinci?.flow = nil
        tab.davinci?.form = nil
        tab.davinci?.phase = .ended
        let next = error.isExpiry ? "Press Enter." : "Press Enter to start the flow again."
        tab.banner = ClientTab.Banner(kind: .error, text: error.description + " " + next)
    }

    /// The instance could not be opened (a store of the other kind, PingOne unreachable).
    mutating func davinciNotOpened(_ problem: InstanceProblem) {
        tab.davinci?.phase = .ended
        tab.banner = ClientTab.Banner(kind: .error, text: problem.message + " Press Enter to try again.")
    }

    /// Shows the tab signed on with tokens it did not sign on for itself: kept by its instance,
    /// or put in a token store it shares by another tab.
    mutating func adoptFlowTokens(_ stored: StoredFlowTokens, why: String) {
        signedOn(stored, claims: nil)
        tab.banner = ClientTab.Banner(kind: .information, text: why)
        context.signedIn = true
    }

    private mutating func signedOn(_ stored: StoredFlowTokens, claims: TokenClaims?) {
        tab.davinci?.flow = nil
        tab.davinci?.form = nil
        tab.davinci?.phase = .signedOn
        tab.userName = stored.userName
        var inspector = TabTokens()
        inspector.tokens = stored.tokens
        inspector.endpoints = stored.endpoints
        inspector.idTokenClaims = claims
        tab.tokens = inspector
    }

    /// A key for the DaVinci form on screen; nil when the form leaves it to the commands.
    mutating func flowKey(_ key: KeyEvent) -> [AppEffect]? {
        if tab.showsFlowBrowserPage { return flowBrowserKey(key) }
        guard var form = tab.davinci?.form, var flow = tab.davinci?.flow else { return nil }
        let event = form.update(key)
        tab.davinci?.form = form
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
            tab.davinci?.flow = flow
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
        guard case .busy(let request)? = tab.davinci?.phase, request.purpose != .exchange else { return [] }
        let effects: [AppEffect] = [.cancel(tabID: tab.id, requestID: request.requestID)]
        let hasForm = tab.davinci?.form != nil || tab.showsFlowBrowserPage
        tab.davinci?.phase = hasForm ? .answering : .idle
        let polled = tab.davinci?.polling != nil
        tab.davinci?.polling = nil
        tab.banner = ClientTab.Banner(kind: .information, text: polled ? "Polling stopped. Enter polls again." : "Request cancelled. Nothing you typed was lost.")
        return effects
    }

    /// `l` in a DaVinci tab: the tokens are revoked, the PingOne session ended, the stores forgotten.
    mutating func signOffFlow() -> [AppEffect] {
        guard case .signedOn? = tab.davinci?.phase, let held = tab.heldFlow else { return [] }
        tab.tokens = nil
        tab.userName = nil
        tab.davinci?.phase = .idle
        tab.banner = ClientTab.Banner(kind: .information, text: "Signing off at PingOne…")
        return [.signOut(tabID: tab.id, .davinci(held))]
    }

    /// The tab signed off; one that signed off for new options opens on them now (its stores
    /// forgotten first, so it cannot adopt the tokens it just gave up).
    mutating func flowSignedOff(_ problems: [String]?) -> [AppEffect] {
        let restarting = tab.restartNotice != nil
        let cause = tab.restartNotice.map { "\($0). " } ?? ""
        tab.restartNotice = nil
        tab.banner = switch problems {
        case nil:
            ClientTab.Banner(kind: .information, text: cause + "There were no tokens to sign off; the instance's stores are forgotten.")
        case let problems? where problems.isEmpty:
            ClientTab.Banner(kind: .information, text: cause + "Signed off: the tokens were revoked and the PingOne session ended; the instance forgot both.")
        case let problems?:
            ClientTab.Banner(kind: .error, text: cause + "Signed off here; PingOne was not told everything (\(problems.map(TerminalText.line).joined(separator: "; "))).")
        }
        // A tab already running its flow again (Enter) is left to it.
        guard restarting, case .idle? = tab.davinci?.phase else { return [] }
        return open()
    }
}

extension ClientTab {
    /// What the tab holds at its environment, to sign off there.
    var heldFlow: HeldFlow? {
        guard let configuration = profile.davinci else { return nil }
        let tokens = tokens.flatMap { inspector in
            inspector.tokens.flatMap { tokens in
                inspector.endpoints.map { StoredFlowTokens(tokens: tokens, endpoints: $0, userName: userName) }
            }
        }
        return HeldFlow(instanceName: instanceName, configuration: configuration, stores: stores,
                        tls: profile.options.davinciTLS, tokens: tokens)
    }
}

/// What a DaVinci tab holds at its environment, for signing off there: the configuration and
/// stores it ran with, and its tokens if it has any.
public struct HeldFlow: Sendable, Hashable {
    public let instanceName: String
    public let configuration: DaVinciConfiguration
    public let stores: InstanceStores
    /// The TLS settings the environment was reached with.
    public let tls: DaVinciInstanceRecord.TLSSettings
    public let tokens: StoredFlowTokens?
}
