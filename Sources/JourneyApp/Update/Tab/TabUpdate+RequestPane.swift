import JourneyEngine
import Orchestrate

/// What the request pane asks of its tab: walk a step-up or advice journey in the tab's form
/// (and keep the session it ends with), fetch tokens with a step-up's requirements, say
/// something, open the trace. The pane decides (`Update/Panes/RequestPane+Update.swift`).
extension TabUpdate {
    /// The tab's pane's step-up journey ended (or was given up). On success the tab keeps the
    /// (upgraded) session; on failure it goes back to the session it had; then the pane goes on.
    mutating func stepUpEnded(_ result: Result<LoginSuccess, JourneyError>) -> [AppEffect] {
        var effects: [AppEffect] = []
        var failure: JourneyError?
        if case .stepUp(let before, _)? = tab.journey?.walk {
            switch result {
            case .success(let success) where success.tokenId == nil:
                // A journey that ends without a session cannot stand in for the one the tab holds.
                tab.journey?.phase = .signedIn(before)
                tab.banner = ClientTab.Banner(kind: .error, text: "AM ended the journey without a session; the tab keeps the one it had.")
            case .success(let success):
                tab.journey?.phase = .signedIn(success)
                effects.append(.store(tabID: tab.id, .signedIn(success, userName: tab.userName)))
                tab.banner = nil
            case .failure(let error):
                tab.journey?.phase = .signedIn(before)
                failure = error
            }
            tab.journey?.walk = .own
            tab.journey?.form = nil
            if let server = tab.profile.server {
                let machine = JourneyMachine(server: server, request: tab.profile.request)
                tab.journey?.machine = machine
            }
        }
        effects += updateRequestPane(.journeyEnded(result))
        // The pane says what failed: a step-up, or a transaction's confirmation.
        if let error = failure {
            let message = if case .failed(let message, _)? = tab.requestPane?.outcome { message } else {
                "The journey did not complete (\(error.description)); the session and tokens the instance had are kept."
            }
            tab.banner = ClientTab.Banner(kind: .error, text: message)
        }
        return effects
    }

    /// Hands an event to the tab's pane, then does what it asks, in order.
    mutating func updateRequestPane(_ event: RequestPane.Event) -> [AppEffect] {
        guard var pane = tab.requestPane else { return [] }
        let outputs = pane.update(event, context: RequestPane.Context(tab: tab), requestIDs: &context.requestIDs)
        tab.requestPane = pane
        var effects: [AppEffect] = []
        for output in outputs {
            switch output {
            case .effect(let effect):
                effects.append(effect)
            case .banner(let banner):
                tab.banner = banner
            case .walk(let journey, let before):
                effects += walkStepUp(journey, before: before)
            case .fetchTokens(let ssoToken, let oauth, let requirements):
                var inspector = tab.tokens ?? TabTokens()
                inspector.work = .fetching
                tab.tokens = inspector
                effects.append(.fetchTokens(tabID: tab.id, ssoToken: ssoToken, oauth, requirements))
            case .showTrace:
                tab.tracePane = TracePane()
            case .showHelp:
                context.showsHelp = true
            case .close:
                tab.requestPane = nil
            }
        }
        return effects
    }

    /// The tab walks its pane's step-up journey in its form, in front.
    private mutating func walkStepUp(_ journey: JourneyRequest, before: LoginSuccess) -> [AppEffect] {
        guard let server = tab.journey?.machine.server else { return [] }
        tab.journey?.walk = .stepUp(before: before, name: journey.summary)
        tab.journey?.machine = JourneyMachine(server: server, request: journey)
        tab.journey?.form = nil
        context.toFront = true
        return perform(tab.journey?.machine.start() ?? [], purpose: .start)
    }
}
