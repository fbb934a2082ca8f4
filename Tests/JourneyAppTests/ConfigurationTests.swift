import DemoAM
import Foundation
import JourneyApp
import JourneyEngine
import JourneyProfiles
import Orchestrate
import ScreenSnapshots
import TerminalKit
import Testing

/// A tab's options in the UI: the `o` form, edits of `profiles.yaml`, and the SDKs' re-start
/// rules, against two demo AMs on two ports.
@MainActor
@Suite(.serialized)
struct ConfigurationTests {
    static func options(_ url: String, realm: String = "root", oauth: Bool = true, insecure: Bool = false,
                        preset: StoragePreset = .shared) throws -> ClientOptions {
        var values: [OptionKey: OptionValue] = [.url: .text(url), .realm: .text(realm), .preset: .text(preset.rawValue)]
        if oauth {
            values[.oauthClientId] = .text("journeyterm")
            values[.oauthRedirectUri] = .text("http://127.0.0.1/callback")
            values[.oauthScope] = .text("openid profile")
        }
        if insecure { values[.insecure] = .text("true") }
        return try ClientOptions(values: values)
    }

    /// Signs the active tab in as demo and waits for its OAuth tokens.
    static func signInWithTokens(_ app: AppDriver) async throws {
        try await app.waitForPage("UsernamePassword")
        app.signIn("demo", "Demo-pass1")
        try await app.wait { $0.activeTab?.tokens?.tokens != nil }
    }

    /// Focuses an option's field in the open `o` dialog (Tab from the profile row) and types a new value.
    static func set(_ key: OptionKey, to value: String, in app: AppDriver) {
        guard case .configure(let dialog)? = app.state.overlay else {
            Issue.record("the options dialog is not open")
            return
        }
        let target = dialog.keys.firstIndex(of: key)! + 1
        let current = dialog.focusedKey.map { dialog.keys.firstIndex(of: $0)! + 1 } ?? 0
        for _ in 0..<((target - current + dialog.keys.count + 1) % (dialog.keys.count + 1)) { app.press(.tab) }
        app.press(.end, .control("u"))
        app.type(value)
    }

    var dialog: (AppDriver) -> ConfigurationDialog? = { app in
        if case .configure(let dialog)? = app.state.overlay { dialog } else { nil }
    }

    @Test func theFormChecksValuesAsTheyAreTypedAndSaysWhatApplyingDoes() async throws {
        let state = AppState(profiles: [], openTabsFor: [try ClientProfile(name: "lab", options: try Self.options("http://127.0.0.1:9/am"))])
        let app = AppDriver(state: state)
        app.press(.character("o"))
        #expect(dialog(app)?.outcome == .unchanged)
        Self.set(.timeout, to: "-5", in: app)
        #expect(dialog(app)?.problem(for: .timeout) != nil)
        #expect(dialog(app)?.outcome == .invalid(1))
        #expect(CanvasText.text(app.screen()).contains("✗ "))
        app.press(.enter)
        #expect(dialog(app) != nil, "Enter does not apply a form with problems")
        Self.set(.timeout, to: "10", in: app)
        #expect(dialog(app)?.outcome == .changes([.timeout], signsOut: []))
        Self.set(.realm, to: "alpha", in: app)
        #expect(dialog(app)?.outcome == .changes([.realm, .timeout], signsOut: [.realm]))
        let screen = CanvasText.text(app.screen())
        #expect(screen.contains("realm make a new identity"))
        ScreenSizes.expectEach("app-options", box: "Options · lab") { app.screen(width: $0.width, height: $0.height) }
        app.press(.escape)
        #expect(dialog(app) == nil)
        #expect(app.state.tabs[0].profile.options.timeoutSeconds == 30, "Esc changes nothing")
    }

    /// A problem is wrapped under its field, so its example is read whole on the smallest screen.
    @Test func aProblemIsReadWholeAt60x16() throws {
        let state = AppState(profiles: [], openTabsFor: [try ClientProfile(name: "lab", options: try Self.options("http://127.0.0.1:9/am"))])
        let app = AppDriver(state: state)
        app.press(.character("o"))
        Self.set(.url, to: "", in: app)
        let reason = try #require(dialog(app)?.problem(for: .url)?.reason)
        let screen = CanvasText.text(app.screen(width: 60, height: 16))
        #expect(reason.contains("e.g. https://am.example.com/am"), "the example this test reads: \(reason)")
        let words = reason.split(separator: " ").map(String.init)
        let screenWords = Set(screen.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "│" }).map(String.init))
        #expect(words.allSatisfy(screenWords.contains), "every word of \"\(reason)\" is on screen whole: \(screen)")
    }

    @Test func switchingToAnotherProfileFillsTheFormAndFollowsThatProfile() async throws {
        let lab = try ClientProfile(name: "lab", options: try Self.options("http://127.0.0.1:9/am"), profileName: "lab")
        let staging = try ClientProfile(name: "staging", options: try Self.options("http://127.0.0.1:10/am", realm: "alpha"),
                                        profileName: "staging")
        let app = AppDriver(state: AppState(profiles: [lab, staging], openTabsFor: [lab]))
        app.press(.character("o"))
        #expect(dialog(app)?.profileName == "lab")
        app.press(.right)
        #expect(dialog(app)?.profileName == "staging")
        #expect(dialog(app)?.fields[.url]?.text == "http://127.0.0.1:10/am")
        #expect(dialog(app)?.outcome == .changes([.url, .realm], signsOut: [.url, .realm]))
        #expect(CanvasText.text(app.screen()).contains("◂ profile staging ▸"))
        app.press(.enter)
        #expect(app.state.tabs[0].profile.profileName == "staging")
        #expect(app.state.tabs[0].profile.server?.realm.description == "/alpha")
        // An idle tab held nothing: the old server is not contacted, and the tab says so.
        try await app.wait { $0.tabs[0].restartNotice == nil }
        #expect(app.state.tabs[0].banner?.text.hasPrefix("Switched to profile staging (url, realm). Now on http://127.0.0.1:10/am, realm /alpha.") == true)
        #expect(app.state.tabs[0].banner?.text.hasSuffix("nothing was held there.") == true)
        #expect(app.state.tabs[0].phase.isIdle)
    }

    @Test func aNewURLSignsOutAtTheOldServerAndStartsOnTheNewOne() async throws {
        try await withTwoDemoAMs { old, new in
            let app = AppDriver(tabs: [try ClientProfile(name: "lab", options: try Self.options(old.baseURL))])
            try await Self.signInWithTokens(app)
            app.press(.character("o"))
            Self.set(.url, to: new.baseURL, in: app)
            app.press(.enter)
            try await app.wait { $0.activeTab?.restartNotice == nil && $0.activePhase?.isAnswering == true }
            let banner = try #require(app.state.activeTab?.banner?.text)
            #expect(banner == "Options applied (url). Now on \(new.baseURL), realm /. Signed out at the old server: "
                + "tokens of journeyterm revoked at /am/oauth2/realms/root/token/revoke; "
                + "session of demo logged out at /am/json/realms/root/sessions.")
            let recorded = await old.revocations()
            #expect(recorded.sessionsLoggedOut.map(\.user) == ["demo"])
            #expect(recorded.tokensRevoked.contains { $0.clientId == "journeyterm" })
            #expect(await new.revocations().recordsNothing)
            #expect(app.state.activeTab?.journey?.machine.server.baseURL.absoluteString == new.baseURL)
            #expect(app.state.activeTab?.tokens?.tokens == nil)
            // The new server's journey works, and its tokens come from the new server.
            try await Self.signInWithTokens(app)
            #expect(await new.revocations().recordsNothing)
        }
    }

    @Test func aChangeThatKeepsTheIdentityKeepsTheSessionAndItsCookies() async throws {
        try await withTwoDemoAMs { demo, _ in
            let app = AppDriver(tabs: [try ClientProfile(name: "lab", options: try Self.options(demo.baseURL))])
            try await Self.signInWithTokens(app)
            app.press(.character("o"))
            Self.set(.timeout, to: "12", in: app)
            Self.set(.locale, to: "fr", in: app)
            app.press(.enter)
            #expect(app.state.activePhase?.isSignedIn == true)
            #expect(app.state.activeTab?.banner?.text == "Options applied: applied timeout, locale; still signed in.")
            #expect(app.state.activeTab?.profile.server?.timeout == .seconds(12))
            #expect(app.state.activeTab?.tokens?.tokens != nil)
            // The replaced client still talks to AM for this session.
            app.press(.character("i"))
            try await app.wait { $0.activeTab?.journey?.sessionInfo != nil }
            guard case .success(let info)? = app.state.activeTab?.journey?.sessionInfo else {
                Issue.record("AM did not answer about the session: \(String(describing: app.state.activeTab?.journey?.sessionInfo))")
                return
            }
            #expect(info.username == "demo")
            #expect(await demo.revocations().recordsNothing)
        }
    }

    @Test func anEditedProfileReStartsTheTabsThatFollowIt() async throws {
        try await withTwoDemoAMs { demo, _ in
            let lab = try ClientProfile(name: "lab", options: try Self.options(demo.baseURL), profileName: "lab")
            // Its own session store: a tab sharing lab's would follow lab's sign-in.
            let other = try ClientProfile(name: "other", options: try Self.options(demo.baseURL, oauth: false, preset: .multiUser))
            let app = AppDriver(tabs: [lab, other])
            try await Self.signInWithTokens(app)

            app.send(.profilesChanged(.failed("profiles.yaml:3: realm \"a b\" cannot be used")))
            #expect(app.state.tabs[0].banner?.text.contains("profiles.yaml:3") == true)
            #expect(app.state.tabs[0].banner?.kind == .error)
            #expect(app.state.tabs[1].banner == nil, "a tab that follows no profile is not concerned")
            #expect(app.state.tabs[0].phase.isSignedIn, "a file with an error changes nothing")

            app.send(.profilesChanged(.loaded(["lab": try Self.options(demo.baseURL, realm: "alpha")])))
            try await app.wait { $0.tabs[0].restartNotice == nil && $0.tabs[0].phase.isAnswering }
            let banner = try #require(app.state.tabs[0].banner?.text)
            #expect(banner.hasPrefix("profiles.yaml: profile lab changed (realm). Now on \(demo.baseURL), realm /alpha."))
            #expect(banner.contains("session of demo logged out at /am/json/realms/root/sessions"))
            let recorded = await demo.revocations()
            #expect(recorded.sessionsLoggedOut.map(\.realm) == ["/"])
            #expect(app.state.tabs[0].journey?.machine.server.realm.description == "/alpha")
            #expect(app.state.tabs[1].profile.options.realmText == "root")
            #expect(app.state.profiles.contains { $0.profileName == "lab" && $0.options.realmText == "alpha" })
        }
    }

    @Test func anIdleTabOffersSignInAndRegister() async throws {
        try await withTwoDemoAMs { demo, _ in
            var values = try Self.options(demo.baseURL, oauth: false).values
            values[.registrationServiceName] = .text("Registration")
            values[.authServiceName] = .text("Login")
            let state = AppState(profiles: [], openTabsFor: [try ClientProfile(name: "lab", options: try ClientOptions(values: values))])
            let app = AppDriver(state: state)
            let screen = CanvasText.text(app.screen())
            #expect(screen.contains("s      sign in · journey Login"))
            #expect(screen.contains("g      register · journey Registration"))
            app.press(.character("g"))
            try await app.wait { $0.activeTab?.journey?.form?.step.stage == "Registration" }
            app.press(.escape, .character("s"))
            try await app.waitForPage("UsernamePassword")
        }
    }

    @Test func insecureIsRedInTheTabBar() throws {
        let state = AppState(profiles: [], openTabsFor: [try ClientProfile(name: "lab", options: try Self.options("https://127.0.0.1:8443/am", insecure: true))])
        let canvas = state.render(size: Size(width: 80, height: 24))
        let top = CanvasText.text(canvas).split(separator: "\n").first.map(String.init) ?? ""
        #expect(top.hasPrefix(" 1 ⚠ insecure lab"))
        let styles = CanvasText.styleMask(canvas).split(separator: "\n").first.map(String.init) ?? ""
        #expect(styles.dropFirst(3).prefix(10) == "EEEEEEEEEE")
    }
}

extension DemoRevocations {
    var recordsNothing: Bool { sessionsLoggedOut.isEmpty && tokensRevoked.isEmpty }
}
