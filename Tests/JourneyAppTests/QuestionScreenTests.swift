import JourneyApp
import ScreenSnapshots
import TerminalKit
import Testing

/// The yes/no questions (quitting with a journey under way, closing a signed-in tab) at each
/// size, over real pages from the demo AM: whole words, nothing cut.
@MainActor
struct QuestionScreenTests {
    /// Snapshots the question titled `title` at `size` and checks that every word in its box is
    /// a whole word of `saying` (its title, sentences and keys).
    static func expectWholeWords(_ app: AppDriver, titled title: String, saying: [String], at size: Size, named name: String) throws {
        let screen = app.screen(width: size.width, height: size.height)
        assertScreenSnapshot(screen.withoutVolatileText, named: ScreenSizes.name(name, size), screensFolder: true)
        let question = try #require(WholeWords.box(titled: title, on: screen), "no box titled \(title)")
        #expect(WholeWords.cut(in: question, width: size.width, whole: saying.joined(separator: " ")) == [], "at \(size)")
    }

    @Test(arguments: ScreenSizes.all)
    func theQuitQuestion(size: Size) async throws {
        try await withDemoAM { demo in
            let app = AppDriver(tabs: [try AppInteractionTests.profile(demo, "Login")])
            try await app.wait { $0.activePhase?.isAnswering == true }
            app.press(.control("c"))
            let sentence = "Under way: standard (mid-form). Quitting abandons it."
            try Self.expectWholeWords(app, titled: "Quit?", saying: ["Quit?", sentence, "y quit · n stay"], at: size, named: "app-quit-question")
        }
    }

    @Test(arguments: ScreenSizes.all)
    func theCloseTabQuestion(size: Size) async throws {
        try await withDemoAM { demo in
            let app = AppDriver(tabs: [try AppInteractionTests.profile(demo, "Login", preset: .stepUp),
                                       try AppInteractionTests.profile(demo, "Login", name: "transactions", preset: .stepUp)])
            try await app.waitForPage("UsernamePassword")
            app.signIn("demo", "Demo-pass1")
            try await app.wait { $0.activePhase?.isSignedIn == true }
            app.press(.character("w"))
            guard case .confirmClose(let question)? = app.state.overlay else { throw AppDriver.TimedOut() }
            try Self.expectWholeWords(app, titled: "Close tab", saying: ["Close tab \"standard\"?"] + question.lines + ["y close · n keep"],
                                      at: size, named: "app-close-tab-question")
        }
    }
}
