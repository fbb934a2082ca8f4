import DaVinci
import Foundation
import JourneyEngine
import JourneyProfiles
import JourneyTesting
import Orchestrate
import TerminalKit

/// Everything that can happen to one tab: the runtime's answers to what it asked, and what the
/// app hands it (keys for its form, commands, ticks, its stores, new options). It arrives as
/// `AppEvent.tab(id, event)`; the tab's own update takes it (`ClientTab.update`).
public enum TabEvent: Sendable {
    // MARK: From the runtime

    /// The answer to a request of the tab's client (a journey's, a flow's, the request pane's);
    /// each reads a failure as its own error.
    case responded(requestID: Int, Result<HTTPResponse, TransportError>)
    /// The tab's cookie jar, as its client holds it, read for the request pane's call `requestID`.
    case cookiesRead(requestID: Int, CookieJar)
    /// A polling step's wait is over.
    case pollDue(authId: String)
    /// AM answered (or not) about the tab's session.
    case sessionInfo(Result<SessionInfo, JourneyError>)
    /// An OAuth request of the tab finished.
    case tokens(TokenReport)
    /// A logout finished (the tab's cookies are already cleared).
    case loggedOut(Result<LogoutOutcome, JourneyError>)
    /// What the tab held was signed out where it was issued (new options made a new identity, or
    /// a DaVinci tab signed off).
    case signedOut(SignOutReport)
    /// The tab's stored instance was read when the tab opened (a journey tab's session checked
    /// with AM, a DaVinci tab's environment discovered); a failure says why it could not be used.
    case instanceOpened(requestID: Int, Result<InstanceSnapshot, InstanceProblem>)
    /// What the tab's stores hold now (a tab on them signed in, out, or got tokens).
    case storesRead(InstanceSnapshot)
    /// The tab's instance stores could not be written: what it obtained is not kept.
    case storeFailed(InstanceProblem)
    /// The tab's client finished an exchange (its trace keeps it).
    case traced(WireExchange)
    /// The tab's trace was saved: the HAR file and the answers file, or why they could not be.
    case exported(Result<[URL], InstanceProblem>)
    /// The tab's journey was saved as a test file, or why it could not be.
    case testSaved(Result<SavedTestFile, InstanceProblem>)
    /// A DaVinci flow's code was exchanged for tokens (kept in the instance's stores), or why not.
    case flowSignedOn(requestID: Int, Result<FlowTokens, DaVinciError>)

    // MARK: From the app

    /// Open the tab's stored instance (then start, unless it keeps a usable sign-in).
    case open
    /// Start the journey, or run the flow, from its first page.
    case start
    /// Start again on a new identity (`ClientTab.update` sends it to the tab's new kind).
    case restart(wasIdle: Bool, sameKind: Bool)
    /// A key for the form on screen (`TabContext.keyIgnored` when the form does not take it).
    case key(KeyEvent)
    /// A command for the tab (`s`, `l`, `t`, Esc while busy, …).
    case command(AppAction)
    /// A key action of the tab's trace pane.
    case tracePane(TracePaneAction)
    /// An event for the tab's request pane.
    case requestPane(RequestPane.Event)
    /// Open the trace pane on the newest exchange.
    case openTracePane
    /// Open the request pane (with these calls ready-made), or show it again.
    case openRequestPane([RequestSuggestion])
    /// Spinners turn; countdowns count.
    case tick(ContinuousClock.Instant)
    /// The person renamed the tab.
    case renamed(String)
    /// The person picked another journey for the tab (`j`).
    case switchJourney(String)
    /// Something the app tells the person in the tab's banner.
    case notice(ClientTab.Banner)
    /// New options for the tab, by the SDKs' re-start rules (`TabUpdate+Options.swift`).
    case reconfigure(Reconfiguration)
    /// The profile the tab followed left `profiles.yaml`: it keeps its options.
    case profileRemoved
}
