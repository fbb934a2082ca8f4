import DaVinci
import Foundation
import JourneyEngine
import JourneyTesting
import Orchestrate

/// Work the runtime does for the app, off the UI loop.
public enum AppEffect: Sendable, Equatable {
    /// Work for one tab: through its connection (`TabConnection`), or about it.
    case tab(id: Int, TabEffect)
    /// Put text on the terminal's clipboard (OSC 52; works over SSH).
    case copyToClipboard(String)
    /// Redraw the whole screen from scratch (Ctrl-L); the terminal does it.
    case repaint
    /// Save text that went to the clipboard, 0600 in the app's 0700 exports folder, then report
    /// `.copiedTextSaved`.
    case saveCopiedText(String)
    /// Read the demo AM's outbox (the runtime's `DemoOutboxReader`), then report `.outboxRead`.
    case readOutbox
    /// Read a journey's definition for the map pane (the runtime's `JourneyMapReader`, through
    /// the transport the tab's TLS options call for), then report `.journeyMapRead`.
    case readJourneyMap(JourneyMapKey, tls: CommonOptions)
}

/// Work for one tab, done by the runtime through the tab's connection (`TabConnection`) or
/// about the tab (its timers, its exports): each is answered as an `AppEvent.tab` for it.
public enum TabEffect: Sendable, Equatable {
    /// Send through the tab's own client (its cookie jar), whichever its kind, then report `.responded`.
    case send(requestID: Int, HTTPRequest)
    /// Read the tab's cookie jar (its client's), then report `.cookiesRead`.
    case readCookies(requestID: Int)
    /// Abandon a request; its late answer is dropped.
    case cancel(requestID: Int)
    /// Report `.pollDue` after the delay.
    case schedulePoll(authId: String, after: Duration)
    /// Read the tab's stored instance, then report `.instanceOpened`: a journey tab's session is
    /// checked with AM; a DaVinci tab's kept PingOne session goes into its client and its
    /// environment's endpoints are discovered.
    case openInstance(requestID: Int)
    /// Record what happened in the tab's instance stores; a sign-in or sign-out then reports
    /// `.storesRead` for every tab.
    case store(StoreChange)
    /// Forget a closed tab's client and cookies.
    case close
    /// Fetch tokens for the SSO session (authorize + exchange, ID token verified; a step-up's
    /// `acr_values` and `max_age` when `requirements` has them), then report.
    case fetchTokens(ssoToken: String, OAuthConfiguration, TokenRequirements = TokenRequirements())
    /// Refresh the tab's tokens now, then report.
    case refreshTokens(OAuthTokens, OAuthConfiguration, OAuthEndpoints)
    /// Revoke the tab's tokens at AM, then report.
    case revokeTokens(OAuthTokens, OAuthConfiguration, OAuthEndpoints)
    /// Ask AM's userinfo with the access token, then report.
    case fetchUserinfo(OAuthTokens, OAuthConfiguration, OAuthEndpoints)
    /// Ask AM about the tab's session (`getSessionInfo`), then report `.sessionInfo`.
    case fetchSessionInfo(tokenId: String)
    /// Write the exchanges as a HAR file (redacted unless `revealing`) and, with `answers`, the
    /// journey's answers beside it, both 0600 in the app's 0700 exports folder, named after
    /// `name`; then report `.exported`.
    case exportTrace(name: String, [WireExchange], revealing: Bool, answers: Bool = true)
    /// Write the exchanges' journey as a test file for `journey test` (`RecordedTest`), 0600 in
    /// the exports folder, named after `name`; then report `.testSaved`.
    case exportTest(name: String, [WireExchange], RecordedTest.Target)
    /// Log the session out at AM through the tab's client, then report `.loggedOut`.
    case logout(tokenId: String)
    /// Forget a tab's cookies (a session without a token, e.g. `noSession`).
    case clearCookies
    /// The tab's options changed: its next requests go out with the new server, endpoints,
    /// headers and TLS settings. `keepingCookies` carries the cookie jar over (the identity
    /// stayed); otherwise the tab starts with an empty jar.
    case reconnect(keepingCookies: Bool)
    /// Sign out what the tab held where it was issued, through its current client (with its
    /// cookies) while that still talks to that server, and forget it in the stores it was kept
    /// in; then report `.signedOut`. Comes before a `.reconnect` that leaves that client behind.
    case signOut(HeldSignIn)
    /// Exchange the flow's code with its PKCE verifier, verify the ID token, keep the tokens in
    /// the instance's stores, then report `.flowSignedOn`.
    case exchangeFlowCode(requestID: Int, code: String, DaVinciFlow)
}
