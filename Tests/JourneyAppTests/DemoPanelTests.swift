import DemoAM
import Foundation
@testable import JourneyApp
import JourneyEngine
import JourneyProfiles
import Orchestrate
import ScreenSnapshots
import TerminalKit
import Testing

/// The demo panel (`d`): the demo's users, TOTP codes counting down with the tick's time, and
/// MagicLink's outbox, a link of which resumes its journey in a new tab. Pure state first, then
/// the whole way against the demo AM.
@MainActor
struct DemoPanelTests {
    static let size = Size(width: 80, height: 24)
    /// RFC 6238's SHA-1 key, "12345678901234567890", in base32: its codes are the RFC's.
    static let rfcSecret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"
    static let accounts = DemoAccounts(
        journeyUsers: [.init(username: "demo", password: "Demo-pass1", totpSecret: rfcSecret),
                       .init(username: "alice", password: "Alice-pass1", totpSecret: "KRSXG5CTMVRXEZLU")],
        flowUsers: [.init(username: "demo", password: "Demo-pass1"), .init(username: "bob", password: "Bob-pass1")],
        administrator: .init(username: "amadmin", password: "Admin-pass1"))
    static let sent = Date(timeIntervalSince1970: 1_111_111_100)
    static let mail = DemoMail(to: "demo@example.com", sentAt: sent,
                               link: "http://127.0.0.1:8180/am/XUI/?realm=/&authIndexType=service&authIndexValue=MagicLink&suspendedId=Abc123")

    static func lines(_ state: AppState) -> [String] {
        CanvasText.text(state.render(size: size)).components(separatedBy: "\n")
    }

    static func profile(_ journey: String, url: String = "http://127.0.0.1:8180/am") throws -> ClientProfile {
        try ClientProfile(name: journey, options: try ClientOptions(values: [.url: .text(url)]), request: JourneyRequest(.journey(journey)))
    }

    /// A demo app with no tab in front of the commands, ticked at `seconds` after 1970.
    static func demoState(at seconds: Double = 1_111_111_109) throws -> AppState {
        var state = AppState(profiles: [try profile("Login"), try profile("MagicLink")], openTabsFor: [])
        state.demoAccounts = accounts
        _ = state.update(.tick(at: .now, date: Date(timeIntervalSince1970: seconds)))
        return state
    }

    @Test func dOpensThePanelAndReadsTheOutboxEscClosesIt() throws {
        var state = try Self.demoState()
        #expect(!state.needsTicks)
        #expect(state.update(.key(.character("d"))) == [.readOutbox])
        guard case .demo? = state.overlay else {
            Issue.record("d opens the demo panel")
            return
        }
        #expect(state.needsTicks, "its codes count down")
        #expect(Self.lines(state).joined().contains("Reading the outbox…"))
        _ = state.update(.key(.escape))
        #expect(state.overlay == nil)
    }

    @Test func outsideTheDemoThePanelSaysWhereItIs() throws {
        var state = AppState(profiles: [], openTabsFor: [try Self.profile("Login")])
        #expect(state.update(.key(.escape)).isEmpty)
        #expect(state.update(.key(.character("d"))).isEmpty)
        #expect(state.overlay == nil)
        #expect(state.activeTab?.banner?.text == "The demo panel is in `journey demo` only.")
    }

    @Test func theCodeAndItsCountdownComeFromTheTicksTime() throws {
        var state = try Self.demoState(at: 1_111_111_109)
        _ = state.update(.key(.character("d")))
        var screen = Self.lines(state).joined(separator: "\n")
        // RFC 6238 at 1111111109: 07081804, so 081804, with 1 s left in its period.
        #expect(screen.contains("demo   Demo-pass1   TOTP 081804  1 s"), "\(screen)")
        _ = state.update(.tick(at: .now, date: Date(timeIntervalSince1970: 1_111_111_111)))
        screen = Self.lines(state).joined(separator: "\n")
        #expect(screen.contains("demo   Demo-pass1   TOTP 050471  29 s"), "the next period's code: \(screen)")
        #expect(screen.contains("alice  Alice-pass1  TOTP "))
        #expect(screen.contains("demo Demo-pass1 · bob Bob-pass1"), "the PingOne users")
    }

    @Test func theOutboxArrivesAndUpDownPickALink() throws {
        var state = try Self.demoState()
        _ = state.update(.outboxRead([Self.mail]))
        #expect(state.overlay == nil, "an outbox read after the panel closed is dropped")
        _ = state.update(.key(.character("d")))
        _ = state.update(.outboxRead([]))
        #expect(Self.lines(state).joined().contains("Empty: MagicLink's links and SecondFactor's emailed codes"))
        let second = DemoMail(to: "alice@example.com", sentAt: Self.sent.addingTimeInterval(5), link: Self.mail.link + "2")
        #expect(state.update(.key(.character("r"))) == [.readOutbox])
        _ = state.update(.outboxRead([Self.mail, second]))
        var screen = Self.lines(state).joined(separator: "\n")
        #expect(screen.contains("  9 s ago  to demo@example.com"), "\(screen)")
        #expect(screen.contains("▸ 4 s ago  to alice@example.com"), "the newest is picked: \(screen)")
        _ = state.update(.key(.up))
        screen = Self.lines(state).joined(separator: "\n")
        #expect(screen.contains("▸ 9 s ago  to demo@example.com"))
    }

    /// SecondFactor's emailed one-time password has no link: the panel shows its text, and
    /// Enter on it opens nothing.
    @Test func anEmailWithoutALinkShowsItsText() throws {
        var state = try Self.demoState()
        _ = state.update(.key(.character("d")))
        let code = DemoMail(to: "demo@example.com", sentAt: Self.sent, link: "", text: "Your one-time password: 123456")
        _ = state.update(.outboxRead([code]))
        let tabs = state.tabs.count
        #expect(Self.lines(state).joined(separator: "\n").contains("Your one-time password: 123456"))
        #expect(state.update(.key(.enter)).isEmpty)
        #expect(Self.lines(state).joined(separator: "\n").contains("This email holds no link"), "\(Self.lines(state))")
        #expect(state.tabs.count == tabs, "no tab opened")
    }

    @Test func enterOnALinkOpensATabThatResumesTheJourneyFromIt() throws {
        var state = try Self.demoState()
        _ = state.update(.key(.character("d")))
        _ = state.update(.outboxRead([Self.mail]))
        let effects = state.update(.key(.enter))
        #expect(state.overlay == nil)
        #expect(state.tabs.count == 1 && state.activeIndex == 0)
        let tab = try #require(state.activeTab)
        #expect(tab.profile.request == JourneyRequest(.resume(try ResumeLink(link: Self.mail.link))))
        #expect(tab.profile.hostDescription == "127.0.0.1:8180", "the MagicLink profile's server")
        #expect(tab.name == "MagicLink (link)", "named apart from the tab that sent the email")
        guard case .tab(id: tab.id, .send(_, let request))? = effects.first else {
            Issue.record("the resume is sent at once: \(effects)")
            return
        }
        #expect(request.url.absoluteString.contains("suspendedId=Abc123"), "\(request.url)")
    }

    /// The demo AM's pages send a person to the panel for the users and the codes, never to a
    /// banner the full-screen UI does not show.
    @Test func theDemoAMsPagesPointToThePanel() async throws {
        try await withDemoAM { demo in
            let app = AppDriver(tabs: [try AppInteractionTests.profile(demo, "SecondFactor")])
            try await app.waitForPage("UsernamePassword")
            let signIn = CanvasText.text(app.screen(width: 120, height: 40))
            #expect(signIn.contains("The demo panel (d) lists the users") && !signIn.contains("listed in the demo AM banner"), "\(signIn)")
            app.signIn("demo", "Demo-pass1")
            try await app.waitForPage("SecondFactorChoice")
            app.press(.enter)
            try await app.waitForPage("OneTimePassword")
            let code = CanvasText.text(app.screen(width: 120, height: 40))
            #expect(code.contains("the demo panel (d) shows it") && !code.contains("see the banner"), "\(code)")
        }
    }

    @Test func atTheSmallestScreenNoWordIsCut() throws {
        var state = try Self.demoState()
        _ = state.update(.key(.character("d")))
        _ = state.update(.outboxRead([Self.mail]))
        let screen = CanvasText.text(state.render(size: AppState.minimumSize))
        #expect(screen.contains("  demo   Demo-pass1   TOTP 081804  1 s "), "\(screen)")
        #expect(!screen.contains("(secret"), "the secrets do not fit whole at 60 columns: \(screen)")
        #expect(screen.contains("▸ 9 s ago  to demo@example.com"), "the outbox still shows: \(screen)")
        #expect(screen.contains("│ Outbox: the journeys' emails "), "its title without the words that do not fit: \(screen)")
    }

    @Test(arguments: ScreenSizes.all)
    func demoPanelAtItsSizes(size: Size) throws {
        var state = try Self.demoState()
        state.demoAccounts = DemoAccounts(
            journeyUsers: DemoAM.builtInUsers.map { .init(username: $0.username, password: $0.password, totpSecret: $0.totpSecret) },
            flowUsers: Self.accounts.flowUsers)
        _ = state.update(.key(.character("d")))
        _ = state.update(.outboxRead([Self.mail]))
        let screen = state.render(size: size)
        assertScreenSnapshot(screen, named: ScreenSizes.name("app-demo-panel", size), screensFolder: true)
        #expect(WholeWords.cut(on: screen, whole: state.render(size: WholeWords.roomy)) == [])
    }

    /// MagicLink against the demo AM: its page points to the panel, the panel reads the outbox
    /// through the runtime, Enter on the link resumes the journey in a new tab, signed in.
    @Test func aMagicLinkFromThePanelSignsInInANewTab() async throws {
        try await withDemoAM { demo in
            let magicLink = try Self.profile("MagicLink", url: demo.baseURL)
            let app = AppDriver(tabs: [magicLink], readOutbox: {
                await demo.outbox().map { DemoMail(to: $0.to, sentAt: $0.sentAt, link: $0.resumeURL) }
            })
            app.state.demoAccounts = Self.accounts
            try await app.waitForPage("MagicLinkUsername")
            app.type("demo")
            app.press(.enter)
            try await app.wait { $0.activeTab?.journey?.form?.step.isSuspended == true }
            #expect(CanvasText.text(app.screen()).contains("d opens the demo panel"), "the email-sent page points to the panel")
            app.press(.escape, .character("d"))
            try await app.wait { state in
                if case .demo(let panel)? = state.overlay { panel.outbox?.count == 1 } else { false }
            }
            #expect(CanvasText.text(app.screen()).contains("to demo@example.com"))
            app.press(.enter)
            #expect(app.state.tabs.count == 2 && app.state.activeIndex == 1)
            try await app.wait { $0.activePhase?.isSignedIn == true }
            let screen = CanvasText.text(app.screen())
            #expect(screen.contains(" Signed in\n") && screen.contains("2 ✓ ◆ MagicLink (link)"), "\(screen)")
            #expect(await demo.outbox().count == 1, "no second email: the link itself signed in")
            // No user name was typed and the profile fetches no tokens: AM's session info names the user.
            app.press(.escape, .character("i"))
            try await app.wait { $0.activeTab?.userName == "demo" }
            #expect(CanvasText.text(app.screen()).contains("Signed in as demo"))
        }
    }
}

/// The demo panel keeps each PingOne user beside their password, whatever the width.
struct DemoPanelPackingTests {
    @Test func aUserIsNeverSplitFromTheirPassword() {
        let units = ["demo Demo-pass1", "alice Alice-pass1", "bob Bob-pass1", "locked Locked-pass1"]
        for width in [20, 30, 40, 76] {
            let lines = AppState.packed(units, width: width)
            #expect(lines.joined(separator: " · ") == units.joined(separator: " · "), "nothing is lost at \(width)")
            for unit in units {
                #expect(lines.contains { $0.contains(unit) }, "\(unit) is split at \(width): \(lines)")
            }
            #expect(lines.allSatisfy { $0.count <= width })
        }
    }
}
