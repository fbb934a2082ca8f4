import DaVinci
import Foundation
import Orchestrate

/// A DaVinci tab's social sign-on while the person is in the browser: the flow is kept in the
/// instance's store (`davinci-browser-<instance>`) with the cookies of the tab's client, so a
/// later run (this app started again, or `journey login --redirected`) goes on from it.
extension AppRuntime {
    /// Keeps `step` (nil: forgets the kept one) after the store changes asked before it; a
    /// store that cannot be written is reported as `.storeFailed`.
    func recordFlowBrowserStep(_ step: DaVinciBrowserStep?, of tab: ClientTab) {
        guard let configuration = tab.profile.davinci, let client = flowClient(for: tab) else { return }
        storeChanges.withLock { last in
            let before = last
            last = Task { [self] in
                await before?.value
                guard let step else {
                    writing("Forgetting the flow left for a browser", instance: tab.instanceName, tabID: tab.id) {
                        try flowInstance(of: tab).forgetBrowserStep(for: configuration)
                    }
                    return
                }
                // The flow's cookies (PingOne's ST, the interaction's) go back with its continue token.
                let jar = await client.value.connection.cookieJar
                writing("The flow left for a browser", instance: tab.instanceName, tabID: tab.id) {
                    try flowInstance(of: tab).keep(step.with(cookies: jar), for: configuration)
                }
            }
        }
    }

    /// The flow the tab's instance keeps for a browser, when it holds no tokens (a signed-on
    /// instance shows its tokens instead).
    func keptFlowBrowserStep(of tab: ClientTab, _ configuration: DaVinciConfiguration) -> DaVinciBrowserStep? {
        guard let instance = try? flowInstance(of: tab), (try? instance.tokens(for: configuration)) ?? nil == nil else { return nil }
        return (try? instance.browserStep(for: configuration)) ?? nil
    }
}
