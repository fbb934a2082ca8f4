import Foundation
@testable import JourneyApp
import JourneyEngine
import JourneyProfiles
@testable import Orchestrate
import Testing

/// Tabs are named after what they hold: the user the ID token names when none was typed, and
/// the journey a tab named after its journey switched to.
@MainActor
struct TabNamesTests {
    @Test func aSignInThatTypedNoNameIsNamedByTheIDToken() throws {
        let profile = try TabKindUpdateTests.journeyProfile("lab")
        var state = AppState(profiles: [profile], openTabsFor: [profile])
        _ = state.open(tab: 0)
        let session = StoredSession(success: LoginSuccess(tokenId: "sso", successUrl: nil, realm: "/"), userName: nil)
        _ = state.update(.tab(id: 1, .instanceOpened(requestID: 1, .success(InstanceSnapshot(session: session)))))
        #expect(state.tabs[0].userName == nil)
        let tokens = try TabKindUpdateTests.tokens(for: "sso", access: "a1")
        let endpoints = OAuthEndpoints.standard(for: try #require(profile.server))
        let unverified = TokenClaims(claims: .object(["sub": .string("mallory")]), problem: .notAJWT)
        _ = state.update(.tab(id: 1, .tokens(.fetched(tokens, endpoints, unverified))))
        #expect(state.tabs[0].userName == nil, "an ID token that was not verified names no one")
        let verified = TokenClaims(claims: .object(["sub": .string("demo")]), problem: nil)
        _ = state.update(.tab(id: 1, .tokens(.fetched(tokens, endpoints, verified))))
        #expect(state.tabs[0].userName == "demo")
    }

    @Test func aTabNamedAfterItsJourneyTakesTheNewJourneysName() throws {
        let options = try ClientOptions(values: [.url: .text(TabKindUpdateTests.url)])
        let login = try ClientProfile(name: "Login", options: options, request: JourneyRequest(.journey("Login")))
        var state = AppState(profiles: [login], openTabsFor: [login, login])
        state.activeIndex = 0
        _ = state.update(.tab(id: 1, .switchJourney("SecondFactor")))
        #expect(state.tabs[0].name == "SecondFactor")
        _ = state.update(.tab(id: 2, .renamed("mine")))
        _ = state.update(.tab(id: 2, .switchJourney("SecondFactor")))
        #expect(state.tabs[1].name == "mine", "a name the person gave stays")
    }
}
