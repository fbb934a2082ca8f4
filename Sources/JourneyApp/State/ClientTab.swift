import JourneyEngine
import Orchestrate

/// One client instance in a tab: its profile, its client (a journey or a DaVinci flow, each with
/// its own state: ``TabClient``) and what every tab has whatever its kind: the banner, the user,
/// the tokens, the request pane and the trace. Each tab has its own cookie jar (held by the
/// runtime for the tab id), and its instance's session and tokens live in the stores its options
/// name, which other tabs (and `journey token --instance …`) may share.
public struct ClientTab: Sendable {
    public let id: Int
    public var name: String
    /// The stored instance the tab is: its stores are named after it. A tab switched to a profile
    /// of the other kind becomes another instance (one name belongs to one kind).
    public internal(set) var instanceName: String
    public var profile: ClientProfile
    /// The journey or flow the tab runs, with its phase and form.
    public var client: TabClient
    public var banner: Banner?
    /// The user the tab is signed in as: typed into a name field, or named by the stored session
    /// or the ID token.
    public var userName: String?
    /// The OAuth tokens fetched after signing in, with the ID token's claims and how far they can
    /// be trusted; values stay hidden until the person reveals them.
    public var tokens: TabTokens?
    /// The request pane (`a`): a call to a protected API and its hops.
    public var requestPane: RequestPane?
    /// Every exchange of the tab's client, oldest first (at most `TracePane.capacity`), secrets
    /// included: shown only through `TracedMessage`, `CurlCommand` and `HARLog`.
    public var trace: [WireExchange] = []
    /// The trace pane (`e`), while open.
    public var tracePane: TracePane?
    /// Why the tab is signing out at its old server (new options made a new identity), until
    /// the runtime reports what was revoked there.
    public var restartNotice: String?

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
        client = TabClient(for: profile)
    }

    /// Forgets what the tab held under its old identity (tokens, the user, the form, AM's view of
    /// the session) and stands idle with a client of its profile's kind as the profile is now.
    mutating func dropIdentity() {
        tokens = nil
        userName = nil
        client = TabClient(for: profile)
    }

    /// The journey tab's state; nil for a DaVinci tab.
    public var journey: JourneyTab? {
        get { client.journey }
        set { client.journey = newValue }
    }

    /// The DaVinci tab's state; nil for a journey tab.
    public var davinci: DaVinciTab? {
        get { client.davinci }
        set { client.davinci = newValue }
    }

    /// Where the tab stands, whichever protocol it speaks: what the tab bar, the help bar and the
    /// quit check need.
    public var phase: TabPhase {
        switch client {
        case .journey(let journey):
            switch journey.phase {
            case .idle: .idle
            case .busy(let request): .busy(request)
            case .answering: .answering
            case .polling(_, let due): .polling(due: due)
            case .signedIn: .signedIn
            case .ended: .ended
            }
        case .davinci(let flow):
            switch flow.phase {
            case .idle: .idle
            case .busy(let request): .busy(request)
            case .answering: .answering
            case .signedOn: .signedIn
            case .ended: .ended
            }
        }
    }

    /// The request in flight, if any.
    public var inFlight: RequestInFlight? {
        if case .busy(let request) = phase { return request }
        return nil
    }

    public var isBusy: Bool { inFlight != nil }

    /// A journey's `validateOnly` check is in flight: the form stays editable meanwhile.
    var isValidating: Bool { inFlight?.purpose == .validate }

    /// Whether the tab walks its request pane's step-up or advice journey.
    var walksStepUp: Bool {
        if case .stepUp? = journey?.walk { return true }
        return false
    }

    /// Whether a journey or flow is under way (quitting would abandon it).
    public var isMidJourney: Bool {
        switch phase {
        case .busy, .answering, .polling: true
        case .idle, .signedIn, .ended: false
        }
    }
}

/// Where a tab stands, the same for both kinds: signed in means a journey's SSO session, or the
/// tokens a DaVinci flow ended with.
public enum TabPhase: Sendable, Equatable {
    case idle
    case busy(RequestInFlight)
    case answering
    case polling(due: ContinuousClock.Instant)
    case signedIn
    case ended
}
