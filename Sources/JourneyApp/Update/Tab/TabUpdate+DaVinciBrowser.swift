import DaVinci
import Orchestrate
import Renderer
import TerminalKit

/// A DaVinci tab's social sign-on (`docs/davinci.md`): the flow goes on in a browser. The page
/// (``FlowBrowserPage``) shows the address to open and takes the address the browser lands on;
/// its continue token resumes the flow at the form's `_links.continue`, on the flow's own
/// server, as `journey login` resumes it. The flow is kept in the instance's store while the
/// person is away, so a later run goes on from it.
extension TabUpdate where Kind == DaVinciTab {
    /// The social sign-on button at `pressed` of `step` was pressed: the page is shown and the
    /// flow kept (with the cookies of the tab's client, which the runtime holds).
    mutating func handToBrowser(_ step: DaVinciStep, pressing pressed: Int) -> [AppEffect] {
        guard let flow = kind.flow else { return [] }
        guard let left = DaVinciBrowserStep(step: step, pressing: pressed, pkce: flow.pkce, created: context.date) else {
            tab.banner = ClientTab.Banner(kind: .error, text: "The sign-on button has no address to open, or the form no continue link: take another way in.")
            return []
        }
        kind.browser = FlowBrowserPage(step: left)
        tab.banner = ClientTab.Banner(kind: .information,
            text: "Sign in in a browser; the flow is kept in the instance \(tab.instanceName)'s store meanwhile, also if this app quits.")
        return [.tab(id: tab.id, .store(.keptFlowBrowserStep(left)))]
    }

    /// A key for the page on screen: Enter goes on with the pasted address, the rest is typed
    /// into the field (Esc leads to the commands, as on every form: `y` copies the address, `s`
    /// runs the flow again). Nil when the page does not take the key.
    mutating func flowBrowserKey(_ key: KeyEvent) -> [AppEffect]? {
        guard var page = kind.browser else { return nil }
        let event = page.update(key)
        kind.browser = page
        switch event {
        case .handled:
            tab.banner = nil
            return []
        case .ignored:
            return nil
        case .problem(let message):
            tab.banner = ClientTab.Banner(kind: .error, text: message)
            return []
        case .landed(let address):
            return resume(from: page.step, landedOn: address)
        }
    }

    /// The continue token of the address the browser landed on resumes the flow, sent only to
    /// the flow's own server. A refused address says why (never repeating it) and the page stays.
    private mutating func resume(from step: DaVinciBrowserStep, landedOn address: String) -> [AppEffect] {
        guard let flow = kind.flow else { return [] }
        do {
            let token = try DaVinciBrowserStep.continueToken(in: address)
            let request = try step.resumption(with: token, origin: flow.endpoints.authorize, timeout: flow.configuration.timeout)
            tab.banner = nil
            return sendFlow(request, purpose: .submit)
        } catch {
            tab.banner = ClientTab.Banner(kind: .error, text: error.description)
            return []
        }
    }

    /// Forgets the page and the kept flow: PingOne answered its continue token, or the flow was
    /// given up or started again.
    mutating func forgetFlowBrowser() -> [AppEffect] {
        guard kind.browser != nil else { return [] }
        kind.browser = nil
        return [.tab(id: tab.id, .store(.forgotBrowserStep))]
    }

    /// The tab opened on an instance that keeps a flow for a browser (this app quit, or
    /// `journey login` left it): the page is shown again, in the kept flow's run (its PKCE
    /// values; its cookies are in the tab's client), waiting for the address.
    mutating func showKeptFlowBrowserStep(_ step: DaVinciBrowserStep, endpoints: OAuthEndpoints) {
        guard let configuration = tab.profile.davinci else { return }
        kind.flow = DaVinciFlow(configuration: configuration, endpoints: endpoints, pkce: step.pkce)
        kind.form = nil
        kind.browser = FlowBrowserPage(step: step)
        kind.phase = .answering
        context.backToForm = true
        let age = ReadableDuration.text(seconds: max(0, ReadableDuration.seconds(from: step.created, to: context.date)))
        tab.banner = ClientTab.Banner(kind: .information,
            text: "This instance's flow went to a browser \(age) ago and was kept: paste the address the browser landed on (Esc, then s starts the flow again).")
    }
}
