import DemoAM
import Foundation
import JourneyApp
import JourneyEngine
import JourneyProfiles
import Orchestrate
import TerminalKit
import Testing

/// The signed-in page on the smallest screen: it scrolls with PgUp/PgDn, says there is more,
/// and wraps the claims instead of cutting them (real demo AM, real HTTP).
@MainActor
@Suite(.serialized)
struct SignedInPageTests {
    static func lines(_ app: AppDriver) -> [String] {
        CanvasText.text(app.screen(width: 60, height: 16)).components(separatedBy: "\n")
    }

    @Test func theSignedInPageScrollsAt60x16AndItsClaimsWrap() async throws {
        try await withDemoAM { demo in
            let options = try ClientOptions(values: [
                .url: .text(demo.baseURL), .oauthClientId: .text("journeyterm"),
                .oauthRedirectUri: .text("http://127.0.0.1/callback"), .oauthScope: .text("openid profile email"),
            ])
            let app = AppDriver(tabs: [try ClientProfile(name: "standard", options: options, request: JourneyRequest(.journey("Login")))])
            try await app.waitForPage("UsernamePassword")
            app.signIn("demo", "Demo-pass1")
            try await app.wait { $0.activeTab?.tokens?.idTokenClaims != nil }
            var seen = Self.lines(app)
            let page = seen.dropFirst().dropLast()
            #expect(page.contains { $0.hasSuffix("↓ more") }, "\(seen)")
            #expect(!seen.joined().contains("l logs out"))
            for _ in 0..<10 {
                app.press(.pageDown)
                seen += Self.lines(app)
            }
            let last = Self.lines(app)
            #expect(last.contains { $0.hasSuffix("↑ more") && !$0.contains("↓") }, "\(last)")
            #expect(last.joined(separator: " ").contains("l logs out"), "the page's last line is reached: \(last)")
            let text = seen.joined(separator: " ")
            for claim in ["sub", "auth_level", "amr", "acr", "scope"] {
                #expect(text.contains(claim), "\(claim) is shown, wrapped: \(seen)")
            }
            for _ in 0..<10 { app.press(.pageUp) }
            let top = Self.lines(app)
            #expect(top.contains { $0.hasSuffix("↓ more") } && !top.contains { $0.contains("↑ more") }, "PgUp goes back to the top: \(top)")
        }
    }
}
