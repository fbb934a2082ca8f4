/// The client a tab runs, by the protocol it speaks: each kind has its own state and phases
/// (its update is in `Update/Journey/` or `Update/DaVinci/`); what both share (stores, tokens,
/// trace, the request pane, options) is in `ClientTab`.
public enum TabClient: Sendable {
    case journey(JourneyTab)
    case davinci(DaVinciTab)

    /// A client of the profile's kind, standing idle.
    init(for profile: ClientProfile) {
        switch profile.kind {
        case .journey(let server): self = .journey(JourneyTab(server: server, request: profile.request))
        case .davinci: self = .davinci(DaVinciTab())
        }
    }

    /// The journey tab's state; nil for a DaVinci tab. Setting it on a DaVinci tab changes nothing.
    public var journey: JourneyTab? {
        get { if case .journey(let tab) = self { tab } else { nil } }
        set { if let newValue, case .journey = self { self = .journey(newValue) } }
    }

    /// The DaVinci tab's state; nil for a journey tab. Setting it on a journey tab changes nothing.
    public var davinci: DaVinciTab? {
        get { if case .davinci(let tab) = self { tab } else { nil } }
        set { if let newValue, case .davinci = self { self = .davinci(newValue) } }
    }
}
