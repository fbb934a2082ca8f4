import JourneyEngine
import JourneyMaps
import Renderer

/// A journey tab's own state: the journey state machine, where the journey stands, the page on
/// screen, and what AM said about the session.
public struct JourneyTab: Sendable {
    public var machine: JourneyMachine
    public var phase: Phase
    /// The page being answered; kept while a request is in flight so nothing typed is lost.
    public var form: Form?
    /// Enter was pressed while a `validateOnly` check was in flight: AM moves the journey to a
    /// new `authId` when it answers, so the page is sent once that answer is in.
    public var submitsAfterValidation = false
    /// AM's own view of the session (`i`), or why it could not be had.
    public var sessionInfo: Result<SessionInfo, JourneyError>?
    /// The step the journey left for a browser at (social login, SAML), while the page waits for
    /// the address the browser lands on; also kept in the instance's store.
    public var browserHandoff: BrowserHandoff?
    /// Whose journey the tab walks: its own, or the step-up its request pane asked for.
    public var walk = Walk.own
    /// The pages this run has shown, for the map pane (`notePage`).
    public var pagesShown: [PageSignature] = []

    /// Whose journey the tab walks.
    public enum Walk: Sendable, Equatable {
        /// The profile's journey, or one picked for the tab.
        case own
        /// The request pane's step-up or advice journey (`name` titles its pages); when it does not
        /// complete, the tab goes back to the session it held `before`.
        case stepUp(before: LoginSuccess, name: String)
    }

    /// Where a journey stands.
    public enum Phase: Sendable {
        case idle
        /// A request is in flight; Esc cancels it.
        case busy(RequestInFlight)
        case answering
        /// A PollingWait page: resubmitted when the timer fires, at `due`.
        case polling(authId: String, due: ContinuousClock.Instant)
        case signedIn(LoginSuccess)
        case ended(JourneyError)
    }

    init(server: ServerConfiguration, request: JourneyRequest) {
        machine = JourneyMachine(server: server, request: request)
        phase = .idle
    }

    /// The session of a signed-in tab.
    public var session: LoginSuccess? {
        if case .signedIn(let success) = phase { return success }
        return nil
    }
}
