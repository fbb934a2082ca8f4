import DemoAM
import Foundation
import JourneyApp
import JourneyEngine
import Renderer
import TerminalKit
import Testing

/// Keys typed while a page loads go into the page that arrives (real demo AM, real HTTP).
@MainActor
@Suite(.serialized)
struct TypeAheadTests {
    /// The text in the focused field of the active tab's page.
    static func focusedText(_ state: AppState) -> String? {
        guard let form = state.activeTab?.journey?.form, let focus = form.focus,
              case .text(let field) = form.fields[focus].widget else { return nil }
        return field.text
    }

    @Test func aCodeTypedWhileThePageLoadsGoesIntoItButEnterWaitsForThePerson() async throws {
        try await withDemoAM { demo in
            let app = AppDriver(tabs: [try AppInteractionTests.profile(demo, "SecondFactor")])
            try await app.waitForPage("UsernamePassword")
            app.signIn("demo", "Demo-pass1")
            try await app.waitForPage("SecondFactorChoice")
            app.press(.enter)
            #expect(app.state.activePhase?.isBusy == true)
            // Typed before the code's page is there.
            app.type("123")
            app.press(.backspace, .enter)
            try await app.waitForPage("OneTimePassword")
            #expect(Self.focusedText(app.state) == "12")
            try await app.settle()
            #expect(app.state.activePhase?.isAnswering == true, "Enter typed ahead does not submit a page not yet seen")
            app.press(.backspace, .backspace)
            app.type(try #require(TOTP.code(secret: "JBSWY3DPEHPK3PXP")))
            app.press(.enter)
            try await app.wait { $0.activePhase?.isSignedIn == true }
        }
    }
}
