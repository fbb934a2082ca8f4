import DaVinci
import DemoAM
import DemoPingOne
import Foundation
import JourneyApp
import JourneyEngine
import JourneyProfiles
import Orchestrate
import ScreenSnapshots
import TerminalKit
import Testing

/// DaVinci tabs beside journey tabs, driven through the real runtime against the demo PingOne
/// (served with the demo AM): the flow as a form, tokens at the end, stores of their own kind.
@MainActor
@Suite(.serialized)
struct DaVinciTabTests {
    static func flowTab(_ demo: DemoAM, _ name: String = "pingone", extra: [OptionKey: OptionValue] = [:]) throws -> ClientProfile {
        let options = try ClientOptions(values: [
            .kind: .text("davinci"), .discoveryEndpoint: .text(demo.pingOneDiscoveryEndpoint),
            .clientId: .text(DemoPingOne.defaultClientId), .scopes: .list(["openid", "profile", "email"]),
            .redirectUri: .text(DemoPingOne.defaultRedirectURI), .acrValues: .list([DemoPingOne.signOnPolicy]),
        ].merging(extra) { $1 })
        return try ClientProfile(name: name, options: options)
    }

    /// One tab for `profile`, signed on as demo through its flow.
    static func signedOn(_ profile: ClientProfile, store: MemoryRecordStore = MemoryRecordStore()) async throws -> AppDriver {
        let app = AppDriver(tabs: [profile], store: store)
        try await app.wait { $0.tabs[0].phase.isAnswering }
        app.signIn("demo", "Demo-pass1")
        try await app.wait { $0.tabs[0].phase.isSignedIn }
        return app
    }

    static func journeyTab(_ demo: DemoAM, _ name: String = "standard") throws -> ClientProfile {
        try InstanceTabsTests.tab(demo, name)
    }

    @Test func aJourneyTabAndADaVinciTabSignOnSideBySideWithTheirOwnTokensAndStores() async throws {
        try await withDemoAM { demo in
            let store = MemoryRecordStore()
            let app = AppDriver(tabs: [try Self.journeyTab(demo), try Self.flowTab(demo)], store: store)
            try await app.wait { $0.tabs.allSatisfy { $0.phase.isAnswering } }
            #expect(app.state.tabs[1].davinci?.form?.step.formName == "Sign On")
            app.signIn("demo", "Demo-pass1")
            try await app.wait { $0.tabs[0].phase.isSignedIn && $0.tabs[0].tokens?.tokens != nil }

            app.press(.alt("2"))
            app.signIn("demo", "Demo-pass1")
            try await app.wait { $0.tabs[1].phase.isSignedIn }
            let flowTab = app.state.tabs[1]
            #expect(flowTab.userName == "demo", "the verified ID token names the user")
            #expect(flowTab.tokens?.idTokenClaims?.isVerified == true)
            let journeyTokens = try #require(app.state.tabs[0].tokens?.tokens)
            let flowTokens = try #require(flowTab.tokens?.tokens)
            #expect(journeyTokens.accessToken != flowTokens.accessToken)
            #expect(app.state.tabs[0].phase.isSignedIn, "the journey tab keeps its session")

            // The flow's tokens are in the DaVinci instance's stores, of kind davinci; the journey's stores hold none of them.
            let configuration = try #require(flowTab.profile.davinci)
            let instance = try DaVinciInstance(name: "pingone", stores: flowTab.stores, backend: store)
            #expect(try instance.tokens(for: configuration)?.tokens == flowTokens)
            #expect(try instance.session(for: configuration)?.cookies.map(\.name).sorted() == ["ST", "ST-NO-SS"])
            #expect(flowTab.stores.session == "davinci-session" && app.state.tabs[0].stores.session == "session")
            #expect(try instance.record()?.clientId == DemoPingOne.defaultClientId)

            let screen = CanvasText.text(app.screen(width: 100, height: 30))
            #expect(screen.contains("2 ✓ pingone · DaVinci · 127.0.0.1:\(demo.port) · signed on as demo"))
            #expect(screen.contains("Signed on as demo · DaVinci flow"))
            #expect(screen.contains("ID token       ✓ verified · sub demo"))
            #expect(!screen.contains(flowTokens.accessToken), "token values stay hidden until x")

            app.press(.alt("1"))
            #expect(CanvasText.text(app.screen(width: 100, height: 30)).contains("Signed in as demo"))
        }
    }

    @Test func aRefusedPasswordKeepsTheFormAndTheUserNameWithPingOnesMessage() async throws {
        try await withDemoAM { demo in
            let app = AppDriver(tabs: [try Self.flowTab(demo)])
            try await app.wait { $0.tabs[0].phase.isAnswering }
            app.signIn("demo", "wrong-password")
            try await app.wait { $0.tabs[0].phase.isAnswering && $0.tabs[0].davinci?.form?.step.formMessage != nil }
            let form = try #require(app.state.tabs[0].davinci?.form)
            #expect(form.step.collectors.first { $0.key == "username" }?.value == .text("demo"), "what was typed stays")
            let text = CanvasText.text(app.screen())
            #expect(text.contains("✗ Invalid username and/or password") && text.contains("✗ The provided password did not match"))
            // The password was cleared, and the field with PingOne's message has the focus: type it again.
            app.type("Demo-pass1")
            app.press(.enter)
            try await app.wait { $0.tabs[0].phase.isSignedIn }
        }
    }

    @Test func anExpiredFlowSaysSoAndEnterStartsItAgain() async throws {
        try await withDemoAM { demo in
            let app = AppDriver(tabs: [try Self.flowTab(demo)])
            try await app.wait { $0.tabs[0].phase.isAnswering }
            await demo.pingOne.expireFlows()
            app.signIn("demo", "Demo-pass1")
            try await app.wait { $0.tabs[0].phase.isEnded }
            let banner = try #require(app.state.tabs[0].banner)
            #expect(banner.kind == .error && banner.text.contains("expired") && banner.text.hasSuffix("Start it again. Press Enter."))
            #expect(CanvasText.text(app.screen()).contains("· error"))
            app.press(.enter)
            try await app.wait { $0.tabs[0].phase.isAnswering }
            app.signIn("demo", "Demo-pass1")
            try await app.wait { $0.tabs[0].phase.isSignedIn }
        }
    }

    @Test func aTabReopensSignedOnWithItsStoredTokensAndSignsOff() async throws {
        try await withDemoAM { demo in
            let store = MemoryRecordStore()
            let first = try await Self.signedOn(try Self.flowTab(demo), store: store)
            let tokens = try #require(first.state.tabs[0].tokens?.tokens)

            let second = AppDriver(tabs: [try Self.flowTab(demo)], store: store)
            try await second.wait { $0.tabs[0].phase.isSignedIn }
            #expect(second.state.tabs[0].tokens?.tokens == tokens)
            #expect(second.state.tabs[0].banner?.text.hasPrefix("Signed on with the tokens the instance pingone keeps") == true)

            // t refreshes under the store's renewal lock and keeps the new tokens.
            second.press(.escape, .character("t"))
            try await second.wait { $0.tabs[0].tokens?.tokens?.accessToken != tokens.accessToken && $0.tabs[0].tokens?.activity == nil }
            let configuration = try #require(second.state.tabs[0].profile.davinci)
            let instance = try DaVinciInstance(name: "pingone", stores: second.state.tabs[0].stores, backend: store)
            #expect(try instance.tokens(for: configuration)?.tokens == second.state.tabs[0].tokens?.tokens)

            let current = try #require(second.state.tabs[0].tokens?.tokens)
            second.press(.character("l"))
            try await second.wait { $0.tabs[0].banner?.text.hasPrefix("Signed off: the tokens were revoked") == true }
            #expect(second.state.tabs[0].phase.isIdle)
            #expect(try instance.tokens(for: configuration) == nil && instance.session(for: configuration) == nil)
            let revoked = try #require(try instance.record()).configuration()
            let oauth = DaVinciClient(configuration: revoked).oauth(try #require(second.state.tabs[0].davinci?.endpoints))
            await #expect(throws: OAuthError.self, "PingOne no longer takes the revoked refresh token") {
                _ = try await oauth.refresh(current)
            }
        }
    }

    @Test func aDaVinciTabPointedAtAJourneyStoreIsRefusedBeforeAnythingIsSent() async throws {
        try await withDemoAM { demo in
            let store = MemoryRecordStore()
            let journey = AppDriver(tabs: [try Self.journeyTab(demo)], store: store)
            try await journey.wait { $0.tabs[0].phase.isAnswering }
            journey.signIn("demo", "Demo-pass1")
            try await journey.wait { _ in ((try? store.read("session")) ?? nil) != nil }

            let app = AppDriver(tabs: [try Self.flowTab(demo, extra: [.sessionStore: .text("session")])], store: store)
            try await app.wait { $0.tabs[0].phase.isEnded }
            let banner = try #require(app.state.tabs[0].banner?.text)
            #expect(banner.contains("The session store holds a Journey record") && banner.contains("must not share storage"), "\(banner)")
            #expect(app.state.tabs[0].trace.isEmpty, "nothing was sent to PingOne")
        }
    }

    @Test func daVinciTabsSharingATokenStoreSignOnAndOffTogetherAndMultiUserKeepsThemApart() async throws {
        try await withDemoAM { demo in
            let app = AppDriver(tabs: [try Self.flowTab(demo, "one"), try Self.flowTab(demo, "two"),
                                       try Self.flowTab(demo, "apart", extra: [.preset: .text(StoragePreset.multiUser.rawValue)])])
            try await app.wait { $0.tabs.allSatisfy { $0.phase.isAnswering } }
            app.signIn("demo", "Demo-pass1")
            try await app.wait { $0.tabs[0].phase.isSignedIn && $0.tabs[1].phase.isSignedIn }
            #expect(app.state.tabs[1].banner?.text == "Signed on through the token store \"davinci-tokens\" it shares with one.")
            #expect(app.state.tabs[1].tokens?.tokens == app.state.tabs[0].tokens?.tokens)
            #expect(app.state.tabs[2].phase.isAnswering, "multi-user: a token store of its own")
            #expect(app.state.tabs[2].stores.tokens == "davinci_user_apart_tokens")

            app.press(.escape, .character("l"))
            try await app.wait { $0.tabs[1].phase.isIdle }
            #expect(app.state.tabs[1].banner?.text == "Signed off: the token store \"davinci-tokens\" it shares with one was signed off.")
        }
    }

    @Test func revokingTheTokensSignsTheTabOffAndKeepsPingOnesSession() async throws {
        try await withDemoAM { demo in
            let store = MemoryRecordStore()
            let app = try await Self.signedOn(try Self.flowTab(demo), store: store)
            app.press(.escape, .character("v"))
            try await app.wait { $0.tabs[0].phase.isIdle }
            #expect(app.state.tabs[0].banner?.text.hasPrefix("Tokens revoked at PingOne and forgotten") == true)
            let configuration = try #require(app.state.tabs[0].profile.davinci)
            let instance = try DaVinciInstance(name: "pingone", stores: app.state.tabs[0].stores, backend: store)
            #expect(try instance.tokens(for: configuration) == nil)
            #expect(try instance.session(for: configuration)?.cookies.isEmpty == false, "PingOne's session stays")
        }
    }

    @Test func journeyOnlyKeysSayWhatADaVinciTabDoesInstead() async throws {
        try await withDemoAM { demo in
            let app = AppDriver(tabs: [try Self.flowTab(demo)])
            try await app.wait { $0.tabs[0].phase.isAnswering }
            app.press(.escape, .character("a"))
            #expect(app.state.tabs[0].requestPane == nil)
            #expect(app.state.tabs[0].banner?.text.hasPrefix("A DaVinci tab walks its profile's flow") == true)
            let help = CanvasText.text(app.screen()).split(separator: "\n").last.map(String.init) ?? ""
            #expect(!help.contains("register") && !help.contains("journey") && help.contains("options"))
            app.press(.character("?"))
            let overlay = CanvasText.text(app.screen(width: 100, height: 40))
            #expect(overlay.contains("Commands (Esc leaves a form)") && !overlay.contains("call an API") && overlay.contains("refresh tokens"))
        }
    }
}

/// A DaVinci tab's options, by the SDKs' re-start rules.
@MainActor
@Suite(.serialized)
struct DaVinciTabOptionsTests {
    static func flowOptions(_ demo: DemoAM, policy: String = DemoPingOne.signOnPolicy,
                            scopes: [String] = ["openid", "profile", "email"]) throws -> ClientOptions {
        try DaVinciTabTests.flowTab(demo, extra: [.acrValues: .list([policy]), .scopes: .list(scopes)]).options
    }

    static func signedOn(_ demo: DemoAM, store: MemoryRecordStore = MemoryRecordStore()) async throws -> AppDriver {
        try await DaVinciTabTests.signedOn(try ClientProfile(name: "pingone", options: try flowOptions(demo), profileName: "pingone"), store: store)
    }

    @Test func anotherFlowPolicyAppliesToTheNextRunAndKeepsTheTokens() async throws {
        try await withDemoAM { demo in
            let app = try await Self.signedOn(demo)
            let tokens = app.state.tabs[0].tokens?.tokens
            app.send(.profilesChanged(.loaded(["pingone": try Self.flowOptions(demo, policy: DemoPingOne.registrationPolicy)])))
            #expect(app.state.tabs[0].banner?.text == "profiles.yaml: profile pingone changed: applied acrValues; still signed on.")
            #expect(app.state.tabs[0].phase.isSignedIn && app.state.tabs[0].tokens?.tokens == tokens)
            app.press(.enter)
            try await app.wait { $0.tabs[0].phase.isAnswering }
            #expect(app.state.tabs[0].davinci?.form?.step.formName == "Registration", "the next run walks the new policy")
        }
    }

    @Test func newScopesAreANewIdentitySignedOffAtPingOneFirst() async throws {
        try await withDemoAM { demo in
            let store = MemoryRecordStore()
            let app = try await Self.signedOn(demo, store: store)
            let old = try #require(app.state.tabs[0].tokens?.tokens)
            let oldConfiguration = try #require(app.state.tabs[0].profile.davinci)
            let endpoints = try #require(app.state.tabs[0].davinci?.endpoints)
            app.send(.profilesChanged(.loaded(["pingone": try Self.flowOptions(demo, scopes: ["openid", "profile"])])))
            try await app.wait { $0.tabs[0].phase.isAnswering && $0.tabs[0].restartNotice == nil }
            let banner = try #require(app.state.tabs[0].banner?.text)
            #expect(banner.hasPrefix("profiles.yaml: profile pingone changed (scopes). Signed off: the tokens were revoked"), "\(banner)")
            #expect(app.state.tabs[0].tokens == nil && app.state.tabs[0].profile.davinci?.oauth.scope == "openid profile")
            await #expect(throws: OAuthError.self, "the old tokens were revoked at PingOne") {
                _ = try await DaVinciClient(configuration: oldConfiguration).oauth(endpoints).refresh(old)
            }
        }
    }

    @Test func aJourneyTabSwitchedToADaVinciProfileLogsOutAtAMAndRunsTheFlow() async throws {
        try await withDemoAM { demo in
            let lab = try ClientProfile(name: "lab", options: try ConfigurationTests.options(demo.baseURL), profileName: "lab")
            let store = MemoryRecordStore()
            let app = AppDriver(tabs: [lab], store: store)
            try await ConfigurationTests.signInWithTokens(app)
            app.send(.profilesChanged(.loaded(["lab": try Self.flowOptions(demo)])))
            try await app.wait { $0.tabs[0].phase.isAnswering && $0.tabs[0].restartNotice == nil }
            #expect(app.state.tabs[0].davinci != nil && app.state.tabs[0].davinci?.form?.step.formName == "Sign On")
            #expect(await demo.revocations().sessionsLoggedOut.count == 1, "the journey's session was logged out at AM")
            #expect(app.state.tabs[0].banner?.text.contains("Now on the PingOne environment at") == true)
            #expect(app.state.tabs[0].banner?.text.contains("session of demo logged out") == true)
            #expect(app.state.tabs[0].instanceName == "lab-davinci", "one name belongs to one kind")
            let former = try ClientInstance(name: "lab", backend: store, options: try ConfigurationTests.options(demo.baseURL).journey)
            #expect(try former.session(on: try #require(lab.server)) == nil, "the journey instance forgot the session AM logged out")

            // And back: the journey instance is "lab" again, never the DaVinci instance's name.
            app.send(.profilesChanged(.loaded(["lab": try ConfigurationTests.options(demo.baseURL)])))
            try await app.wait { $0.tabs[0].phase.isAnswering && $0.tabs[0].journey != nil && $0.tabs[0].restartNotice == nil }
            #expect(app.state.tabs[0].instanceName == "lab")
        }
    }
}
