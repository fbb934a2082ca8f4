import DemoAM
import JourneyApp
import JourneyEngine
import JourneyProfiles
import ScreenSnapshots
import TerminalKit
import Testing

/// Screens of the full-screen UI not snapshot with their own feature's tests, each at 120x40,
/// 80x24 and 60x16 (also in docs/screens) and checked for cut words: a DaVinci form with its
/// focus marker, help over the request pane, a form's help bar, and the rename and journey
/// dialogs.
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

    /// `r`: the rename dialog with the tab's name in its field.
    @Test func theRenameDialog() throws {
        let profile = try ClientProfile(name: "standard", url: "http://127.0.0.1:8180/am", request: JourneyRequest(.journey("Login")))
        var state = AppState(profiles: [profile], openTabsFor: [profile])
        _ = state.update(.key(.character("r")))
        guard case .rename? = state.overlay else {
            Issue.record("r does not open the rename dialog")
            return
        }
        ScreenSizes.expectEach("app-rename", box: "Rename tab") { state.render(size: $0) }
    }

    /// `j`: the journey dialog over the demo's sixteen journeys; at 60x16 the list scrolls inside
    /// its box to the last one.
    @Test func theJourneyDialogScrollsInsideItsBox() throws {
        let profiles = try DemoAM.journeys.map {
            try ClientProfile(name: $0, url: "http://127.0.0.1:8180/am", request: JourneyRequest(.journey($0)))
        }
        var state = AppState(profiles: profiles, openTabsFor: [profiles[0]])
        _ = state.update(.key(.character("j")))
        guard case .switchJourney? = state.overlay else {
            Issue.record("j does not open the journey dialog")
            return
        }
        ScreenSizes.expectEach("app-journey", box: "Journey in this tab") { state.render(size: $0) }
        _ = state.update(.key(.end))
        let screen = CanvasText.text(state.render(size: AppState.minimumSize))
        let last = try #require(DemoAM.journeys.last)
        #expect(screen.contains("▸\(last)"), "the last journey is reachable: \(screen)")
        let rows = screen.components(separatedBy: "\n")
        let bottom = try #require(rows.lastIndex { $0.contains("└") })
        #expect(bottom < rows.count - 1, "the box ends above the help bar: \(screen)")
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
