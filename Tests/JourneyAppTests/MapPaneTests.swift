import DemoAM
import Foundation
import JourneyApp
import JourneyEngine
import JourneyMaps
import JourneyProfiles
import ScreenSnapshots
import Orchestrate
import TerminalKit
import Testing

/// The map pane (`M`) against the demo AM: the definition read from its admin API with the
/// administrator's session, the page on screen marked, then the way a sign-in went.
@Suite(.serialized)
@MainActor
struct MapPaneTests {
    /// What `journey demo` gives the app: the demo AM's definitions, read as its administrator.
    static func reader(_ demo: DemoAM) async -> JourneyMapReader {
        let token = await demo.administratorSession()
        return { key, transport in
            await LiveAMReader.catalog(LiveAM(trees: key.trees, credential: .ssoToken(header: DemoAM.sessionCookieName(forRealm: "/"), token: token),
                                              transport: transport), journey: key.journey)
        }
    }

    @Test func theMapMarksThePageOnScreenThenTheWayTheSignInWent() async throws {
        try await withDemoAM { demo in
            let app = AppDriver(tabs: [try AppInteractionTests.profile(demo, "SecondFactor")], readJourneyMap: await Self.reader(demo))
            try await app.waitForPage("UsernamePassword")
            app.press(.escape, .character("M"))
            try await app.wait { state in
                if case .read? = state.journeyMaps.values.first { return true }
                return false
            }
            var screen = CanvasText.text(app.screen(width: 120, height: 40))
            #expect(screen.contains("Map · SecondFactor") && screen.contains("▶ this page"), "\(screen)")
            #expect(screen.contains("▶ Sign In") && screen.contains("Choose a second factor") && screen.contains("One-time code"), "\(screen)")
            #expect(!screen.contains("✓"), "nothing shown before the first page: \(screen)")

            app.press(.escape)
            #expect(app.state.overlay == nil)
            app.press(.tab)
            app.signIn("demo", "Demo-pass1")
            try await app.waitForPage("SecondFactorChoice")
            app.press(.escape, .character("M"))
            screen = CanvasText.text(app.screen(width: 120, height: 60))
            #expect(screen.contains("✓ Sign In") && screen.contains("✓ Check the password") && screen.contains("▶ Choose a second factor"),
                    "the page's stage names its node: \(screen)")
            #expect(screen.contains("▶ this page · ✓ the way so far"), "\(screen)")
        }
    }

    @Test func aSignedInTabShowsTheWayToSuccess() async throws {
        try await withDemoAM { demo in
            let app = AppDriver(tabs: [try AppInteractionTests.profile(demo, "Login")], readJourneyMap: await Self.reader(demo))
            try await app.waitForPage("UsernamePassword")
            app.signIn("demo", "Demo-pass1")
            try await app.wait { $0.activeTab?.journey?.session != nil }
            app.press(.escape, .character("M"))
            try await app.wait { state in
                if case .read? = state.journeyMaps.values.first { return true }
                return false
            }
            let canvas = app.screen(width: 100, height: 30)
            let screen = CanvasText.text(canvas)
            #expect(screen.contains("✓ Sign In") && screen.contains("✓ Check the password") && screen.contains("signed in: Success"), "\(screen)")
            let mask = CanvasText.styleMask(canvas).split(separator: "\n")
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            let successRow = try #require(lines.firstIndex { $0.contains("│ Success │") })
            let column = try #require(lines[successRow].range(of: "Success")).lowerBound.utf16Offset(in: lines[successRow])
            #expect(Array(mask[successRow - 1])[column - 2] == "s", "the end reached is drawn as success")
        }
    }

    @Test func aProfilesJourneysOptionIsReadForItsTab() async throws {
        try await withDemoAM { demo in
            let exports = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appending(path: "JourneyMapsTests/Fixtures/Login.journey.json").path
            let options = try ClientOptions(values: [.url: .text(demo.baseURL), .journeys: .list([exports])])
            let profile = try ClientProfile(name: "exports", options: options, request: JourneyRequest(.journey("ExampleLogin")))
            let app = AppDriver(tabs: [profile])
            // The demo AM has no ExampleLogin: the map is of the definition all the same.
            try await app.wait { state in
                if case .ended? = state.activeTab?.journey?.phase { return true }
                return false
            }
            app.press(.character("M"))
            try await app.wait { state in
                if case .read? = state.journeyMaps.values.first { return true }
                return false
            }
            let screen = CanvasText.text(app.screen(width: 120, height: 40))
            #expect(screen.contains("Map · ExampleLogin") && screen.contains("Sign-in page") && screen.contains("↳ runs ExampleProfile"), "\(screen)")
        }
    }

    /// The map of Login at the three sizes (docs/screens/app-map-*), the page on screen marked.
    @Test func theMapAtItsSizes() async throws {
        try await withDemoAM { demo in
            let app = AppDriver(tabs: [try AppInteractionTests.profile(demo, "Login")], readJourneyMap: await Self.reader(demo))
            try await app.waitForPage("UsernamePassword")
            app.press(.escape, .character("M"))
            try await app.wait { state in
                if case .read? = state.journeyMaps.values.first { return true }
                return false
            }
            ScreenSizes.expectEach("app-map", box: "Map · Login") { app.screen(width: $0.width, height: $0.height).withoutVolatileText }
        }
    }

    /// Scrolling starts from what is on screen and stops at the map's edges: keys pressed past
    /// an edge are not owed back.
    @Test func scrollingStartsFromTheScreenAndStopsAtTheEdges() async throws {
        try await withDemoAM { demo in
            let app = AppDriver(tabs: [try AppInteractionTests.profile(demo, "SecondFactor")], readJourneyMap: await Self.reader(demo))
            try await app.waitForPage("UsernamePassword")
            app.signIn("demo", "Demo-pass1")
            try await app.waitForPage("SecondFactorChoice")
            app.press(.escape, .character("M"))
            try await app.wait { state in
                if case .read? = state.journeyMaps.values.first { return true }
                return false
            }
            @MainActor func pane() -> MapPane? { if case .map(let pane)? = app.state.overlay { pane } else { nil } }
            let following = CanvasText.text(app.screen(width: 60, height: 16))
            #expect(following.contains("▶"), "the page on screen is in view: \(following)")
            app.press(.down)
            let afterOne = try #require(pane())
            #expect(!afterOne.followsRun && afterOne.top > 1, "one row on from the followed position, not from the top: \(afterOne.top)")
            for _ in 0..<200 { app.press(.up) }
            #expect(pane()?.top == 0)
            app.press(.down)
            #expect(pane()?.top == 1, "a key past the top is not owed back")
            app.press(.end)
            _ = app.screen(width: 60, height: 16)
            let bottom = try #require(pane()?.top)
            app.press(.down)
            #expect(pane()?.top == bottom, "nothing below the map's bottom")
        }
    }

    @Test func aDaVinciTabHasNoJourneyToMap() async throws {
        try await withDemoAM { demo in
            let app = AppDriver(tabs: [try DaVinciTabTests.flowTab(demo)], readJourneyMap: await Self.reader(demo))
            try await app.wait { $0.tabs[0].phase.isAnswering }
            app.press(.escape, .character("M"))
            let screen = CanvasText.text(app.screen(width: 100, height: 30))
            #expect(screen.contains("This tab runs a DaVinci flow: maps are of journeys."), "\(screen)")
            #expect(app.state.journeyMaps.isEmpty, "nothing is read for it")
        }
    }

    @Test func withoutDefinitionsThePaneSaysWhereToGetThem() async throws {
        try await withDemoAM { demo in
            let app = AppDriver(tabs: [try AppInteractionTests.profile(demo, "Login")])
            try await app.waitForPage("UsernamePassword")
            app.press(.escape, .character("M"))
            let screen = CanvasText.text(app.screen(width: 120, height: 40))
            #expect(screen.contains("No journey definitions to draw: give the profile journeys: [PATH], start journey with"), "\(screen)")
            #expect(app.state.journeyMaps.isEmpty, "nothing is read without a reader")
        }
    }
}
