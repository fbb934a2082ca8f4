import DaVinci
import Foundation
import JourneyApp
import JourneyEngine
import JourneyProfiles
import Orchestrate
import TerminalKit
import Testing

/// Pure `update` scripts for the two tab kinds: events in, whole effect lists out; nothing is
/// sent anywhere (the server addresses are never contacted).
@MainActor
struct TabKindUpdateTests {
    static let url = "http://127.0.0.1:9/am"

    static func journeyProfile(_ name: String, realm: String = "root", clientId: String = "journeyterm", profileName: String? = nil) throws -> ClientProfile {
        let options = try ClientOptions(values: [
            .url: .text(url), .realm: .text(realm), .oauthClientId: .text(clientId),
            .oauthRedirectUri: .text("http://127.0.0.1/callback"), .oauthScope: .text("openid profile"),
        ])
        return try ClientProfile(name: name, options: options, profileName: profileName ?? name)
    }

    static func davinciProfile() throws -> ClientProfile {
        let options = try ClientOptions(values: [
            .kind: .text("davinci"), .discoveryEndpoint: .text("http://127.0.0.1:9/env/as/.well-known/openid-configuration"),
            .clientId: .text("app"), .scopes: .text("openid profile"), .redirectUri: .text("http://127.0.0.1/callback"),
        ])
        return try ClientProfile(name: "pingone", options: options)
    }

    static func response(_ json: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: [HTTPHeader("Content-Type", "application/json")], body: Data(json.utf8))
    }

    static func tokens(for session: String, access: String) throws -> OAuthTokens {
        try OAuthTokens(response: try JSONValue.parse(Data(#"{"access_token": "\#(access)", "refresh_token": "r-\#(access)", "expires_in": 3600}"#.utf8)),
                        issuedAt: Date(), serverClock: nil, sessionToken: session)
    }

    static let loginStep = #"""
        {"authId": "a1", "callbacks": [
          {"type": "NameCallback", "output": [{"name": "prompt", "value": "User Name"}], "input": [{"name": "IDToken1", "value": ""}]},
          {"type": "PasswordCallback", "output": [{"name": "prompt", "value": "Password"}], "input": [{"name": "IDToken2", "value": ""}]}
        ]}
        """#

    /// The first request a journey machine sends for the profile.
    static func firstRequest(_ profile: ClientProfile) throws -> HTTPRequest {
        var machine = JourneyMachine(server: try #require(profile.server), request: profile.request)
        guard case .send(let request)? = machine.start().first else { throw Unexpected() }
        return request
    }

    struct Unexpected: Error {}

    @Test func aJourneyTabOpensStartsAnswersAndSignsIn() throws {
        let profile = try Self.journeyProfile("lab")
        var state = AppState(profiles: [profile], openTabsFor: [profile])
        #expect(state.open(tab: 0) == [.tab(id: 1, .openInstance(requestID: 1))])
        #expect(state.update(.tab(id: 1, .instanceOpened(requestID: 1, .success(InstanceSnapshot()))))
                == [.tab(id: 1, .send(requestID: 2, try Self.firstRequest(profile)))])
        #expect(state.update(.tab(id: 1, .responded(requestID: 2, .success(Self.response(Self.loginStep))))) == [])
        #expect(state.tabs[0].phase == .answering)

        for character in "demo" { _ = state.update(.key(.character(character))) }
        _ = state.update(.key(.tab))
        for character in "pw" { _ = state.update(.key(.character(character))) }
        let submitted = state.update(.key(.enter))
        guard case .tab(1, .send(3, let request))? = submitted.first, submitted.count == 1 else {
            Issue.record("Enter sends the page: \(submitted)")
            return
        }
        let body = try JSONValue.parse(try #require(request.body))
        #expect(body["callbacks"]?.arrayValue?.first?["input"]?.arrayValue?.first?["value"]?.stringValue == "demo")

        let success = LoginSuccess(tokenId: "sso-1", successUrl: "/am/console", realm: "/")
        let signedIn = state.update(.tab(id: 1, .responded(requestID: 3,
                                               .success(Self.response(#"{"tokenId": "sso-1", "successUrl": "/am/console", "realm": "/"}"#)))))
        #expect(signedIn == [.tab(id: 1, .store(.signedIn(success, userName: "demo"))),
                             .tab(id: 1, .fetchTokens(ssoToken: "sso-1", try #require(profile.oauth)))])
        #expect(state.tabs[0].phase == .signedIn)
        #expect(state.tabs[0].journey?.session == success)
    }

    /// `g` on a signed-in tab walks Registration, and says so: its session will be replaced.
    @Test func registeringOnASignedInTabSaysWhatItDoes() throws {
        let profile = try Self.journeyProfile("lab")
        var state = AppState(profiles: [profile], openTabsFor: [profile])
        _ = state.open(tab: 0)
        let session = StoredSession(success: LoginSuccess(tokenId: "sso", successUrl: nil, realm: "/"), userName: "demo")
        _ = state.update(.tab(id: 1, .instanceOpened(requestID: 1, .success(InstanceSnapshot(session: session)))))
        #expect(state.tabs[0].phase == .signedIn)
        let effects = state.update(.key(.character("g")))
        var registration = profile
        registration.request = JourneyRequest(.journey("Registration"))
        #expect(effects == [.tab(id: 1, .send(requestID: 2, try Self.firstRequest(registration)))])
        #expect(state.tabs[0].banner?.text == "Registration (journey Registration) started in place of the signed-in page: a session it ends with replaces the one this tab holds.")
    }

    @Test func aJourneyRequestWithoutAnAnswerEndsThePageToTryAgain() throws {
        let profile = try Self.journeyProfile("lab")
        var state = AppState(profiles: [profile], openTabsFor: [profile])
        _ = state.open(tab: 0)
        _ = state.update(.tab(id: 1, .instanceOpened(requestID: 1, .success(InstanceSnapshot()))))
        #expect(state.update(.tab(id: 1, .responded(requestID: 2, .failure(.connectionRefused(url: Self.url))))) == [])
        #expect(state.tabs[0].phase == .ended)
        #expect(state.tabs[0].banner?.text.hasSuffix("Press Enter to try again.") == true)
        // A late answer to a request the tab no longer waits for changes nothing.
        #expect(state.update(.tab(id: 1, .responded(requestID: 2, .success(Self.response(Self.loginStep))))) == [])
        #expect(state.tabs[0].phase == .ended)
    }

    @Test func aSignedInTabFollowsAnotherUsersSessionInItsStore() throws {
        let profile = try Self.journeyProfile("lab")
        let oauth = try #require(profile.oauth)
        let endpoints = OAuthEndpoints.standard(for: try #require(profile.server))
        var state = AppState(profiles: [profile], openTabsFor: [profile])
        _ = state.open(tab: 0)
        let demo = StoredSession(success: LoginSuccess(tokenId: "sso-demo", successUrl: nil, realm: "/"), userName: "demo")
        let demoTokens = try Self.tokens(for: "sso-demo", access: "at-demo")
        #expect(state.update(.tab(id: 1, .instanceOpened(requestID: 1, .success(
            InstanceSnapshot(session: demo, tokens: StoredTokens(tokens: demoTokens, endpoints: endpoints)))))) == [])
        #expect(state.tabs[0].userName == "demo")

        // Another tab signed alice in over the shared store; the store still holds demo's tokens.
        let alice = StoredSession(success: LoginSuccess(tokenId: "sso-alice", successUrl: nil, realm: "/"), userName: "alice")
        let followed = state.update(.storesRead([1: InstanceSnapshot(session: alice, tokens: StoredTokens(tokens: demoTokens, endpoints: endpoints))]))
        #expect(followed == [.tab(id: 1, .revokeTokens(demoTokens, oauth, endpoints)), .tab(id: 1, .fetchTokens(ssoToken: "sso-alice", oauth))])
        #expect(state.tabs[0].userName == "alice")
        #expect(state.tabs[0].tokens?.tokens == nil, "demo's tokens are not shown for alice's session")
        #expect(state.tabs[0].banner?.text.contains("now holds alice's session instead of demo's") == true)

        // The tokens fetched for alice's session, kept by another tab: shown, nothing else to do.
        let aliceTokens = try Self.tokens(for: "sso-alice", access: "at-alice")
        #expect(state.update(.storesRead([1: InstanceSnapshot(session: alice, tokens: StoredTokens(tokens: aliceTokens, endpoints: endpoints))])) == [])
        #expect(state.tabs[0].tokens?.tokens == aliceTokens)
        // The revocation of demo's tokens reported late does not touch alice's.
        #expect(state.update(.tab(id: 1, .tokens(.revoked(demoTokens)))) == [])
        #expect(state.tabs[0].tokens?.tokens == aliceTokens)
    }

    @Test func aNewRealmMovesTheTabsOnTheSameSessionStoreTogether() throws {
        let lab = try Self.journeyProfile("lab")
        let other = try Self.journeyProfile("transactions", clientId: "journeyterm-tx")
        var state = AppState(profiles: [lab, other], openTabsFor: [lab, other])
        let session = StoredSession(success: LoginSuccess(tokenId: "sso", successUrl: nil, realm: "/"), userName: "demo")
        for (index, tabID) in [(0, 1), (1, 2)] {
            _ = state.open(tab: index)
            _ = state.update(.tab(id: tabID, .instanceOpened(requestID: index + 1, .success(InstanceSnapshot(session: session)))))
        }
        #expect(state.tabs.allSatisfy { $0.phase == .signedIn })

        var moved = lab.options.values
        moved[.realm] = .text("alpha")
        let effects = state.update(.profilesChanged(.loaded(["lab": try ClientOptions(values: moved), "transactions": other.options])))
        let root = try #require(lab.server)
        let alphaLab = try #require(state.tabs[0].profile.server)
        #expect(alphaLab.realm.description == "/alpha")
        #expect(state.tabs[1].profile.server?.realm.description == "/alpha", "the tab sharing the session store moved too")
        #expect(state.tabs[1].profile.profileName == nil, "it follows no profile any more")
        let startLab = try Self.firstRequest(state.tabs[0].profile)
        let startOther = try Self.firstRequest(state.tabs[1].profile)
        // The session is logged out once, by the tab that moved; each tab gets a new client and
        // starts its journey on the new realm.
        let held = { (profile: ClientProfile, ssoToken: String?) in
            HeldSignIn.journey(HeldIdentity(server: root, oauth: profile.oauth, ssoToken: ssoToken, userName: "demo"))
        }
        #expect(effects == [
            .tab(id: 1, .signOut(held(lab, "sso"))), .tab(id: 1, .reconnect(keepingCookies: false)),
            .tab(id: 1, .send(requestID: 3, startLab)),
            .tab(id: 2, .signOut(held(other, nil))), .tab(id: 2, .reconnect(keepingCookies: false)),
            .tab(id: 2, .send(requestID: 4, startOther)),
        ])
    }

    @Test func aDaVinciTabOpensSignedOnWithKeptTokensAndSignsOff() throws {
        let profile = try Self.davinciProfile()
        var state = AppState(profiles: [profile], openTabsFor: [profile])
        #expect(state.open(tab: 0) == [.tab(id: 1, .openInstance(requestID: 1))])
        let endpoints = OAuthEndpoints(issuer: "http://127.0.0.1:9/env/as", authorize: URL(string: "http://127.0.0.1:9/env/as/authorize")!,
                                       token: URL(string: "http://127.0.0.1:9/env/as/token")!, revoke: URL(string: "http://127.0.0.1:9/env/as/revoke")!,
                                       userinfo: URL(string: "http://127.0.0.1:9/env/as/userinfo")!,
                                       endSession: URL(string: "http://127.0.0.1:9/env/as/signoff")!, jwks: URL(string: "http://127.0.0.1:9/env/as/jwks")!)
        let kept = StoredFlowTokens(tokens: try Self.tokens(for: "unused", access: "at-flow"), endpoints: endpoints, userName: "demo")
        var snapshot = InstanceSnapshot()
        snapshot.endpoints = endpoints
        snapshot.flowTokens = kept
        #expect(state.update(.tab(id: 1, .instanceOpened(requestID: 1, .success(snapshot)))) == [])
        #expect(state.tabs[0].phase == .signedIn)
        #expect(state.tabs[0].userName == "demo")

        let signedOff = state.update(.key(.character("l")))
        guard case .tab(1, .signOut(.davinci(let held)))? = signedOff.first, signedOff.count == 1 else {
            Issue.record("l signs off at PingOne: \(signedOff)")
            return
        }
        #expect(held.tokens?.tokens == kept.tokens && held.tokens?.endpoints == kept.endpoints, "the tokens shown are the ones signed off")
        #expect(state.tabs[0].phase == .idle)
        #expect(state.update(.tab(id: 1, .signedOut(.davinci(problems: [])))) == [])
        #expect(state.tabs[0].banner?.text.hasPrefix("Signed off: the tokens were revoked") == true)
    }

    @Test func aDaVinciTabWithoutKeptTokensRunsItsFlow() throws {
        let profile = try Self.davinciProfile()
        var state = AppState(profiles: [profile], openTabsFor: [profile])
        _ = state.open(tab: 0)
        var snapshot = InstanceSnapshot()
        snapshot.endpoints = OAuthEndpoints.standard(for: try ServerConfiguration(url: Self.url))
        let started = state.update(.tab(id: 1, .instanceOpened(requestID: 1, .success(snapshot))))
        guard case .tab(1, .send(2, let request))? = started.first, started.count == 1 else {
            Issue.record("the flow starts at the authorize endpoint: \(started)")
            return
        }
        #expect(request.url.path.hasSuffix("/authorize"))
        // An answer that is not there: the flow could not start, and says so.
        #expect(state.update(.tab(id: 1, .responded(requestID: 2, .failure(.connectionRefused(url: Self.url))))) == [])
        #expect(state.tabs[0].phase == .ended)
    }
}
