import DaVinci
import Orchestrate

/// A DaVinci tab's social sign-on while the person is in the browser: the flow is kept in the
/// instance's store (`davinci-browser-<instance>`) with the cookies of the tab's link, so a
/// later run (this app started again, or `journey login --redirected`) goes on from it.
extension FlowConnection {
    func record(_ change: StoreChange) async {
        switch change {
        case .keptFlowBrowserStep(let step):
            // The flow's cookies (PingOne's ST, the interaction's) go back with its continue token.
            let jar = await link.cookieJar
            context.writing("The flow left for a browser", instance: instanceName) {
                try instance().keep(step.with(cookies: jar), for: configuration)
            }
        case .forgotBrowserStep:
            context.writing("Forgetting the flow left for a browser", instance: instanceName) {
                try instance().forgetBrowserStep(for: configuration)
            }
        case .signedIn, .signedOut, .keptBrowserStep:
            break
        }
    }

    /// The flow the instance keeps for a browser, when it holds no tokens (a signed-on instance
    /// shows its tokens instead).
    func keptBrowserStep() -> DaVinciBrowserStep? {
        guard let instance = try? instance(), (try? instance.tokens(for: configuration)) ?? nil == nil else { return nil }
        return (try? instance.browserStep(for: configuration)) ?? nil
    }
}
