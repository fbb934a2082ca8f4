import DaVinci
import Foundation
import JourneyEngine
import JourneyProfiles
import JourneyTesting
import Orchestrate
import TerminalKit

/// Everything that can change the app: keys, network answers routed to the tab that asked,
/// timers.
public enum AppEvent: Sendable {
    case key(KeyEvent)
    /// Something for one tab, routed to it by id; an event for a tab that was closed is dropped
    /// (tokens a closed tab's flow obtained are signed off).
    case tab(id: Int, TabEvent)
    /// The stores changed (a tab signed in, out, or got tokens): what each tab's stores hold now.
    case storesRead([Int: InstanceSnapshot])
    /// `profiles.yaml` was saved: every profile's options, checked, or what is wrong with it.
    case profilesChanged(ProfilesReload)
    /// Copied text was saved to a file (`s` in the copied-text pane), or why it could not be.
    case copiedTextSaved(Result<URL, InstanceProblem>)
    /// Animation tick (spinners, countdowns), about ten a second while something is busy; it
    /// carries the time so the state never reads a clock.
    case tick(at: ContinuousClock.Instant, date: Date)
    /// Log lines of an in-process server or the client, taken from the `LogInbox`.
    case logged([LogLine])
    /// The demo AM's outbox, read for the demo panel.
    case outboxRead([DemoMail])
}

/// Work the runtime does for the app, off the UI loop.
public enum AppEffect: Sendable, Equatable {
    /// Send through the tab's own client (its cookie jar), whichever its kind, then report `.responded`.
    case send(tabID: Int, requestID: Int, HTTPRequest)
    /// Read the tab's cookie jar (its client's), then report `.cookiesRead`.
    case readCookies(tabID: Int, requestID: Int)
    /// Abandon a request; its late answer is dropped.
    case cancel(tabID: Int, requestID: Int)
    /// Report `.pollDue` after the delay.
    case schedulePoll(tabID: Int, authId: String, after: Duration)
    /// Read the tab's stored instance, then report `.instanceOpened`: a journey tab's session is
    /// checked with AM; a DaVinci tab's kept PingOne session goes into its client and its
    /// environment's endpoints are discovered.
    case openInstance(tabID: Int, requestID: Int)
    /// Record what happened in the tab's instance stores, then report `.storesRead` for every tab.
    case store(tabID: Int, StoreChange)
    /// Forget a closed tab's client and cookies.
    case closeClient(tabID: Int)
    /// Fetch tokens for the SSO session (authorize + exchange, ID token verified; a step-up's
    /// `acr_values` and `max_age` when `requirements` has them), then report.
    case fetchTokens(tabID: Int, ssoToken: String, OAuthConfiguration, TokenRequirements = TokenRequirements())
    /// Refresh the tab's tokens now, then report.
    case refreshTokens(tabID: Int, OAuthTokens, OAuthConfiguration, OAuthEndpoints)
    /// Revoke the tab's tokens at AM, then report.
    case revokeTokens(tabID: Int, OAuthTokens, OAuthConfiguration, OAuthEndpoints)
    /// Ask AM's userinfo with the access token, then report.
    case fetchUserinfo(tabID: Int, OAuthTokens, OAuthConfiguration, OAuthEndpoints)
    /// Ask AM about the tab's session (`getSessionInfo`), then report `.sessionInfo`.
    case fetchSessionInfo(tabID: Int, tokenId: String)
    /// Write the exchanges as a HAR file (redacted unless `revealing`) and, with `answers`, the
    /// journey's answers beside it, both 0600 in the app's 0700 exports folder, named after
    /// `name`; then report `.exported`.
    case exportTrace(tabID: Int, name: String, [WireExchange], revealing: Bool, answers: Bool = true)
    /// Write the exchanges' journey as a test file for `journey test` (`RecordedTest`), 0600 in
    /// the exports folder, named after `name`; then report `.testSaved`.
    case exportTest(tabID: Int, name: String, [WireExchange], RecordedTest.Target)
    /// Put text on the terminal's clipboard (OSC 52; works over SSH).
    case copyToClipboard(String)
    /// Redraw the whole screen from scratch (Ctrl-L); the terminal does it.
    case repaint
    /// Save text that went to the clipboard, 0600 in the app's 0700 exports folder, then report
    /// `.copiedTextSaved`.
    case saveCopiedText(String)
    /// Log the session out at AM through the tab's client, then report `.loggedOut`.
    case logout(tabID: Int, tokenId: String)
    /// Forget a tab's cookies (a session without a token, e.g. `noSession`).
    case clearCookies(tabID: Int)
    /// The tab's options changed: its next requests go out with the new server, endpoints,
    /// headers and TLS settings. `keepingCookies` carries the cookie jar over (the identity
    /// stayed); otherwise the tab starts with an empty jar.
    case reconnect(tabID: Int, keepingCookies: Bool)
    /// Sign out what the tab held where it was issued, through its current client (with its
    /// cookies) while that still talks to that server, and forget it in the stores it was kept
    /// in; then report `.signedOut`. Comes before a `.reconnect` that leaves that client behind.
    case signOut(tabID: Int, HeldSignIn)
    /// Exchange the flow's code with its PKCE verifier, verify the ID token, keep the tokens in
    /// the instance's stores, then report `.flowSignedOn`.
    case exchangeFlowCode(tabID: Int, requestID: Int, code: String, DaVinciFlow)
    /// Keep the DaVinci flow's social sign-on in the instance's store, with the cookies the tab's
    /// client holds now, after the store changes asked before it.
    case keepFlowBrowserStep(tabID: Int, DaVinciBrowserStep)
    /// Forget the DaVinci flow kept for a browser (it went on, or was given up).
    case forgetFlowBrowserStep(tabID: Int)
    /// Read the demo AM's outbox (the runtime's `DemoOutboxReader`), then report `.outboxRead`.
    case readOutbox
}

/// What a tab held, to sign out where it was issued.
public enum HeldSignIn: Sendable, Equatable {
    /// A journey tab's session and tokens at its AM; `former` names the journey instance it was
    /// when it has just become a DaVinci tab (its stores are forgotten there).
    case journey(HeldIdentity, former: FormerInstance? = nil)
    /// A DaVinci tab's tokens and PingOne session.
    case davinci(HeldFlow)
}

/// What signing out did, as each kind reports it.
public enum SignOutReport: Sendable {
    /// At AM: what was revoked and logged out, or could not be.
    case journey([SignOutAction])
    /// At PingOne: what could not be told (empty when everything was; nil when the tab held no
    /// tokens, so only its stores were forgotten).
    case davinci(problems: [String]?)
}

/// The journey instance a tab was before it became a DaVinci tab: its sign-out is forgotten there.
public struct FormerInstance: Sendable, Hashable {
    public let name: String
    public let options: ClientOptions
}

/// The tokens a DaVinci flow ended with, as kept, and what the ID token says.
public struct FlowTokens: Sendable {
    public let stored: StoredFlowTokens
    public let claims: TokenClaims?
    /// The tokens with the environment and stores they belong to: signed off if the tab no
    /// longer waits for them (Esc, new options).
    public let held: HeldFlow
    /// Why the instance's stores could not keep them, if they could not.
    public let notKept: String?

    public init(stored: StoredFlowTokens, claims: TokenClaims?, held: HeldFlow, notKept: String? = nil) {
        self.stored = stored
        self.claims = claims
        self.held = held
        self.notKept = notKept
    }
}

extension FlowTokens {
    /// Tokens a flow obtained for a tab that no longer waits for them (closed, or on new
    /// options) are nobody's: they are signed off.
    static func signOff(unclaimed result: Result<FlowTokens, DaVinciError>, tabID: Int) -> [AppEffect] {
        guard case .success(let obtained) = result else { return [] }
        return [.signOut(tabID: tabID, .davinci(obtained.held))]
    }
}

/// Why a tab's stored instance could not be opened (a store it cannot read, AM unreachable).
public struct InstanceProblem: Error, Sendable, Equatable {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }
}

/// What the profiles file said when it was saved.
public enum ProfilesReload: Sendable {
    /// Every profile in the file, by name, with flags and environment applied as at launch.
    case loaded([String: ClientOptions])
    /// The profiles that can be used, by name, and the problems of those that cannot (each
    /// naming the option and where it comes from): a broken profile changes nothing for its
    /// tabs, which say what is wrong, and the others apply as with `loaded`.
    case partlyLoaded([String: ClientOptions], broken: [String: String])
    /// The file cannot be used (YAML, an unknown key, a bad value): the message says where.
    case failed(String)
}
