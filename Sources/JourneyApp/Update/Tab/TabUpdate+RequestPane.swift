import JourneyEngine
import Orchestrate

/// What the request pane asks of its tab: walk a step-up or advice journey in the tab's form
/// (the kind does: `TabUpdate+StepUp.swift`), fetch tokens with a step-up's requirements, say
/// something, open the trace. The pane decides (`Update/Panes/RequestPane+Update.swift`).
extension TabUpdate {
    /// Hands an event to the tab's pane, then does what it asks, in order.
    mutating func updateRequestPane(_ event: RequestPane.Event) -> [AppEffect] {
        guard var pane = tab.requestPane else { return [] }
        let outputs = pane.update(event, context: RequestPane.Context(tab: tab, session: kind.session), requestIDs: &context.requestIDs)
        tab.requestPane = pane
        var effects: [AppEffect] = []
        for output in outputs {
            switch output {
            case .effect(let effect):
                effects.append(effect)
            case .banner(let banner):
                tab.banner = banner
            case .walk(let journey, let before):
                effects += Kind.walkStepUp(&self, journey, before: before)
            case .fetchTokens(let ssoToken, let oauth, let requirements):
                var inspector = tab.tokens ?? TabTokens()
                inspector.work = .fetching
                tab.tokens = inspector
                effects.append(.tab(id: tab.id, .fetchTokens(ssoToken: ssoToken, oauth, requirements)))
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

    /// Tokens the tab's pane waits for arrived, or failed; other reports are not the pane's.
    mutating func requestPaneTokens(_ report: TokenReport) -> [AppEffect] {
        switch report {
        case .fetched(let tokens, _, _): updateRequestPane(.tokensFetched(.success(tokens)))
        case .failed(let error): updateRequestPane(.tokensFetched(.failure(error)))
        case .revoked, .userinfo: []
        }
    }
}
