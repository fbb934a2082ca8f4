import JourneyEngine
import Orchestrate
import Renderer

/// One client instance in a tab: what every tab has (``TabShared``, read through the tab:
/// `tab.banner`) and its kind's own state (``TabKind``: a ``JourneyTab`` or a ``DaVinciTab``).
/// Both change only in the tab's own update, `update(_:context:)`: the app hands it events and
/// gets effects back, and never writes into a tab. Each tab has its own connection (held by the
/// runtime for the tab id), and its instance's session and tokens live in the stores its options
/// name, which other tabs (and `journey token --instance …`) may share.
@dynamicMemberLookup
public struct ClientTab: Sendable {
    public private(set) var shared: TabShared
    private(set) var kind: any TabKind

    public struct Banner: Sendable, Equatable {
        public enum Kind: Sendable, Equatable { case error, information }
        public let kind: Kind
        public let text: String
    }

    init(id: Int, profile: ClientProfile, instanceName: String) {
        shared = TabShared(id: id, name: profile.name, instanceName: instanceName, profile: profile)
        kind = profile.kind.makeTab(profile)
    }

    /// A tab from its parts (tests set a tab up this way).
    init(shared: TabShared, kind: any TabKind) {
        self.shared = shared
        self.kind = kind
    }

    public subscript<Value>(dynamicMember path: KeyPath<TabShared, Value>) -> Value {
        shared[keyPath: path]
    }

    /// The tab's one update: an event in, the effects it asks for out. The events every kind
    /// treats the same are done in `TabUpdate.update(_:)`, the rest by the kind's own update; new
    /// options of another kind give the tab a new kind (`TabUpdate+Options.swift`).
    mutating func update(_ event: TabEvent, context: inout TabContext) -> [AppEffect] {
        var effects = run(event, on: kind, context: &context)
        if let renewal = context.renewal {
            context.renewal = nil
            let wasKind = type(of: kind)
            kind = shared.profile.kind.makeTab(shared.profile)
            effects += run(.restart(wasIdle: renewal.wasIdle, sameKind: type(of: kind) == wasKind), on: kind, context: &context)
            shared.banner = renewal.banner
        }
        return effects
    }

    /// Runs the event on the tab's kind, opened as its own type.
    private mutating func run<Kind: TabKind>(_ event: TabEvent, on current: Kind, context: inout TabContext) -> [AppEffect] {
        var work = TabUpdate(kind: current, tab: shared, context: context)
        let effects = work.update(event)
        kind = work.kind
        shared = work.tab
        context = work.context
        return effects
    }

    /// The page on screen takes keys as a form.
    var hasLiveForm: Bool { kind.hasLiveForm }

    /// The field of the form on screen with the focus.
    var focusedField: FieldWidget? { kind.focusedField }

    /// Whether the tab does `action`: every command but those of its kind (`AppKeyMap.kindCommands`)
    /// that the kind does not offer (help leaves them out; pressed, the tab says why).
    func offers(_ action: AppAction) -> Bool {
        !AppKeyMap.kindCommands.contains(action) || type(of: kind).offers(action)
    }

    /// Whether the tab animates or counts down (the runtime ticks only then).
    var needsTicks: Bool { kind.needsTicks || shared.tokens?.tokens != nil }

    /// The journey tab's state; nil for a tab of another kind.
    public var journey: JourneyTab? { kind as? JourneyTab }

    /// The DaVinci tab's state; nil for a tab of another kind.
    public var davinci: DaVinciTab? { kind as? DaVinciTab }

    /// Where the tab stands, whatever its kind: what the tab bar, the help bar and the quit
    /// check need.
    public var phase: TabPhase { kind.tabPhase }

    /// The request in flight, if any.
    public var inFlight: RequestInFlight? {
        if case .busy(let request) = phase { return request }
        return nil
    }

    public var isBusy: Bool { inFlight != nil }

    /// A journey's `validateOnly` check is in flight: the form stays editable meanwhile.
    var isValidating: Bool { inFlight?.purpose == .validate }

    /// Whether a journey or flow is under way (quitting would abandon it).
    public var isMidJourney: Bool {
        switch phase {
        case .busy, .answering, .polling: true
        case .idle, .signedIn, .ended: false
        }
    }
}

/// Where a tab stands, the same for every kind: signed in means a journey's SSO session, or the
/// tokens a DaVinci flow ended with.
public enum TabPhase: Sendable, Equatable {
    case idle
    case busy(RequestInFlight)
    case answering
    case polling(due: ContinuousClock.Instant)
    case signedIn
    case ended
}
