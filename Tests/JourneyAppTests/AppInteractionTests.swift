import DemoAM
import Foundation
import JourneyApp
import JourneyEngine
import JourneyProfiles
import Orchestrate
import Renderer
import ScreenSnapshots
import TerminalKit
import Testing

/// Scripted keys and real demo AM replies → the app's state and screens.
@MainActor
@Suite(.serialized)
struct AppInteractionTests {
    static func profile(_ demo: DemoAM, _ journey: String, name: String = "standard", preset: StoragePreset = .shared) throws -> ClientProfile {
        let options = try ClientOptions(values: [.url: .text(demo.baseURL), .preset: .text(preset.rawValue)])
        return try ClientProfile(name: name, options: options, request: JourneyRequest(.journey(journey)))
    }

    @Test func loginSucceedsAndTheTabShowsTheSession() async throws {
        try await withDemoAM { demo in
            let app = AppDriver(tabs: [try Self.profile(demo, "Login")])
            try await app.wait { $0.activePhase?.isAnswering == true }
            app.type("demo")
            app.press(.tab)
            app.type("Demo-pass1")
            app.press(.enter)
            try await app.wait { $0.activePhase?.isSignedIn == true }
            let text = CanvasText.text(app.screen())
            #expect(text.contains("Signed in as demo"))
            #expect(text.contains("signed in as demo"), "the tab bar says who")
            #expect(text.contains("iPlanetDirectoryPro"))
            app.press(.character("i"))
            try await app.wait { $0.activeTab?.journey?.sessionInfo != nil }
            #expect(CanvasText.text(app.screen(width: 120, height: 24)).contains("AM says     demo in /"))
            app.press(.character("l"))
            try await app.wait { $0.activeTab?.banner?.text.hasPrefix("Logged out: AM ended the session") == true }
            #expect(app.state.activePhase?.isIdle == true)
        }
    }

    @Test func theTokenInspectorShowsVerifiedClaimsAndActsOnTheTokens() async throws {
        try await withDemoAM { demo in
            let options = try ClientOptions(values: [
                .url: .text(demo.baseURL), .oauthClientId: .text("journeyterm"),
                .oauthRedirectUri: .text("http://127.0.0.1/callback"), .oauthScope: .text("openid profile email"),
            ])
            let app = AppDriver(tabs: [try ClientProfile(name: "standard", options: options, request: JourneyRequest(.journey("SecondFactor")))])
            try await app.waitForPage("UsernamePassword")
            app.signIn("demo", "Demo-pass1")
            try await app.waitForPage("SecondFactorChoice")
            app.press(.enter)
            try await app.waitForPage("OneTimePassword")
            app.type(try #require(TOTP.code(secret: "JBSWY3DPEHPK3PXP")))
            app.press(.enter)
            try await app.wait { $0.activeTab?.tokens?.idTokenClaims != nil }
            let accessToken = try #require(app.state.activeTab?.tokens?.tokens?.accessToken)
            var text = CanvasText.text(app.screen(width: 100, height: 30))
            #expect(text.contains("✓ verified"))
            #expect(text.contains("auth_level 10"))
            #expect(text.contains("amr pwd, otp"))
            #expect(text.contains("acr SecondFactor"))
            #expect(!text.contains(accessToken), "values stay hidden until asked for")
            app.press(.character("x"))
            text = CanvasText.text(app.screen(width: 300, height: 30))
            #expect(text.contains(String(accessToken.prefix(60))))
            app.press(.character("u"))
            try await app.wait { $0.activeTab?.tokens?.userinfo != nil }
            #expect(CanvasText.text(app.screen(width: 140, height: 30)).contains("preferred_username demo"))
            app.press(.character("t"))
            try await app.wait { $0.activeTab?.tokens?.activity == nil && $0.activeTab?.tokens?.tokens?.accessToken != accessToken }
            #expect(app.state.activeTab?.tokens?.notice?.hasPrefix("Refreshed: a new access token (expires in") == true, "t says what it did")
            let refreshed = try #require(app.state.activeTab?.tokens?.tokens)
            app.press(.character("v"))
            try await app.wait { $0.activeTab?.tokens?.problem == "Tokens revoked at AM. t fetches new ones with the session." }
            #expect(app.state.activeTab?.tokens?.tokens == nil)
            app.press(.character("t"))
            try await app.wait { $0.activeTab?.tokens?.tokens != nil && $0.activeTab?.tokens?.activity == nil }
            #expect(app.state.activeTab?.tokens?.tokens?.accessToken != refreshed.accessToken, "new tokens, from the session")
            #expect(app.state.activeTab?.tokens?.notice?.hasPrefix("New tokens fetched with the session") == true)
            #expect(app.state.activeTab?.tokens?.idTokenClaims?.trust == .verified)
        }
    }

    @Test func aFrameDrawnIntoTheLastFramesCanvasIsTheSameAsOneDrawnAfresh() async throws {
        try await withDemoAM { demo in
            let app = AppDriver(tabs: [try Self.profile(demo, "Registration")])
            try await app.waitForPage("Registration")
            var kept = Canvas(size: Size(width: 120, height: 40))
            app.press(.character("?"))
            app.state.render(into: &kept, size: Size(width: 120, height: 40))
            app.press(.escape)
            app.type("someone")
            app.state.render(into: &kept, size: Size(width: 120, height: 40))
            #expect(kept == app.state.render(size: Size(width: 120, height: 40)), "nothing of the help overlay is left over")
            app.state.render(into: &kept, size: Size(width: 80, height: 24))
            #expect(kept == app.screen())
        }
    }

    @Test func wrongPasswordShowsABannerAndKeepsWhatWasTyped() async throws {
        try await withDemoAM { demo in
            let app = AppDriver(tabs: [try Self.profile(demo, "Login")])
            try await app.wait { $0.activePhase?.isAnswering == true }
            app.type("demo")
            app.press(.tab)
            app.type("wrong")
            app.press(.enter)
            try await app.wait { $0.activePhase?.isEnded == true }
            let text = CanvasText.text(app.screen())
            #expect(text.contains("Authentication failed: Login failure."))
            #expect(text.contains("[ demo"), "the typed user name is still on screen")
            app.press(.character("s"))
            try await app.wait { $0.activePhase?.isAnswering == true }
            guard case .text(let field) = app.state.activeTab?.journey?.form?.fields.first?.widget else {
                Issue.record("no user name field")
                return
            }
            #expect(field.text == "demo", "restarting keeps the user name for the same page")
        }
    }

    @Test func secondFactorChoiceThenOneTimeCode() async throws {
        try await withDemoAM { demo in
            let app = AppDriver(tabs: [try Self.profile(demo, "SecondFactor")])
            try await app.waitForPage("UsernamePassword")
            app.signIn("demo", "Demo-pass1")
            try await app.waitForPage("SecondFactorChoice")
            ScreenSizes.expectEach("app-second-factor-choice") { app.screen(width: $0.width, height: $0.height).withoutVolatileText }
            app.press(.enter)
            try await app.waitForPage("OneTimePassword")
            app.type(try #require(TOTP.code(secret: "JBSWY3DPEHPK3PXP")))
            app.press(.enter)
            try await app.wait { $0.activePhase?.isSignedIn == true }
        }
    }

    @Test func pollingShowsASpinnerAndFinishesByItself() async throws {
        let configuration = DemoAMConfiguration(port: 0, pushApprovalDelay: .milliseconds(800))
        try await withDemoAM(configuration) { demo in
            let app = AppDriver(tabs: [try Self.profile(demo, "PushApproval")])
            try await app.wait { $0.activePhase?.isAnswering == true }
            app.type("alice")
            app.press(.enter)
            try await app.wait { $0.activePhase?.isPolling == true }
            let text = CanvasText.text(app.screen())
            #expect(text.contains("Tap the number ["), "Push Wait's message, with the number: \(text)")
            #expect(text.contains("[▸Cancel◂]"), "the button has focus, marked without colour")
            try await app.wait { state in
                state.activePhase?.isPolling == true
                    && CanvasText.text(state.render(size: Size(width: 80, height: 24))).contains("check")
            }
            try await app.wait { $0.activePhase?.isSignedIn == true }
        }
    }

    @Test func twoTabsInterleaveWithoutMixingAnswers() async throws {
        try await withDemoAM { demo in
            // Two users side by side: each tab keeps its own session (the multi-user preset).
            let app = AppDriver(tabs: [try Self.profile(demo, "Login", preset: .multiUser),
                                       try Self.profile(demo, "Login", name: "second user", preset: .multiUser)])
            try await app.wait { $0.tabs.allSatisfy { $0.phase.isAnswering } }
            app.type("demo")
            app.press(.tab)
            app.type("Demo-pass1")
            app.press(.enter, .alt("2"))
            app.type("ali")
            try await app.wait { $0.tabs[0].phase.isSignedIn }
            #expect(app.state.activeIndex == 1)
            guard case .text(let field) = app.state.tabs[1].journey?.form?.fields.first?.widget else {
                Issue.record("tab 2 lost its form")
                return
            }
            #expect(field.text == "ali", "typing in tab 2 went on while tab 1 waited")
            app.type("ce")
            app.press(.tab)
            app.type("Alice-pass1")
            app.press(.enter)
            try await app.wait { $0.tabs[1].phase.isSignedIn }
            #expect(app.state.tabs.map(\.userName) == ["demo", "alice"])
            assertScreenSnapshot(app.screen(width: 100, height: 16).withoutVolatileText, named: "app-two-tabs-100x16")
        }
    }

    /// AM answers a validateOnly check on a new authId, so Enter pressed during the check must
    /// wait for it; sending at once would use a dead authId.
    @Test func enterDuringAValidationSubmitsOnceTheCheckIsAnswered() async throws {
        try await withDemoAM { demo in
            let app = AppDriver(tabs: [try Self.profile(demo, "Registration")])
            try await app.wait { $0.activePhase?.isAnswering == true }
            app.type("dave")
            app.press(.tab)
            #expect(app.state.activePhase?.isBusy == true, "leaving the username checks it with validateOnly")
            app.type("Dave")
            for text in ["Example", "dave@example.com"] {
                app.press(.tab)
                app.type(text)
            }
            app.press(.tab, .tab)
            app.type("Str0ng-pass")
            app.press(.tab, .tab, .tab)
            app.type("teal")
            // The second security question: another one than the first (2), and its answer.
            app.press(.tab, .character("2"), .tab, .tab)
            app.type("Acme")
            app.press(.tab, .tab, .character(" "), .enter)
            try await app.wait { $0.activePhase?.isSignedIn == true }
            #expect(app.state.activeTab?.userName == "dave")
        }
    }

    @Test func escCancelsAHangingRequestAndKeepsTheAnswers() async throws {
        let app = AppDriver(tabs: [try ClientProfile(name: "slow", url: "http://127.0.0.1:9/am", request: JourneyRequest(.journey("Login")))],
                            transport: HangingTransport())
        #expect(app.state.activePhase?.isBusy == true)
        #expect(CanvasText.text(app.screen()).contains("Esc cancels"))
        app.press(.escape)
        #expect(app.state.activePhase?.isIdle == true)
        #expect(CanvasText.text(app.screen()).contains("Request cancelled"))
    }

    @Test func anExpiredJourneyOffersARestartInOneKey() async throws {
        try await withDemoAM(DemoAMConfiguration(port: 0, journeyTimeout: .milliseconds(200))) { demo in
            let app = AppDriver(tabs: [try Self.profile(demo, "Login")])
            try await app.wait { $0.activePhase?.isAnswering == true }
            try await Task.sleep(for: .milliseconds(400))
            app.type("demo")
            app.press(.tab)
            app.type("Demo-pass1")
            app.press(.enter)
            try await app.wait { $0.activePhase?.isEnded == true }
            #expect(CanvasText.text(app.screen()).contains("timed out"))
            app.press(.character("s"))
            try await app.wait { $0.activePhase?.isAnswering == true }
        }
    }

    @Test func aPageCountsDownToTheEndOfItsAuthIdAndWarnsInTheLastMinute() async throws {
        try await withDemoAM(DemoAMConfiguration(port: 0, journeyTimeout: .seconds(50))) { demo in
            let app = AppDriver(tabs: [try Self.profile(demo, "Login")])
            try await app.wait { $0.activePhase?.isAnswering == true }
            let text = CanvasText.text(app.screen())
            #expect(text.contains("⚠ this page expires in"), "\(text)")
            #expect(text.contains("answer now, or the journey starts over"))
        }
        try await withDemoAM { demo in
            let app = AppDriver(tabs: [try Self.profile(demo, "Login")])
            try await app.wait { $0.activePhase?.isAnswering == true }
            #expect(CanvasText.text(app.screen()).contains("⏱ this page expires in 4 min"))
        }
    }

    @Test func quittingMidJourneyAsksFirst() async throws {
        try await withDemoAM { demo in
            let app = AppDriver(tabs: [try Self.profile(demo, "Login")])
            try await app.wait { $0.activePhase?.isAnswering == true }
            app.press(.control("c"))
            #expect(!app.state.wantsToQuit)
            // The question names the tab and what its journey is doing.
            #expect(CanvasText.text(app.screen()).contains("Under way: standard (mid-form). Quitting abandons it."))
            app.press(.character("n"))
            app.press(.control("c"), .character("y"))
            #expect(app.state.wantsToQuit)
        }
    }

    @Test func closingASignedInTabAsksAndSaysItsSessionStaysInItsStores() async throws {
        try await withDemoAM { demo in
            let app = AppDriver(tabs: [try Self.profile(demo, "Login", preset: .stepUp),
                                       try Self.profile(demo, "Login", name: "transactions", preset: .stepUp)])
            try await app.waitForPage("UsernamePassword")
            app.signIn("demo", "Demo-pass1")
            try await app.wait { $0.activePhase?.isSignedIn == true }
            app.press(.character("w"))
            #expect(app.state.tabs.count == 2, "a signed-in tab is not closed without asking")
            #expect(CanvasText.text(app.screen(width: 120, height: 40)).contains("Close tab \"standard\"?"))
            guard case .confirmClose(let question)? = app.state.overlay else { throw AppDriver.TimedOut() }
            let text = question.lines.joined(separator: " ")
            #expect(text.contains("It is signed in as demo. Closing signs nothing out (l does)"), "\(text)")
            #expect(text.contains(#"stay in the stores "session" and "tokens-standard" of instance "standard""#), "\(text)")
            #expect(text.contains("transactions shares them and stays signed in."), "\(text)")
            app.press(.character("n"))
            #expect(app.state.overlay == nil && app.state.tabs.count == 2, "n keeps the tab")
            app.press(.character("w"), .character("y"))
            #expect(app.state.tabs.map(\.name) == ["transactions"], "y closes it")
        }
    }

    @Test func mainScreensAtTheirSizes() async throws {
        try await withDemoAM { demo in
            let profiles = try DemoAM.journeys.map { try Self.profile(demo, $0, name: $0) }
            let app = AppDriver(tabs: [try Self.profile(demo, "Login", preset: .multiUser),
                                       try Self.profile(demo, "Login", name: "second user", preset: .multiUser)],
                                profiles: profiles,
                                hint: "Demo: sign in as demo / Demo-pass1 here, alice / Alice-pass1 in tab 2 (Alt-2)")
            try await app.wait { $0.tabs.allSatisfy { $0.phase.isAnswering } }
            // The focus marker on the user name field, the help bar's "Esc then ? help · q quit".
            ScreenSizes.expectEach("app-login") { app.screen(width: $0.width, height: $0.height).withoutVolatileText }
            assertScreenSnapshot(app.screen(width: 59, height: 16), named: "app-too-small-59x16")
            app.press(.escape, .character("?"))
            ScreenSizes.expectEach("app-help", box: "Keys") { app.screen(width: $0.width, height: $0.height).withoutVolatileText }
            app.press(.escape, .character("n"))
            ScreenSizes.expectEach("app-new-tab", box: "New tab") { app.screen(width: $0.width, height: $0.height).withoutVolatileText }
            // Registration is the fourth profile (Login, MagicLink, SecondFactor, Registration).
            app.press(.down, .down, .down, .enter)
            try await app.wait { $0.activeTab?.journey?.form?.step.stage == "Registration" }
            // Submitted empty: AM's "✗ required" under each empty field.
            app.press(.enter)
            try await app.wait { CanvasText.text($0.render(size: WholeWords.roomy)).contains("✗ required") && $0.activePhase?.isAnswering == true }
            ScreenSizes.expectEach("app-registration") { app.screen(width: $0.width, height: $0.height).withoutVolatileText }
        }
    }
}

extension Canvas {
    /// The demo AM's port, the SSO token and a page's countdown change from run to run;
    /// snapshots show the port as 00000, the token's first characters as xxxxxx and the
    /// countdown's digits as 0.
    var withoutVolatileText: Canvas {
        var copy = self
        for y in 0..<size.height {
            let row = (0..<size.width).map { String(self[$0, y].character) }.joined()
            if let label = row.range(of: "SSO token   ") {
                var x = row.distance(from: row.startIndex, to: label.upperBound)
                while x < size.width, self[x, y].character != "…" {
                    copy[x, y] = Cell("x", role: self[x, y].role)
                    x += 1
                }
            }
            if row.contains("this page expires in") || row.contains("AM no longer takes answers") {
                for x in 0..<size.width where self[x, y].character.isNumber { copy[x, y] = Cell("0", role: self[x, y].role) }
            }
            var x = 0
            while x < size.width {
                if self[x, y].character == ":", x + 1 < size.width, self[x + 1, y].character.isNumber {
                    var end = x + 1
                    while end < size.width, self[end, y].character.isNumber { end += 1 }
                    // A port, or the start of one the tab bar shortened ("127.0.0.1:4…").
                    if end - x - 1 >= 4 || end < size.width && self[end, y].character == "…" {
                        for column in (x + 1)..<end { copy[column, y] = Cell("0", role: self[column, y].role) }
                    }
                    x = end
                } else {
                    x += 1
                }
            }
        }
        return copy
    }
}
