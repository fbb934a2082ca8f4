import DemoAM
import Foundation
import JourneyApp
import JourneyEngine
import JourneyProfiles
import Orchestrate
import ScreenSnapshots
import TerminalKit
import Testing

/// The pages without a live form (idle, ended, signed in) on the smallest screen: each scrolls
/// with PgUp/PgDn, says there is more, and shows every line of the page somewhere on the way.
@MainActor
@Suite(.serialized)
struct ScrolledPageTests {
    static let now = Date(timeIntervalSince1970: 1_900_000_000)
    static let small = Size(width: 60, height: 16)

    /// Three lines of notice above the page, as an error banner takes.
    static let notice = "The instance could not be opened: the server did not answer in time. Check the address and the network, then press Enter to try again."

    static func lines(_ canvas: Canvas) -> [String] {
        CanvasText.text(canvas).components(separatedBy: "\n")
    }

    /// Scrolls the active tab's page at 60x16 from the top to the end and back: "↓ more" first,
    /// then "↑ more" alone with `lastLine` on screen, and every line of the page seen on the way
    /// (the page at 60x60, the same width, holds them all).
    static func expectScrolls(_ state: inout AppState, lastLine: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let whole = lines(state.render(size: Size(width: 60, height: 60))).dropFirst().dropLast()
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        #expect(whole.contains { $0.contains(lastLine) }, "the page ends with \(lastLine): \(whole)", sourceLocation: sourceLocation)
        var seen = lines(state.render(size: small))
        #expect(seen.contains { $0.hasSuffix("↓ more") } && !seen.contains { $0.contains("↑ more") }, "\(seen)",
                sourceLocation: sourceLocation)
        #expect(!seen.joined().contains(lastLine), "the page does not fit: \(seen)", sourceLocation: sourceLocation)
        for _ in 0..<10 {
            _ = state.update(.key(.pageDown))
            seen += lines(state.render(size: small))
        }
        let end = lines(state.render(size: small))
        #expect(end.contains { $0.hasSuffix("↑ more") && !$0.contains("↓") }, "\(end)", sourceLocation: sourceLocation)
        #expect(end.joined().contains(lastLine), "PgDn reaches the page's last line: \(end)", sourceLocation: sourceLocation)
        let shown = Set(seen.map { $0.trimmingCharacters(in: .whitespaces) })
        for line in whole {
            #expect(shown.contains(line), "nothing is cut or covered: \(line)", sourceLocation: sourceLocation)
        }
        for _ in 0..<10 { _ = state.update(.key(.pageUp)) }
        let top = lines(state.render(size: small))
        #expect(top.contains { $0.hasSuffix("↓ more") } && !top.contains { $0.contains("↑ more") }, "PgUp goes back to the top: \(top)",
                sourceLocation: sourceLocation)
    }

    /// A journey tab on a tenant with a long address and long journey names, not started, under a notice.
    @Test func theIdlePageScrollsAt60x16() throws {
        let options = try ClientOptions(values: [
            .url: .text("https://openam-example-tenant-euw2-development.id.forgerock.io/am"), .realm: .text("alpha"),
            .authServiceName: .text("PasswordlessSignInWithPushAuthenticationAndRecoveryCodes"),
            .registrationServiceName: .text("ProgressiveProfileRegistrationWithEmailVerification"),
        ])
        let profile = try ClientProfile(name: "tenant", options: options, profileName: "tenant")
        var state = AppState(profiles: [profile], openTabsFor: [profile], hint: Self.notice)
        Self.expectScrolls(&state, lastLine: "this tab's options")
    }

    /// A DaVinci tab whose flow ended, under a notice: its idle page (environment, application, policy, stores).
    @Test func theEndedFlowPageScrollsAt60x16() throws {
        let options = try ClientOptions(values: [
            .kind: .text("davinci"),
            .discoveryEndpoint: .text("https://auth.pingone.eu/0f4a9c52-6e2b-4d8e-9a41-3c7b5e2d1f60/as/.well-known/openid-configuration"),
            .clientId: .text("6b1e2f3a-4c5d-4e6f-8a9b-0c1d2e3f4a5b"), .scopes: .text("openid profile email phone address"),
            .redirectUri: .text("http://127.0.0.1/callback"), .acrValues: .list(["a1b2c3d4e5f60718293a4b5c6d7e8f90"]),
        ])
        let profile = try ClientProfile(name: "pingone", options: options, profileName: "pingone")
        var state = AppState(profiles: [profile], openTabsFor: [profile], hint: Self.notice)
        state.tabs[0].arrangeFlow { $0.phase = .ended }
        Self.expectScrolls(&state, lastLine: "this tab's options")
    }

    /// A journey that failed on a wrong password ends on its page, under the banner (real demo AM).
    @Test func theEndedJourneyPageScrollsAt60x16() async throws {
        try await withDemoAM { demo in
            let options = try ClientOptions(values: [.url: .text(demo.baseURL)])
            let app = AppDriver(tabs: [try ClientProfile(name: "standard", options: options, request: JourneyRequest(.journey("Login")))])
            try await app.waitForPage("UsernamePassword")
            app.signIn("demo", "wrong")
            try await app.wait { $0.activePhase?.isEnded == true }
            var state = app.state
            Self.expectScrolls(&state, lastLine: "[▸•••••")
        }
    }

    /// A JWT whose payload is `claims` (unsigned: the inspector decodes, it does not verify).
    static func jwt(_ claims: String) -> String {
        func part(_ text: String) -> String {
            Data(text.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        }
        return part(#"{"alg":"none"}"#) + "." + part(claims) + ".c2ln"
    }

    /// A signed-in page built by hand with fixed tokens and claims, at each size, then scrolled
    /// one page down at 60x16: the screen the README shows.
    @Test func aScrolledSignedInPageAt60x16() throws {
        let options = try ClientOptions(values: [
            .url: .text("http://127.0.0.1:8080/am"), .oauthClientId: .text("journeyterm"),
            .oauthRedirectUri: .text("http://127.0.0.1/callback"), .oauthScope: .text("openid profile email"),
        ])
        let profile = try ClientProfile(name: "standard", options: options)
        var state = AppState(profiles: [profile], openTabsFor: [profile])
        _ = state.update(.tick(at: .now, date: Self.now))
        state.tabs[0].arrangeJourney { $0.phase = .signedIn(LoginSuccess(tokenId: "AQIC5wM2LY4Sfcz-demo-session", successUrl: "/am/console", realm: "/")) }
        state.tabs[0].arrange { $0.userName = "demo" }
        let access = Self.jwt(#"{"sub":"demo","auth_level":10,"amr":["pwd","otp"],"acr":"SecondFactor","scope":"openid profile email"}"#)
        let json = """
            {"accessToken": "\(access)", "refreshToken": "refresh-demo", "tokenType": "Bearer", "expiresIn": 3600,
             "issuedAt": \(Self.now.timeIntervalSinceReferenceDate - 600)}
            """
        var inspector = TabTokens()
        inspector.tokens = try JSONDecoder().decode(OAuthTokens.self, from: Data(json.utf8))
        inspector.userinfo = .object(["email": .string("demo@example.com")])
        state.tabs[0].arrange { $0.tokens = inspector }
        ScreenSizes.expectEach("app-signed-in") { state.render(size: $0) }
        _ = state.update(.key(.pageDown))
        let screen = state.render(size: Self.small)
        #expect(Self.lines(screen).contains { $0.hasSuffix("↑ more  ↓ more") }, "scrolled into the middle: \(Self.lines(screen))")
        assertScreenSnapshot(screen, named: "app-signed-in-scrolled-60x16", screensFolder: true)
    }

    /// A scroll belongs to the page it was made on: a journey that ends again after starting
    /// over opens its new page at the top, not where the last one was scrolled to.
    @Test func aTabsNextPageOpensAtItsTop() async throws {
        try await withDemoAM { demo in
            let options = try ClientOptions(values: [.url: .text(demo.baseURL)])
            let app = AppDriver(tabs: [try ClientProfile(name: "standard", options: options, request: JourneyRequest(.journey("Login")))])
            try await app.waitForPage("UsernamePassword")
            app.signIn("demo", "wrong")
            try await app.wait { $0.activePhase?.isEnded == true }
            app.press(.pageDown)
            #expect(Self.lines(app.screen(width: 60, height: 16)).contains { $0.contains("↑ more") }, "the ended page is scrolled")
            app.press(.character("s"))
            try await app.wait { $0.activePhase?.isAnswering == true }
            app.signIn("demo", "wrong")
            try await app.wait { $0.activePhase?.isEnded == true }
            let ended = Self.lines(app.screen(width: 60, height: 16))
            #expect(!ended.contains { $0.contains("↑ more") } && ended.contains { $0.contains("↓ more") }, "the new page opens at its top: \(ended)")
        }
    }
}
