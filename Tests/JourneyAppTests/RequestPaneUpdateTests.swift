import Foundation
@testable import JourneyApp
import JourneyEngine
import JourneyProfiles
import Orchestrate
import TerminalKit
import Testing

/// The request pane as scripts of pure updates, no server: its own `update` (events in, whole
/// output lists out), and the app routing its events and doing what it asks (events in, whole
/// effect lists out), through a step-up challenge.
struct RequestPaneUpdateTests {
    static let balance = URL(string: "http://127.0.0.1:9/api/balance")!
    static let signedIn = LoginSuccess(tokenId: "sso-1", successUrl: "/am/console", realm: "/")
    static let steppedUp = LoginSuccess(tokenId: "sso-2", successUrl: "/am/console", realm: "/")

    static func profile() throws -> ClientProfile {
        try ClientProfile(name: "bank", options: ClientOptions(values: [
            .url: .text("http://127.0.0.1:9/am"), .oauthClientId: .text("journeyterm"),
            .oauthRedirectUri: .text("http://127.0.0.1/callback"), .oauthScope: .text("openid profile"),
        ]))
    }

    static func tokens(_ accessToken: String, minted ssoToken: String) throws -> OAuthTokens {
        try OAuthTokens(response: .object(["access_token": .string(accessToken), "expires_in": .int(3600)]),
                        issuedAt: Date(timeIntervalSince1970: 1_700_000_000), serverClock: nil, sessionToken: ssoToken)
    }

    static func response(_ status: Int, _ headers: [(String, String)] = [], body: String = "") -> HTTPResponse {
        HTTPResponse(status: status, headers: headers.map { HTTPHeader($0.0, $0.1) }, body: Data(body.utf8))
    }

    /// RFC 9470: the balance wants the StepUp journey.
    static let stepUpChallenge = response(401, [("WWW-Authenticate", #"Bearer error="insufficient_user_authentication", acr_values="StepUp""#)])
    static let balanceAnswer = response(200, [("Content-Type", "application/json")], body: #"{"balance":"1234.56"}"#)

    /// The balance call as it goes first, with this access token.
    static func balanceRequest(bearer accessToken: String, timeout: Duration) -> HTTPRequest {
        HTTPRequest(method: "GET", url: balance,
                    headers: [HTTPHeader("Authorization", "Bearer \(accessToken)"), HTTPHeader("x-authenticate-response", "header")],
                    body: nil, timeout: timeout)
    }

    /// The StepUp journey as the pane asks for it: presenting the session the tab holds.
    static var stepUpJourney: JourneyRequest {
        var journey = JourneyRequest(.journey("StepUp"))
        journey.presentedSession = signedIn.tokenId
        return journey
    }

    /// A signed-in tab with tokens, and its pane offering the balance.
    static func signedInTab() throws -> ClientTab {
        var tab = ClientTab(id: 1, profile: try profile(), instanceName: "bank")
        tab.arrangeJourney { $0.phase = .signedIn(signedIn) }
        tab.arrange { $0.userName = "demo" }
        var inspector = TabTokens()
        inspector.tokens = try tokens("at-1", minted: "sso-1")
        tab.arrange { $0.tokens = inspector }
        tab.arrange { $0.requestPane = RequestPane(suggestions: [RequestSuggestion(label: "balance", url: balance.absoluteString)]) }
        return tab
    }

    // MARK: The pane's own update

    @Test func thePaneFollowsAStepUpChallengeThroughItsTab() throws {
        var tab = try Self.signedInTab()
        var pane = try #require(tab.requestPane)
        var ids = RequestIDs()
        let timeout = try #require(tab.profile.server?.timeout)
        func update(_ event: RequestPane.Event) -> [RequestPane.Output] {
            pane.update(event, context: RequestPane.Context(tab: tab), requestIDs: &ids)
        }

        #expect(update(.action(.send)) == [.effect(.tab(id: 1, .send(requestID: 1, Self.balanceRequest(bearer: "at-1", timeout: timeout))))])
        #expect(pane.waiting == .response(requestID: 1))

        // The challenge: the tab walks StepUp with its session.
        #expect(update(.responded(.success(Self.stepUpChallenge))) == [
            .banner(ClientTab.Banner(kind: .information, text: "GET /api/balance: answer AM's journey to continue the call (Esc, then a, gives up).")),
            .walk(Self.stepUpJourney, before: Self.signedIn),
        ])
        #expect(pane.waiting == .journey(name: "StepUp"))
        #expect(update(.responded(.success(Self.balanceAnswer))).isEmpty, "an answer the pane does not wait for changes nothing")

        // The tab's session is upgraded: tokens that carry StepUp, with it.
        tab.arrangeJourney { $0.phase = .signedIn(Self.steppedUp) }
        let oauth = try #require(tab.profile.oauth)
        #expect(update(.journeyEnded(.success(Self.steppedUp))) == [.fetchTokens(ssoToken: "sso-2", oauth, TokenRequirements(acrValues: ["StepUp"]))])
        #expect(pane.waiting == .tokens(before: tab.tokens?.tokens))

        // The retry, once, with the new access token.
        var retry = Self.balanceRequest(bearer: "at-1", timeout: timeout)
        retry.headers = [HTTPHeader("x-authenticate-response", "header"), HTTPHeader("Authorization", "Bearer at-2")]
        #expect(update(.tokensFetched(.success(try Self.tokens("at-2", minted: "sso-2")))) == [.effect(.tab(id: 1, .send(requestID: 2, retry)))])
        #expect(update(.responded(.success(Self.balanceAnswer))).isEmpty)
        #expect(pane.outcome == .answered(Self.balanceAnswer) && pane.waiting == nil)
        #expect(pane.machine?.hops.map(\.kind) == [.exchange, .journey, .tokens, .exchange])
    }

    @Test func aStepUpNeedsASessionAndFailedTokensEndTheCall() throws {
        // Tokens but no session: the challenge cannot be walked.
        var tab = try Self.signedInTab()
        tab.arrangeJourney { $0.phase = .idle }
        var pane = try #require(tab.requestPane)
        var ids = RequestIDs()
        _ = pane.update(.action(.send), context: RequestPane.Context(tab: tab), requestIDs: &ids)
        #expect(pane.update(.responded(.success(Self.stepUpChallenge)), context: RequestPane.Context(tab: tab), requestIDs: &ids).isEmpty)
        #expect(pane.outcome == .failed("The tab holds no session to step up: sign in first (s).", cause: nil) && pane.waiting == nil)

        // No new tokens after the step-up: nothing is retried, the call says why.
        let signedIn = try Self.signedInTab()
        var renewing = try #require(signedIn.requestPane)
        let context = RequestPane.Context(tab: signedIn)
        _ = renewing.update(.action(.send), context: context, requestIDs: &ids)
        _ = renewing.update(.responded(.success(Self.stepUpChallenge)), context: context, requestIDs: &ids)
        _ = renewing.update(.journeyEnded(.success(Self.steppedUp)), context: context, requestIDs: &ids)
        #expect(renewing.update(.tokensFetched(.failure(.noSession)), context: context, requestIDs: &ids).isEmpty)
        guard case .failed(let message, _)? = renewing.outcome else {
            Issue.record("the call did not fail: \(String(describing: renewing.outcome))")
            return
        }
        #expect(message.hasPrefix("No new tokens") && renewing.waiting == nil)
    }

    @Test func thePanesKeysAskForWhatOnlyTheAppDoes() throws {
        let tab = try Self.signedInTab()
        var pane = try #require(tab.requestPane)
        var ids = RequestIDs()
        let context = RequestPane.Context(tab: tab)
        func update(_ event: RequestPane.Event) -> [RequestPane.Output] { pane.update(event, context: context, requestIDs: &ids) }

        #expect(update(.action(.close)) == [.close])
        #expect(update(.action(.help)) == [.showHelp])
        #expect(update(.action(.showTrace)) == [.showTrace])
        #expect(update(.action(.copyCurl)).isEmpty, "no call yet: nothing to copy")
        #expect(update(.action(.replay)).isEmpty, "no call yet: nothing to replay")

        // Typing goes to the URL only when it has focus.
        #expect(update(.typed(.character("x"))).isEmpty && pane.url.text == Self.balance.absoluteString)
        #expect(update(.action(.nextField)).isEmpty && update(.action(.nextField)).isEmpty && pane.focus == .url)
        #expect(update(.typed(.character("?"))).isEmpty && pane.url.text == Self.balance.absoluteString + "?")
        #expect(update(.typed(.backspace)).isEmpty && pane.url.text == Self.balance.absoluteString)

        // A call in flight: Stop cancels its request and nothing more is sent.
        _ = update(.action(.send))
        #expect(update(.action(.stop)) == [.effect(.tab(id: 1, .cancel(requestID: 1)))])
        #expect(pane.waiting == nil && update(.responded(.success(Self.balanceAnswer))).isEmpty)

        // A call answered: y copies its last request, redacted.
        #expect(update(.action(.send)) == [.effect(.tab(id: 1, .send(requestID: 2, Self.balanceRequest(bearer: "at-1", timeout: context.server!.timeout))))])
        #expect(update(.responded(.success(Self.balanceAnswer))).isEmpty)
        let server = try #require(tab.profile.server)
        #expect(update(.action(.copyCurl)) == [
            .banner(ClientTab.Banner(kind: .information, text: "The last request is on the clipboard as a curl command (OSC 52), its credentials redacted.")),
            .effect(.copyToClipboard(CurlCommand.make(Self.balanceRequest(bearer: "at-1", timeout: server.timeout), rules: RedactionRules(server: server)))),
        ])
    }

    @Test func aSessionGoesAsTheCookieTheTabsJarHoldsElseOneBuiltFromItsToken() throws {
        var tab = try Self.signedInTab()
        tab.arrange { $0.tokens = nil }
        let server = try #require(tab.profile.server)
        let context = RequestPane.Context(tab: tab)
        var ids = RequestIDs()
        func sent(with jar: CookieJar) throws -> HTTPRequest? {
            var pane = try #require(tab.requestPane)
            // Without tokens, the pane asks for the tab's jar before it sends anything.
            let asked = pane.update(.action(.send), context: context, requestIDs: &ids)
            guard case .effect(.tab(id: 1, .readCookies(let requestID)))? = asked.first, asked.count == 1 else { return nil }
            guard case .cookies(requestID, _)? = pane.waiting else { return nil }
            let outputs = pane.update(.cookiesRead(jar), context: context, requestIDs: &ids)
            guard case .effect(.tab(id: 1, .send(_, let request)))? = outputs.first else { return nil }
            return request
        }
        // AM set its session cookie: the jar sends it, nothing is rebuilt from the token.
        var jar = CookieJar()
        jar.store(setCookieHeaders: ["\(server.cookieName)=sso-from-am; Path=/"], from: server.baseURL)
        let withJar = try #require(try sent(with: jar))
        #expect(!withJar.headers.contains { $0.name == "Cookie" })
        // An empty jar: a cookie built from the session's token, to AM's own origin.
        let withoutJar = try #require(try sent(with: CookieJar()))
        #expect(withoutJar.headers.contains(HTTPHeader("Cookie", "\(server.cookieName)=sso-1")))
    }

    // MARK: The app routing the pane's events

    @Test func theAppRoutesTheStepUpBetweenThePaneAndItsTab() throws {
        let tab = try Self.signedInTab()
        var state = AppState(profiles: [tab.profile], openTabsFor: [tab.profile])
        state.requestSuggestions = try #require(tab.requestPane?.suggestions)
        state.tabs[0].arrangeJourney { $0.phase = tab.journey?.phase ?? .idle }
        state.tabs[0].arrange { $0.userName = tab.userName }
        state.tabs[0].arrange { $0.tokens = tab.tokens }
        let tabID = state.tabs[0].id
        let server = try #require(tab.profile.server)
        let oauth = try #require(tab.profile.oauth)

        #expect(state.update(.key(.character("a"))) == [])
        #expect(state.update(.key(.enter)) == [.tab(id: tabID, .send(requestID: 1, Self.balanceRequest(bearer: "at-1", timeout: server.timeout)))])

        // The challenge: the tab walks StepUp in its form, its first request sent by the tab.
        var stepUp = JourneyMachine(server: server, request: Self.stepUpJourney)
        guard case .send(let authenticate)? = stepUp.start().first else {
            Issue.record("the journey sends nothing first")
            return
        }
        #expect(state.update(.tab(id: tabID, .responded(requestID: 1, .success(Self.stepUpChallenge)))) == [.tab(id: tabID, .send(requestID: 2, authenticate))])
        #expect(state.tabs[0].journey?.walk == .stepUp(before: Self.signedIn, name: "StepUp"))
        #expect(state.tabs[0].banner?.text.contains("answer AM's journey to continue the call") == true)

        // AM upgrades the session: the tab keeps it, and fetches tokens that carry StepUp.
        let success = Self.response(200, [("Content-Type", "application/json")], body: #"{"tokenId":"sso-2","successUrl":"/am/console","realm":"/"}"#)
        #expect(state.update(.tab(id: tabID, .responded(requestID: 2, .success(success)))) == [
            .tab(id: tabID, .store(.signedIn(Self.steppedUp, userName: "demo"))),
            .tab(id: tabID, .fetchTokens(ssoToken: "sso-2", oauth, TokenRequirements(acrValues: ["StepUp"]))),
        ])
        #expect(state.tabs[0].journey?.session == Self.steppedUp && state.tabs[0].journey?.walk == .own)
        #expect(state.tabs[0].tokens?.work == .fetching)

        // The tokens: the pane retries with them, once.
        let endpoints = OAuthEndpoints(issuer: "http://127.0.0.1:9/am/oauth2", authorize: Self.balance, token: Self.balance, revoke: Self.balance,
                                       userinfo: Self.balance, endSession: Self.balance, jwks: Self.balance)
        var retry = Self.balanceRequest(bearer: "at-1", timeout: server.timeout)
        retry.headers = [HTTPHeader("x-authenticate-response", "header"), HTTPHeader("Authorization", "Bearer at-2")]
        #expect(state.update(.tab(id: tabID, .tokens(.fetched(try Self.tokens("at-2", minted: "sso-2"), endpoints, nil))))
                    == [.tab(id: tabID, .send(requestID: 3, retry))])
        #expect(state.tabs[0].tokens?.tokens?.accessToken == "at-2")
        #expect(state.update(.tab(id: tabID, .responded(requestID: 3, .success(Self.balanceAnswer)))) == [])
        #expect(state.tabs[0].requestPane?.outcome == .answered(Self.balanceAnswer))
    }

    @Test func aStepUpGivenUpOrRefusedLeavesTheTabAsItWas() throws {
        let tab = try Self.signedInTab()
        var state = AppState(profiles: [tab.profile], openTabsFor: [tab.profile])
        state.requestSuggestions = try #require(tab.requestPane?.suggestions)
        state.tabs[0].arrangeJourney { $0.phase = tab.journey?.phase ?? .idle }
        state.tabs[0].arrange { $0.tokens = tab.tokens }
        let tabID = state.tabs[0].id
        _ = state.update(.key(.character("a")))
        _ = state.update(.key(.enter))
        let walking = state
        _ = state.update(.tab(id: tabID, .responded(requestID: 1, .success(Self.stepUpChallenge))))
        let challenged = state

        // Esc while the step-up's first request is in flight: cancelled, and the step-up given up.
        #expect(state.update(.key(.escape)) == [.tab(id: tabID, .cancel(requestID: 2))])
        #expect(state.tabs[0].journey?.session == Self.signedIn && state.tabs[0].journey?.walk == .own)
        #expect(state.tabs[0].tokens?.tokens == tab.tokens?.tokens)
        guard case .failed(let message, _)? = state.tabs[0].requestPane?.outcome else {
            Issue.record("the call did not end: \(String(describing: state.tabs[0].requestPane?.outcome))")
            return
        }
        #expect(message.contains("the session and tokens the instance had are kept"))

        // AM refuses the step-up: the same, without a request to cancel.
        var refused = challenged
        let failure = Self.response(401, [("Content-Type", "application/json")], body: #"{"code":401,"reason":"Unauthorized","message":"Login failure"}"#)
        #expect(refused.update(.tab(id: tabID, .responded(requestID: 2, .success(failure)))) == [])
        #expect(refused.tabs[0].journey?.session == Self.signedIn && refused.tabs[0].journey?.walk == .own)
        #expect(refused.tabs[0].banner?.kind == .error)
        #expect(refused.tabs[0].requestPane?.isRunning == false)

        // An answer the pane does not wait for goes to the tab's journey (dropped: it waits for none).
        var stale = walking
        #expect(stale.update(.tab(id: tabID, .responded(requestID: 7, .success(Self.stepUpChallenge)))) == [])
        #expect(stale.tabs[0].requestPane?.waiting == .response(requestID: 1))
    }
}
