import Foundation
import JourneyApp
import JourneyEngine
import JourneyProfiles
import Orchestrate
import ScreenSnapshots
import TerminalKit
import Testing

/// Which tabs share which store: one mark in the tab bar on the tabs of a shared session store,
/// and the stores panel (`p`) drawing each store with its tabs and what it holds. Pure state:
/// the tabs are set signed in by hand, nothing is sent.
struct StoresPanelTests {
    static let now = Date(timeIntervalSince1970: 1_900_000_000)

    static func profile(_ name: String, preset: StoragePreset) throws -> ClientProfile {
        let options = try ClientOptions(values: [
            .url: .text("http://127.0.0.1:8080/am"), .preset: .text(preset.rawValue), .oauthClientId: .text("journeyterm"),
            .oauthRedirectUri: .text("http://127.0.0.1/callback"), .oauthScope: .text("openid profile"),
        ])
        return try ClientProfile(name: name, options: options)
    }

    /// Tokens issued `age` seconds before `now`, valid for an hour.
    static func tokens(issuedSecondsAgo age: Int) throws -> TabTokens {
        let json = """
            {"accessToken": "at", "tokenType": "Bearer", "expiresIn": 3600,
             "issuedAt": \(now.timeIntervalSinceReferenceDate - Double(age))}
            """
        var inspector = TabTokens()
        inspector.tokens = try JSONDecoder().decode(OAuthTokens.self, from: Data(json.utf8))
        return inspector
    }

    /// standard and transactions on the step-up preset (one session store, both signed in as
    /// demo), and alice on the multi-user preset, not signed in.
    static func app() throws -> AppState {
        let profiles = [try profile("standard", preset: .stepUp), try profile("transactions", preset: .stepUp),
                        try profile("alice", preset: .multiUser)]
        var state = AppState(profiles: profiles, openTabsFor: profiles)
        _ = state.update(.tick(at: .now, date: now))
        for (index, age) in [(0, 2), (1, 3348)] {
            state.tabs[index].arrangeJourney { $0.phase = .signedIn(LoginSuccess(tokenId: "sso", successUrl: "/am/console", realm: "/")) }
            state.tabs[index].arrange { $0.userName = "demo" }
            let minted = try tokens(issuedSecondsAgo: age)
            state.tabs[index].arrange { $0.tokens = minted }
        }
        return state
    }

    static func lines(_ canvas: Canvas) -> [String] {
        CanvasText.text(canvas).components(separatedBy: "\n")
    }

    @Test func tabsOnOneSessionStoreCarryOneMark() throws {
        let state = try Self.app()
        let bar = Self.lines(state.render(size: Size(width: 200, height: 24)))[0]
        #expect(bar.hasPrefix(" 1 ✓ ◆ standard · 127.0.0.1:8080 · signed in as demo │ 2 ✓ ◆ transactions · "))
        #expect(bar.contains("│ 3 alice · 127.0.0.1:8080 · idle"), "alice shares her session store with nobody: no mark")
        let narrow = Self.lines(state.render(size: Size(width: 60, height: 16)))[0]
        #expect(narrow.hasPrefix(" 1 ✓ ◆ standard"), "the mark stays when the bar is shortened: \(narrow)")
        #expect(narrow.contains("│ 2 ✓ ◆ "))
    }

    @Test func thePanelDrawsWhichTabsShareWhichStore() throws {
        var state = try Self.app()
        _ = state.update(.key(.character("p")))
        let screen = state.render(size: Size(width: 80, height: 24))
        let text = Self.lines(screen)
        let expected = [
            #"┌ Stores · presets step-up, multi-user (journey) ──"#,
            #"│ session ◆ "session" ──┬── standard             demo signed in            │"#,
            #"│                       └── transactions                                   │"#,
            #"│ session "user_alice_session" ── alice          nobody signed in          │"#,
            #"│ tokens  "tokens-standard" ── standard          expire in 59 min 58 s     │"#,
            #"│ tokens  "tokens-transactions" ── transactions  expire in 4 min 12 s      │"#,
            #"│ tokens  "user_alice_tokens" ── alice           no tokens                 │"#,
            #"│ cookies one per tab                                                      │"#,
            #"│ step-up: one shared session, tokens per instance (standard +             │"#,
            #"│ multi-user: session and tokens per instance, one user in each"#,
            #"│ A tab is the instance named after the tab as it opened (renaming keeps"#,
            #"│ Tabs with one mark share a session store: they sign in and out together. │"#,
            #"│ p/Esc closes                                                             │"#,
        ]
        for line in expected {
            #expect(text.contains { $0.contains(line) }, "missing: \(line)")
        }
        ScreenSizes.expectEach("app-stores", box: "Stores · presets", alsoWhenShort: "↑↓ PgUp PgDn lines 1–11 of 20") { state.render(size: $0) }

        _ = state.update(.key(.character("p")))
        #expect(state.overlay == nil, "p closes the panel it opened")
    }

    @Test func thePanelScrollsOnTheSmallestScreenAndEscCloses() throws {
        var state = try Self.app()
        _ = state.update(.key(.character("p")))
        let size = AppState.minimumSize
        for _ in 0..<20 { _ = state.update(.key(.down)) }
        assertScreenSnapshot(state.render(size: size), named: "app-stores-60x16-end")
        _ = state.update(.key(.escape))
        #expect(state.overlay == nil)
    }
}
