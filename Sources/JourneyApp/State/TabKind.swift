import JourneyEngine
import Orchestrate
import Renderer
import TerminalKit

/// A kind of tab: the protocol its client speaks, with its own state, phases, update and page.
/// ``JourneyTab`` walks AM journeys, ``DaVinciTab`` runs DaVinci flows; what every tab has
/// whatever its kind (banner, user, tokens, request pane, trace, profile) is ``TabShared``.
///
/// Everything the app asks of a tab's kind is a member here, so the app never asks which kind a
/// tab is: a new kind is one type conforming to this (and one ``TabConnection`` in the runtime),
/// and the compiler lists what it still has to answer.
protocol TabKind: Sendable {
    /// Where the tab stands, in the words every kind shares (the tab bar, the help bar, quitting).
    var tabPhase: TabPhase { get }
    /// The page on screen takes keys as a form (a page being answered, a browser page).
    var hasLiveForm: Bool { get }
    /// Something on the page animates or counts down (a spinner, a polling wait, a page's expiry).
    var needsTicks: Bool { get }
    /// The field with the focus, for keys typed while a page loads; nil without a form.
    var focusedField: FieldWidget? { get }
    /// The address a browser page of the tab opens (`y` copies it); nil without one.
    var browserAddress: String? { get }
    /// The SSO session a signed-in tab holds at its server (tokens can be fetched again with it,
    /// the request pane presents it); nil for kinds without one.
    var session: LoginSuccess? { get }
    /// In a word, what is under way for the close and quit questions, when it is not the
    /// phase's own word ("waiting for a browser").
    var underWayDetail: String? { get }

    /// Whether the kind does `action`, one of `AppKeyMap.kindCommands` (help leaves out what it
    /// does not do).
    static func offers(_ action: AppAction) -> Bool
    /// Whether the tab's trace is a journey that can be saved as a test, with an answers file.
    static var savesTraceAsTest: Bool { get }

    /// The kind's own update: what it does with an event for its tab (the events every kind
    /// treats the same are done before, in `TabUpdate.update(_:)`).
    static func update(_ work: inout TabUpdate<Self>, _ event: TabEvent) -> [AppEffect]
    /// New options that make no new identity apply at once (a journey's machine takes the new
    /// server settings).
    mutating func optionsApplied(_ profile: ClientProfile)
    /// Marks the tab busy with `request` (its instance being opened).
    mutating func becomeBusy(_ request: RequestInFlight)
    /// Spinners turn; countdowns count.
    mutating func tick(at instant: ContinuousClock.Instant)
    /// What the tab holds where it was issued, to sign out there when new options make a new
    /// identity; `leading` is false for a tab moved along by another (it leaves the session to
    /// that one). It is signed out through the tab's connection as it was (`TabConnection.signOut`),
    /// and forgotten in the stores of the instance it was.
    func held(by tab: TabShared, leading: Bool) -> HeldSignIn?
    /// The pane walks a step-up or advice journey in the tab's form; kinds without journeys
    /// have no request pane and answer nothing.
    static func walkStepUp(_ work: inout TabUpdate<Self>, _ journey: JourneyRequest, before: LoginSuccess) -> [AppEffect]
    /// Tokens the tab held were revoked; true when the kind took care of the tab itself.
    static func tokensRevoked(_ work: inout TabUpdate<Self>, _ revoked: OAuthTokens) -> Bool

    /// The tab's page on screen: its form, its spinner, or its page drawn whole (`wholePage`).
    func render(_ tab: ClientTab, in state: AppState, into canvas: inout Canvas, in area: Rect)
    /// A page without a live form (idle, ended, signed in), drawn whole `width` wide, and its
    /// height; nil while a form is live.
    func wholePage(_ tab: ClientTab, in state: AppState, width: Int) -> (content: Canvas, height: Int)?
    /// Where the tab is, for the tab bar: "in journey · Stage".
    func stageText(_ tab: TabShared) -> String
    /// The kind's name in the tab bar ("DaVinci"); nil for journeys, the tool's first kind.
    static var label: String? { get }
}

extension TabKind {
    var browserAddress: String? { nil }
    var session: LoginSuccess? { nil }
    var underWayDetail: String? { nil }
    static func walkStepUp(_ work: inout TabUpdate<Self>, _ journey: JourneyRequest, before: LoginSuccess) -> [AppEffect] { [] }
    static func tokensRevoked(_ work: inout TabUpdate<Self>, _ revoked: OAuthTokens) -> Bool { false }
}
