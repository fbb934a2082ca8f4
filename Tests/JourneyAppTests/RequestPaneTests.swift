import DemoAM
import Foundation
import JourneyApp
import JourneyEngine
import JourneyProfiles
import Orchestrate
import ScreenSnapshots
import TerminalKit
import Testing

/// The three-minute demo, scripted: the step-up preset's two tabs, one sign-in, the balance's
/// step-up and the transfer's transactional authorization through the request pane.
@MainActor
@Suite(.serialized)
struct RequestPaneTests {
    static func options(_ demo: DemoAM, clientId: String, scope: String) throws -> ClientOptions {
        try ClientOptions(values: [
            .url: .text(demo.baseURL), .preset: .text(StoragePreset.stepUp.rawValue), .oauthClientId: .text(clientId),
            .oauthRedirectUri: .text("http://127.0.0.1/callback"), .oauthScope: .text(scope),
        ])
    }

    static func demoApp(_ demo: DemoAM) throws -> AppDriver {
        let app = AppDriver(tabs: [
            try ClientProfile(name: "standard", options: try options(demo, clientId: "journeyterm", scope: "openid profile")),
            try ClientProfile(name: "transactions",
                              options: try options(demo, clientId: "journeyterm-transactions", scope: "openid profile WRITE_TRANSACTION")),
        ])
        let origin = demo.baseURL.replacingOccurrences(of: "/am", with: "")
        app.state.requestSuggestions = [
            RequestSuggestion(label: "profile", url: "\(origin)/api/profile"),
            RequestSuggestion(label: "balance", url: "\(origin)/api/balance"),
            RequestSuggestion(label: "transfer", method: "POST", url: "\(origin)/api/transfer", body: #"{"amount":"100.00"}"#),
            RequestSuggestion(label: "transfer through IG", url: "\(origin)/ig/transfer"),
        ]
        return app
    }

    /// The demo's two tabs, both signed in as demo with tokens.
    static func signedInDemoApp(_ demo: DemoAM) async throws -> AppDriver {
        let app = try demoApp(demo)
        try await app.wait { $0.tabs.allSatisfy { $0.phase.isAnswering } }
        app.signIn("demo", "Demo-pass1")
        try await app.wait { $0.tabs.allSatisfy { $0.phase.isSignedIn && $0.tokens?.tokens != nil } }
        return app
    }

    private func outcome(_ app: AppDriver, tab: Int) -> ResourceOutcome? { app.state.tabs[tab].requestPane?.outcome }

    @Test func theThreeMinuteDemo() async throws {
        try await withDemoAM { demo in
            let app = try await Self.signedInDemoApp(demo)

            // Balance: a step-up to a one-time code, new tokens, the retry answered.
            app.press(.character("a"), .character("2"), .enter)
            try await app.waitForPage("StepUp")
            #expect(CanvasText.text(app.screen()).contains("answer AM's journey to continue the call"))
            app.type(try #require(TOTP.code(secret: "JBSWY3DPEHPK3PXP")))
            app.press(.enter)
            try await app.wait { $0.tabs[0].requestPane?.outcome != nil }
            guard case .answered(let balance)? = outcome(app, tab: 0) else {
                Issue.record("the balance call did not end with an answer: \(String(describing: outcome(app, tab: 0)))")
                return
            }
            #expect(balance.status == 200)
            let hops = try #require(app.state.tabs[0].requestPane?.machine?.hops)
            #expect(hops.map(\.kind) == [.exchange, .journey, .tokens, .exchange])
            #expect(hops[2].conclusion.contains("auth_level 0 → 2"))
            #expect(app.state.tabs[0].phase.isSignedIn)
            let paneText = CanvasText.text(app.screen(width: 100, height: 40))
            #expect(paneText.contains("insufficient_user_authentication"))
            #expect(paneText.contains("Authorization: Bearer ‹redacted›"))

            // Transfer, in the transactions tab: confirm, retried with X-TxID; again is a new challenge.
            app.press(.escape, .alt("2"), .character("a"), .character("3"), .enter)
            try await app.waitForPage("TransactionAuthorization")
            app.type("Demo-pass1")
            app.press(.enter)
            try await app.wait { $0.tabs[1].requestPane?.outcome != nil }
            guard case .answered(let transfer)? = outcome(app, tab: 1) else {
                Issue.record("the transfer did not end with an answer: \(String(describing: outcome(app, tab: 1)))")
                return
            }
            #expect(transfer.status == 200)
            let retry = try #require(app.state.tabs[1].requestPane?.machine?.hops.last?.request)
            #expect(retry.header("X-TxID") != nil)
            let transferText = CanvasText.text(app.screen(width: 100, height: 40))
            #expect(transferText.contains("the resource asks AM for more (a policy advice in the JSON body of a 401)"))
            #expect(transferText.contains("✓ The resource answered 200."))

            app.press(.character("y"))
            #expect(app.state.tabs[1].banner?.text.contains("on the clipboard as a curl command") == true)

            // The same transaction id again: one-shot, so challenged, and not followed.
            app.press(.character("R"))
            try await app.wait { $0.tabs[1].requestPane?.outcome != nil }
            guard case .challenged(.advice)? = outcome(app, tab: 1) else {
                Issue.record("the replay was not challenged: \(String(describing: outcome(app, tab: 1)))")
                return
            }
            // The new advice is not shown silently: the old transaction was refused as used.
            let refused = try #require(app.state.tabs[1].requestPane?.machine?.hops.last)
            #expect(refused.next.contains("this request carries was refused as already used"), "\(refused.next)")
        }
    }

    @Test func aFailedTransactionConfirmationIsReportedAsOne() async throws {
        try await withDemoAM { demo in
            let app = try await Self.signedInDemoApp(demo)
            app.press(.alt("2"), .character("a"), .character("3"), .enter)
            try await app.waitForPage("TransactionAuthorization")
            app.type("not-the-password")
            app.press(.enter)
            try await app.wait { $0.tabs[1].requestPane?.outcome != nil }
            guard case .failed(let message, _)? = outcome(app, tab: 1) else {
                Issue.record("expected the transfer to fail: \(String(describing: outcome(app, tab: 1)))")
                return
            }
            #expect(message.hasPrefix("The transaction confirmation failed"), "\(message)")
            let banner = try #require(app.state.tabs[1].banner?.text)
            #expect(banner.hasPrefix("The transaction confirmation failed") && !banner.contains("step-up"), "\(banner)")
        }
    }

    @Test func aFailedStepUpKeepsTheSessionAndTokens() async throws {
        try await withDemoAM { demo in
            let app = try Self.demoApp(demo)
            try await app.wait { $0.tabs.allSatisfy { $0.phase.isAnswering } }
            app.signIn("demo", "Demo-pass1")
            try await app.wait { $0.tabs[0].phase.isSignedIn && $0.tabs[0].tokens?.tokens != nil }
            let before = app.state.tabs[0].tokens?.tokens
            guard let session = app.state.tabs[0].journey?.session else { return }
            app.press(.character("a"), .character("2"), .enter)
            for _ in 0..<3 {
                try await app.waitForPage("StepUp")
                app.type("000000")
                app.press(.enter)
                try await app.wait { !$0.tabs[0].phase.isBusy }
            }
            try await app.wait { $0.tabs[0].requestPane?.outcome != nil }
            guard case .failed(let message, _)? = outcome(app, tab: 0) else {
                Issue.record("expected the call to fail: \(String(describing: outcome(app, tab: 0)))")
                return
            }
            #expect(message.contains("the session and tokens the instance had are kept"))
            guard let after = app.state.tabs[0].journey?.session else {
                Issue.record("the tab lost its session")
                return
            }
            #expect(after == session)
            #expect(app.state.tabs[0].tokens?.tokens == before)
        }
    }
}

/// The request pane on the smallest screen: the answer of the call just made is in view, the
/// list of calls shrinks to a window, and "↑ more" says PgUp goes back.
@MainActor
@Suite(.serialized)
struct RequestPaneSmallScreenTests {
    @Test func theAnswerOfTheCallIsInViewAt60x16() async throws {
        try await withDemoAM { demo in
            let app = try await RequestPaneTests.signedInDemoApp(demo)
            app.press(.character("a"), .character("1"), .enter)
            try await app.wait { $0.tabs[0].requestPane?.outcome != nil }
            let screen = CanvasText.text(app.screen(width: 60, height: 16))
            #expect(screen.contains("✓ The resource answered 200."), "\(screen)")
            #expect(screen.contains("↑ more (PgUp)"), "\(screen)")
            #expect(screen.contains("more calls (↑/↓)"), "\(screen)")
            assertScreenSnapshot(app.screen(width: 60, height: 16).withoutVolatileText, named: "app-request-answered-60x16", screensFolder: true)
            // PgUp goes back to the first hop.
            for _ in 0..<8 { app.press(.pageUp) }
            #expect(CanvasText.text(app.screen(width: 60, height: 16)).contains("1. GET"), "PgUp shows the first hop")
        }
    }

    @Test func theNewTabListScrollsToItsEndInsideItsBoxAt60x16() async throws {
        try await withDemoAM { demo in
            let profiles = try DemoAM.journeys.map { try AppInteractionTests.profile(demo, $0, name: $0) }
            let app = AppDriver(tabs: [try AppInteractionTests.profile(demo, "Login")], profiles: profiles)
            try await app.wait { $0.tabs.allSatisfy { $0.phase.isAnswering } }
            app.press(.escape, .character("n"), .end)
            let screen = CanvasText.text(app.screen(width: 60, height: 16))
            #expect(screen.contains("Another server…"), "the last entry is reachable: \(screen)")
            assertScreenSnapshot(app.screen(width: 60, height: 16).withoutVolatileText, named: "app-new-tab-end-60x16", screensFolder: true)
        }
    }
}
