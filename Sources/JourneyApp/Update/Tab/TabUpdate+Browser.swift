import Foundation
import JourneyEngine
import Orchestrate
import Renderer

/// A tab's journey that goes on in a browser (social login, SAML): the step kept while the
/// person is there (in the tab and in the instance's store), the pasted address checked against
/// it, and the journey going on from it, also in a later run (`docs/browser-journeys.md`).
extension TabUpdate where Kind == JourneyTab {
    /// A step with a `RedirectCallback` is shown: keep it. Any other step, or the journey's end,
    /// forgets a step kept before: the journey has moved on.
    mutating func presented(_ step: JourneyStep) -> [AppEffect] {
        guard let handoff = BrowserHandoff(step: step, request: kind.machine.request) else { return forgetBrowserStep() }
        kind.browserHandoff = handoff
        return [.tab(id: tab.id, .store(.keptBrowserStep(handoff)))]
    }

    /// Forgets the kept step, in the tab and the store.
    mutating func forgetBrowserStep() -> [AppEffect] {
        guard kind.browserHandoff != nil else { return [] }
        kind.browserHandoff = nil
        return [.tab(id: tab.id, .store(.forgotBrowserStep))]
    }

    /// The person pasted the address the browser landed on: checked against the kept step, the
    /// journey goes on from that step with the address's parameters. A refused address says why
    /// and keeps the page as it is.
    mutating func goOn(fromBrowser address: String) -> [AppEffect] {
        guard let handoff = kind.browserHandoff else {
            tab.banner = ClientTab.Banner(kind: .error, text: "This page was not kept for a browser; press Esc, then s to start again.")
            return []
        }
        do {
            var request = handoff.returning(try BrowserReturn(address: address, handoff: handoff))
            // A step-up journey presents the session it steps up on every request.
            request.presentedSession = kind.machine.request.presentedSession
            return startJourney(request: request)
        } catch {
            tab.banner = ClientTab.Banner(kind: .error, text: error.description)
            return []
        }
    }

    /// The address went, but AM did not take or refuse it (network, timeout, cancel, a server
    /// error): the page stays with the pasted address, so Enter sends it again. False when the
    /// request was not a browser's return.
    mutating func keepBrowserPage(after error: JourneyError) -> Bool {
        guard case .browserReturn = kind.machine.request.entry, kind.browserHandoff != nil,
              kind.form?.step.redirect != nil else { return false }
        kind.phase = .answering
        tab.banner = ClientTab.Banner(kind: .error, text: error.description + " The step is kept: press Enter to send the address again.")
        return true
    }

    /// A tab opens on an instance that keeps a browser step (this app quit, or `journey login`
    /// left it): the page is shown again, waiting for the address.
    mutating func showKeptBrowserStep(_ handoff: BrowserHandoff) -> Bool {
        guard let step = try? handoff.step() else { return false }
        var form = Form(step: step)
        form.journeyName = handoff.journeyName
        kind.form = form
        kind.browserHandoff = handoff
        kind.phase = .answering
        let age = ReadableDuration.text(seconds: max(0, ReadableDuration.seconds(from: handoff.created, to: context.date)))
        tab.banner = ClientTab.Banner(kind: .information,
            text: "This instance's journey went to a browser \(age) ago and was kept: paste the address the browser landed on (Esc, then s starts again).")
        return true
    }
}
