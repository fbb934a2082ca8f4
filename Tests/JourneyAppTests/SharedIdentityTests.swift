import DemoAM
import Foundation
import JourneyApp
import JourneyEngine
import JourneyProfiles
import Orchestrate
import TerminalKit
import Testing

/// Tabs that share a session store tell one truth: who is signed in there, with tokens minted
/// for that session, through new users and new servers.
@MainActor
@Suite(.serialized)
struct SharedIdentityTests {
    /// The subject of the tab's access token.
    static func subject(_ tab: ClientTab?) -> String? {
        tab?.tokens?.tokens.flatMap { TokenClaims.decode($0.accessToken) }?["sub"]?.stringValue
    }

    @Test func aTabFollowsTheNewUserOfTheSessionStoreItShares() async throws {
        try await withDemoAM { demo in
            // A third tab on the same store signs in anew (ForceAuth), as the walkthrough's
            // Registration tab does; it does not take the first sign-in (it walks another journey).
            let again = try ClientProfile(name: "again", options: try InstanceTabsTests.tab(demo, "again").options,
                                          request: JourneyRequest(.journey("Login"), forceAuth: true))
            let app = AppDriver(tabs: [try InstanceTabsTests.tab(demo, "standard"), try InstanceTabsTests.tab(demo, "transactions"), again])
            try await app.wait { $0.tabs.allSatisfy { $0.phase.isAnswering } }
            app.signIn("demo", "Demo-pass1")
            try await app.wait { $0.tabs.prefix(2).allSatisfy { Self.subject($0) == "demo" } }
            app.press(.alt("2"), .character("u"))
            try await app.wait { $0.tabs[1].tokens?.userinfo != nil }
            let demoTokens = try #require(app.state.tabs[1].tokens?.tokens)

            app.press(.alt("3"))
            app.signIn("alice", "Alice-pass1")
            try await app.wait { $0.tabs.allSatisfy { Self.subject($0) == "alice" && $0.tokens?.activity == nil } }
            let follower = app.state.tabs[1]
            #expect(follower.userName == "alice")
            #expect(follower.tokens?.userinfo == nil, "the old user's userinfo is gone")
            #expect(follower.banner?.text == "The session store \"session\" (shared with standard, again) now holds alice's session instead of demo's: "
                + "this tab follows it; the old session's tokens are revoked.")
            let demoFingerprints = [demoTokens.accessToken, demoTokens.refreshToken].compactMap { $0.map(DemoRevocations.fingerprint(of:)) }
            var revoked = false
            for _ in 0..<300 where !revoked {
                revoked = await demo.revocations().tokensRevoked.contains { demoFingerprints.contains($0.tokenFingerprint) }
                try await app.settle(for: .milliseconds(50))
            }
            #expect(revoked, "the tokens minted for demo's session were revoked")
            #expect(await demo.revocations().sessionsLoggedOut.map(\.user) == ["demo"], "the replaced session was logged out at AM, the SDKs' rule")
        }
    }

    @Test func aNewRealmMovesTheTabsSharingTheSessionTogether() async throws {
        try await withDemoAM { demo in
            let app = AppDriver(tabs: [try InstanceTabsTests.tab(demo, "standard"), try InstanceTabsTests.tab(demo, "transactions")])
            try await app.wait { $0.tabs.allSatisfy { $0.phase.isAnswering } }
            app.signIn("demo", "Demo-pass1")
            try await app.wait { $0.tabs.allSatisfy { $0.tokens?.tokens != nil } }

            app.press(.character("o"))
            ConfigurationTests.set(.realm, to: "alpha", in: app)
            let warning = CanvasText.text(app.screen(width: 120, height: 40))
            #expect(warning.contains("transactions shares its") && warning.contains("session store: it moves with it and signs out too."),
                    "the dialog warns about every tab it affects")
            app.press(.enter)
            try await app.wait { $0.tabs.allSatisfy { $0.restartNotice == nil && $0.phase.isAnswering } }
            #expect(app.state.tabs.map { $0.profile.server?.realm.description } == ["/alpha", "/alpha"])
            #expect(app.state.tabs[1].banner?.text.hasPrefix("Tab standard moved to a new server; this tab shares its session store, so it moved too (realm). Now on \(demo.baseURL), realm /alpha.") == true)
            let recorded = await demo.revocations()
            #expect(recorded.sessionsLoggedOut.count == 1, "the shared session is logged out once")

            // Still together: a sign-in on either tab signs both in, a log-out signs both out.
            app.press(.alt("2"))
            app.signIn("demo", "Demo-pass1")
            try await app.wait { $0.tabs.allSatisfy { $0.phase.isSignedIn && $0.tokens?.tokens != nil } }
            app.press(.escape, .character("l"))
            try await app.wait { $0.tabs.allSatisfy { $0.phase.isIdle } }
            #expect(app.state.tabs[0].banner?.text.hasPrefix("Signed out: the session store \"session\"") == true)
        }
    }
}
