import DaVinci
import JourneyEngine
import JourneyProfiles
import Orchestrate
import Renderer
import TerminalKit

/// A DaVinci tab: its flow from the environment's discovery to tokens, its keys, and signing off.
/// The tab's own state is its ``DaVinciTab`` (`tabs[index].davinci`); the flow is a
/// `DaVinciFlow` value, and the runtime sends what it asks for through the tab's own client.
/// These functions are called for DaVinci tabs only.
extension AppState {
    /// The tab opened: its environment's endpoints are known; it shows the tokens its instance
    /// keeps, or runs its flow.
    mutating func davinciOpened(_ snapshot: InstanceSnapshot, tab index: Int) -> [AppEffect] {
        tabs[index].davinci?.endpoints = snapshot.endpoints
        guard let stored = snapshot.flowTokens else {
            // What the tab said while it opened (a sign-out at the old server) stays up.
            let said = tabs[index].banner
            defer { tabs[index].banner = said }
            return startFlow(tab: index)
        }
        adoptFlowTokens(stored, tab: index, why: "Signed on with the tokens the instance \(tabs[index].instanceName) keeps. Enter runs the flow again; l signs off.")
        return []
    }

    /// `s` or Enter: the flow runs again from its first form; a request in flight is abandoned,
    /// but a code being exchanged is not (its tokens are a moment away: that run ends first).
    mutating func restartFlow(tab index: Int) -> [AppEffect] {
        if case .busy(let request)? = tabs[index].davinci?.phase, request.purpose == .exchange { return [] }
        return cancelFlowRequest(tab: index) + startFlow(tab: index)
    }

    /// Runs the tab's flow from its first form, with a new PKCE verifier, `state` and `nonce`.
    mutating func startFlow(tab index: Int) -> [AppEffect] {
        guard let configuration = tabs[index].profile.davinci else { return [] }
        commandMode = false
        tabs[index].banner = nil
        guard let endpoints = tabs[index].davinci?.endpoints else { return open(tab: index) }
        let flow = DaVinciFlow(configuration: configuration, endpoints: endpoints)
        tabs[index].davinci?.flow = flow
        tabs[index].davinci?.form = nil
        return sendFlow(flow.start(), tab: index, purpose: .start)
    }

    private mutating func sendFlow(_ request: HTTPRequest, tab index: Int, purpose: RequestInFlight.Purpose) -> [AppEffect] {
        let requestID = makeRequestID()
        tabs[index].davinci?.phase = .busy(RequestInFlight(requestID: requestID, purpose: purpose))
        return [.send(tabID: tabs[index].id, requestID: requestID, request)]
    }

    /// PingOne's answer: the next form (or the same one with its messages), the code to
    /// exchange, or the end of the flow.
    mutating func flowResponded(_ result: Result<HTTPResponse, DaVinciError>, tab index: Int, requestID: Int) -> [AppEffect] {
        guard case .busy(let request)? = tabs[index].davinci?.phase, request.requestID == requestID,
              var flow = tabs[index].davinci?.flow else { return [] }
        let response: HTTPResponse
        switch result {
        case .success(let answered): response = answered
        case .failure(let error): return flowInterrupted(by: error, tab: index)
        }
        let action = flow.received(response)
        tabs[index].davinci?.flow = flow
        switch action {
        case .present(let step):
            tabs[index].davinci?.form = FlowForm(step: step)
            tabs[index].davinci?.phase = .answering
            return []
        case .exchange(let code):
            let exchangeID = makeRequestID()
            tabs[index].davinci?.phase = .busy(RequestInFlight(requestID: exchangeID, purpose: .exchange))
            return [.exchangeFlowCode(tabID: tabs[index].id, requestID: exchangeID, code: code, flow)]
        case .failed(let error):
            flowEnded(error, tab: index)
            return []
        }
    }

    /// The exchange's outcome: the tab signed on with its tokens, or why not.
    mutating func flowSignedOn(_ result: Result<FlowTokens, DaVinciError>, tabID: Int, requestID: Int) -> [AppEffect] {
        guard let index = index(ofTab: tabID), case .busy(let request)? = tabs[index].davinci?.phase,
              request.requestID == requestID, request.purpose == .exchange else {
            // Tokens for a run the tab left (closed, new options) are nobody's: they are signed off.
            guard case .success(let obtained) = result else { return [] }
            return [.signOut(tabID: tabID, .davinci(obtained.held))]
        }
        switch result {
        case .success(let obtained):
            signedOn(obtained.stored, claims: obtained.claims, tab: index)
            tabs[index].banner = if let problem = obtained.notKept {
                ClientTab.Banner(kind: .error, text: "Signed on, but the tokens could not be kept in the instance \(tabs[index].instanceName)'s stores: \(problem)")
            } else {
                ClientTab.Banner(kind: .information, text: "Signed on: the flow ended with tokens, kept in the instance \(tabs[index].instanceName)'s stores.")
            }
            hint = nil
        case .failure(let error):
            flowEnded(error, tab: index)
        }
        return []
    }

    /// A request that got no answer (refused connection, timeout, Esc): the form stays with what
    /// was typed, to send again; without a form the flow could not start.
    private mutating func flowInterrupted(by error: DaVinciError, tab index: Int) -> [AppEffect] {
        guard tabs[index].davinci?.form != nil else {
            flowEnded(error, tab: index)
            return []
        }
        tabs[index].davinci?.phase = .answering
        let text = error == .cancelled ? "Request cancelled. Nothing you typed was lost." : error.description + " Press Enter to send the form again."
        tabs[index].banner = ClientTab.Banner(kind: error == .cancelled ? .information : .error, text: text)
        return []
    }

    private mutating func flowEnded(_ error: DaVinciError, tab index: Int) {
        tabs[index].davinci?.flow = nil
        tabs[index].davinci?.form = nil
        tabs[index].davinci?.phase = .ended
        let next = error.isExpiry ? "Press Enter." : "Press Enter to start the flow again."
        tabs[index].banner = ClientTab.Banner(kind: .error, text: error.description + " " + next)
    }

    /// The instance could not be opened (a store of the other kind, PingOne unreachable).
    mutating func davinciNotOpened(_ problem: InstanceProblem, tab index: Int) {
        tabs[index].davinci?.phase = .ended
        tabs[index].banner = ClientTab.Banner(kind: .error, text: problem.message + " Press Enter to try again.")
    }

    /// Shows the tab signed on with tokens it did not sign on for itself: kept by its instance,
    /// or put in a token store it shares by another tab.
    mutating func adoptFlowTokens(_ stored: StoredFlowTokens, tab index: Int, why: String) {
        signedOn(stored, claims: nil, tab: index)
        tabs[index].banner = ClientTab.Banner(kind: .information, text: why)
        hint = nil
    }

    private mutating func signedOn(_ stored: StoredFlowTokens, claims: TokenClaims?, tab index: Int) {
        tabs[index].davinci?.flow = nil
        tabs[index].davinci?.form = nil
        tabs[index].davinci?.phase = .signedOn
        tabs[index].userName = stored.userName
        var inspector = TabTokens()
        inspector.tokens = stored.tokens
        inspector.endpoints = stored.endpoints
        inspector.idTokenClaims = claims
        tabs[index].tokens = inspector
    }

    /// A key for the DaVinci form on screen; nil when the form leaves it to the commands.
    mutating func flowKey(_ key: KeyEvent, tab index: Int) -> [AppEffect]? {
        guard var form = tabs[index].davinci?.form, var flow = tabs[index].davinci?.flow else { return nil }
        let event = form.update(key)
        tabs[index].davinci?.form = form
        switch event {
        case .handled:
            tabs[index].banner = nil
            return []
        case .submit(let step, let pressed):
            let request = flow.submission(step, pressing: pressed)
            tabs[index].davinci?.flow = flow
            tabs[index].banner = nil
            return sendFlow(request, tab: index, purpose: .submit)
        case .problem(let message):
            tabs[index].banner = ClientTab.Banner(kind: .error, text: message)
            return []
        case .ignored:
            guard key == .escape else { return nil }
            commandMode = true
            return []
        }
    }

    /// Abandons the request in flight; the form stays as typed. The code's exchange is not
    /// abandoned: the flow is over at PingOne by then, and its tokens are a moment away.
    mutating func cancelFlowRequest(tab index: Int) -> [AppEffect] {
        guard case .busy(let request)? = tabs[index].davinci?.phase, request.purpose != .exchange else { return [] }
        let effects: [AppEffect] = [.cancel(tabID: tabs[index].id, requestID: request.requestID)]
        let hasForm = tabs[index].davinci?.form != nil
        tabs[index].davinci?.phase = hasForm ? .answering : .idle
        tabs[index].banner = ClientTab.Banner(kind: .information, text: "Request cancelled. Nothing you typed was lost.")
        return effects
    }

    /// `l` in a DaVinci tab: the tokens are revoked, the PingOne session ended, the stores forgotten.
    mutating func signOffFlow(tab index: Int) -> [AppEffect] {
        guard case .signedOn? = tabs[index].davinci?.phase, let held = heldFlow(tab: index) else { return [] }
        tabs[index].tokens = nil
        tabs[index].userName = nil
        tabs[index].davinci?.phase = .idle
        tabs[index].banner = ClientTab.Banner(kind: .information, text: "Signing off at PingOne…")
        return [.signOut(tabID: tabs[index].id, .davinci(held))]
    }

    /// What the tab holds at its environment, to sign off there.
    func heldFlow(tab index: Int) -> HeldFlow? {
        guard let configuration = tabs[index].profile.davinci else { return nil }
        let tokens = tabs[index].tokens.flatMap { inspector in
            inspector.tokens.flatMap { tokens in
                inspector.endpoints.map { StoredFlowTokens(tokens: tokens, endpoints: $0, userName: tabs[index].userName) }
            }
        }
        return HeldFlow(instanceName: tabs[index].instanceName, configuration: configuration, stores: tabs[index].stores,
                        tls: tabs[index].profile.options.davinciTLS, tokens: tokens)
    }

    /// The tab signed off; one that signed off for new options opens on them now (its stores
    /// forgotten first, so it cannot adopt the tokens it just gave up).
    mutating func flowSignedOff(_ problems: [String]?, tab index: Int) -> [AppEffect] {
        let restarting = tabs[index].restartNotice != nil
        let cause = tabs[index].restartNotice.map { "\($0). " } ?? ""
        tabs[index].restartNotice = nil
        tabs[index].banner = switch problems {
        case nil:
            ClientTab.Banner(kind: .information, text: cause + "There were no tokens to sign off; the instance's stores are forgotten.")
        case let problems? where problems.isEmpty:
            ClientTab.Banner(kind: .information, text: cause + "Signed off: the tokens were revoked and the PingOne session ended; the instance forgot both.")
        case let problems?:
            ClientTab.Banner(kind: .error, text: cause + "Signed off here; PingOne was not told everything (\(problems.map(TerminalText.line).joined(separator: "; "))).")
        }
        // A tab already running its flow again (Enter) is left to it.
        guard restarting, case .idle? = tabs[index].davinci?.phase else { return [] }
        return open(tab: index)
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
