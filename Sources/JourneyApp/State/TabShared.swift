import JourneyEngine
import Orchestrate

/// What every tab has whatever its kind: its name and instance, its profile, the banner, the
/// user, the tokens, the request pane and the trace. A tab's update changes it
/// (`TabUpdate.tab`); the app reads it through the tab (`tab.banner`).
public struct TabShared: Sendable {
    public let id: Int
    public var name: String
    /// The stored instance the tab is: its stores are named after it. A tab switched to a profile
    /// of another kind becomes another instance (one name belongs to one kind).
    public var instanceName: String
    public var profile: ClientProfile
    public var banner: ClientTab.Banner?
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

    /// The names of the stores the tab's instance uses (its options' preset and store options).
    public var stores: InstanceStores { profile.options.stores(forInstance: instanceName) }
}
