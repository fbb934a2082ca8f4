import JourneyEngine
import Orchestrate

/// A journey tab walks its request pane's step-up or advice journey in its form, in front, and
/// keeps the session it ends with (or goes back to the one it had); then the pane goes on.
extension TabUpdate where Kind == JourneyTab {
    /// The tab's pane's step-up journey ended (or was given up). On success the tab keeps the
    /// (upgraded) session; on failure it goes back to the session it had; then the pane goes on.
    mutating func stepUpEnded(_ result: Result<LoginSuccess, JourneyError>) -> [AppEffect] {
        var effects: [AppEffect] = []
        var failure: JourneyError?
        if case .stepUp(let before, _) = kind.walk {
            switch result {
            case .success(let success) where success.tokenId == nil:
                // A journey that ends without a session cannot stand in for the one the tab holds.
                kind.phase = .signedIn(before)
                tab.banner = ClientTab.Banner(kind: .error, text: "AM ended the journey without a session; the tab keeps the one it had.")
            case .success(let success):
                kind.phase = .signedIn(success)
                effects.append(.tab(id: tab.id, .store(.signedIn(success, userName: tab.userName))))
                tab.banner = nil
            case .failure(let error):
                kind.phase = .signedIn(before)
                failure = error
            }
            kind.walk = .own
            kind.form = nil
            if let server = tab.profile.server {
                let machine = JourneyMachine(server: server, request: tab.profile.request)
                kind.machine = machine
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

    /// The tab walks its pane's step-up journey in its form, in front.
    mutating func walkStepUp(_ journey: JourneyRequest, before: LoginSuccess) -> [AppEffect] {
        let server = kind.machine.server
        kind.walk = .stepUp(before: before, name: journey.summary)
        kind.machine = JourneyMachine(server: server, request: journey)
        kind.pagesShown = []
        kind.form = nil
        context.toFront = true
        return perform(kind.machine.start(), purpose: .start)
    }
}
