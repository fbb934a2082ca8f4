import DaVinci
import JourneyEngine
import Orchestrate
import Renderer

/// One client instance in a tab: its profile, journey state machine (or DaVinci flow), form
/// and status. Each tab has its own cookie jar (held by the runtime's `JourneyClient` or
/// `DaVinciClient` for the tab id), and its instance's session and tokens live in the stores
/// its options name, which other tabs (and `journey token --instance …`) may share.
public struct ClientTab: Sendable {
    public let id: Int
    public var name: String
    /// The stored instance the tab is: its stores are named after it. A tab switched to a profile
    /// of the other kind becomes another instance (one name belongs to one kind).
    public internal(set) var instanceName: String
    public var profile: ClientProfile
    public var machine: JourneyMachine
    public var phase: Phase
    /// The page being answered; kept while a request is in flight so nothing typed is lost.
    public var form: Form?
    public var banner: Banner?
    /// The last user name typed into a name or username field: "signed in as …".
    public var userName: String?
    /// The OAuth tokens fetched after signing in, with the ID token's claims and how far they can
    /// be trusted; values stay hidden until the person reveals them.
    public var tokens: TabTokens?
    /// AM's own view of the session (`i`), or why it could not be had.
    public var sessionInfo: Result<SessionInfo, JourneyError>?
    /// Enter was pressed while a `validateOnly` check was in flight: AM moves the journey to a
    /// new `authId` when it answers, so the page is sent once that answer is in.
    public var submitsAfterValidation = false
    /// The request pane (`a`): a call to a protected API and its hops.
    public var requestPane: RequestPane?
    /// Every exchange of the tab's client, oldest first (at most `TracePane.capacity`), secrets
    /// included: shown only through `TracedMessage`, `CurlCommand` and `HARLog`.
    public var trace: [WireExchange] = []
    /// The trace pane (`e`), while open.
    public var tracePane: TracePane?
    /// The step the journey left for a browser at (social login, SAML), while the page waits for
    /// the address the browser lands on; also kept in the instance's store.
    public var browserHandoff: BrowserHandoff?
    /// Why the tab is signing out at its old server (new options made a new identity), until
    /// the runtime reports what was revoked there.
    public var restartNotice: String?
    /// A DaVinci tab's run of its flow; nil for a journey tab.
    public var flow: FlowRun?

    public enum Phase: Sendable {
        case idle
        /// A request is in flight; Esc cancels it.
        case busy(requestID: Int, purpose: Purpose, spinnerFrame: Int)
        case answering
        /// A PollingWait page: resubmitted when the timer fires, at `due`.
        case polling(authId: String, due: ContinuousClock.Instant)
        case signedIn(LoginSuccess)
        case ended(JourneyError)
        /// A DaVinci flow ended with tokens (they are in `tokens`).
        case signedOn
        /// A DaVinci flow failed, expired or could not be started (the banner says why).
        case flowEnded
    }

    /// Why a request was sent, which decides how its answer is shown.
    public enum Purpose: Sendable, Equatable {
        /// Reading the tab's stored instance (its session checked with AM) before the journey starts.
        case open
        case start, submit, validate, poll
        /// A DaVinci flow's code is being exchanged for tokens.
        case exchange
    }

    public struct Banner: Sendable, Equatable {
        public enum Kind: Sendable, Equatable { case error, information }
        public let kind: Kind
        public let text: String
    }

    init(id: Int, profile: ClientProfile, instanceName: String) {
        self.id = id
        name = profile.name
        self.instanceName = instanceName
        self.profile = profile
        machine = JourneyMachine(server: profile.server, request: profile.request)
        phase = .idle
        if profile.isFlow { flow = FlowRun() }
    }

    /// Forgets what the tab held under its old identity (tokens, AM's session info, the user, the
    /// form) and stands idle, with a journey machine for its profile as it is now.
    mutating func dropIdentity() {
        tokens = nil
        sessionInfo = nil
        userName = nil
        form = nil
        phase = .idle
        machine = JourneyMachine(server: profile.server, request: profile.request)
    }

    /// Who issued the tab's tokens, as messages name it.
    var issuerName: String { profile.isFlow ? "PingOne" : "AM" }

    public var isBusy: Bool {
        if case .busy = phase { return true }
        return false
    }

    /// Whether a journey is under way (quitting would abandon it).
    public var isMidJourney: Bool {
        switch phase {
        case .busy, .answering, .polling: return true
        case .idle, .signedIn, .ended, .signedOn, .flowEnded: return false
        }
    }
}
