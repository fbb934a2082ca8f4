import DemoAM
import JourneyApp
import JourneyEngine
import JourneyProfiles
import ScreenSnapshots
import TerminalKit
import Testing

/// Screens of the full-screen UI not snapshot with their own feature's tests, each at 120x40,
/// 80x24 and 60x16 (also in docs/screens) and checked for cut words: a DaVinci form with its
/// focus marker, help over the request pane, and a form's help bar.
@MainActor
@Suite(.serialized)
struct ScreensAtThreeSizesTests {
    /// The demo PingOne's sign-on form: the focus marker on the user name field without colour.
    @Test func aDaVinciForm() async throws {
        try await withDemoAM { demo in
            let app = AppDriver(tabs: [try DaVinciTabTests.flowTab(demo)])
            try await app.wait { $0.tabs[0].phase.isAnswering }
            #expect(CanvasText.text(app.screen()).contains("[▸"), "the focused field is marked")
            ScreenSizes.expectEach("app-davinci-form") { app.screen(width: $0.width, height: $0.height).withoutVolatileText }
        }
    }

    /// `?` in the request pane: its keys first.
    @Test func helpOverTheRequestPane() throws {
        let profile = try ClientProfile(name: "standard", url: "http://127.0.0.1:8180/am", request: JourneyRequest(.journey("Login")))
        var state = AppState(profiles: [profile], openTabsFor: [profile])
        state.requestSuggestions = [RequestSuggestion(label: "profile", url: "http://127.0.0.1:8180/api/profile")]
        _ = state.update(.key(.character("a")))
        _ = state.update(.key(.character("?")))
        guard case .help? = state.overlay else {
            Issue.record("? does not open help over the request pane")
            return
        }
        ScreenSizes.expectEach("app-request-help", box: "Keys") { state.render(size: $0) }
    }

    /// On a form printable keys type, so the help bar says how `?` and `q` are reached, down to
    /// the smallest screen.
    @Test(arguments: ScreenSizes.all)
    func aFormsHelpBarKeepsHelpAndQuit(size: Size) async throws {
        try await withDemoAM { demo in
            let app = AppDriver(tabs: [try AppInteractionTests.profile(demo, "Login")])
            try await app.waitForPage("UsernamePassword")
            let bar = try #require(CanvasText.text(app.screen(width: size.width, height: size.height)).components(separatedBy: "\n").last)
            #expect(bar.contains("Esc then ? help · q quit"), "\(bar)")
            app.press(.escape)
            let commands = try #require(CanvasText.text(app.screen(width: size.width, height: size.height)).components(separatedBy: "\n").last)
            #expect(commands.contains("? help") && commands.contains("q quit") && !commands.contains("Esc then"), "\(commands)")
        }
    }
}
