import Foundation
@testable import JourneyApp
import JourneyEngine
import JourneyProfiles
import Orchestrate
import TerminalKit
import Testing

/// Each dialog's own update as scripts of keys: what it asks the app to do (stay, close, or the
/// request it was opened for), compared whole; and the app doing it.
@MainActor
struct DialogUpdateTests {
    static func profile(_ name: String, journey: String) throws -> ClientProfile {
        try ClientProfile(name: name, options: ClientOptions(values: [.url: .text("http://127.0.0.1:9/am")]), profileName: name,
                          request: JourneyRequest(.journey(journey)))
    }

    @Test func renameConfirmsTheNameTyped() {
        var dialog = RenameDialog(current: "first")
        #expect(dialog.update(.character("!")) == .stays)
        #expect(dialog.update(.enter) == .confirms("first!"))
        #expect(dialog.update(.escape) == .closes)
        var emptied = RenameDialog(current: "a")
        #expect(emptied.update(.backspace) == .stays)
        #expect(emptied.update(.enter) == .closes, "an empty name renames nothing")
    }

    @Test func anotherJourneyConfirmsTheOnePickedOrTyped() throws {
        let login = try Self.profile("login", journey: "Login")
        let profiles = [login, try Self.profile("register", journey: "Registration")]
        var dialog = JourneyDialog(current: login, profiles: profiles)
        #expect(dialog.update(.enter) == .confirms("Login"))
        #expect(dialog.update(.down) == .stays)
        #expect(dialog.update(.enter) == .confirms("Registration"))
        #expect(dialog.update(.tab) == .stays && dialog.focusOnName)
        for key in "StepUp".map(KeyEvent.character) { #expect(dialog.update(key) == .stays) }
        #expect(dialog.update(.enter) == .confirms("StepUp"), "a name typed wins over the list")
        #expect(dialog.update(.escape) == .closes)
    }

    /// Whether the new-tab dialog stays (its profiles are not `Equatable`).
    private static func stays(_ output: DialogOutput<ClientProfile>) -> Bool {
        if case .stays = output { true } else { false }
    }

    @Test func aNewTabConfirmsItsProfileWithTheStorageChosen() throws {
        let profiles = [try Self.profile("login", journey: "Login"), try Self.profile("register", journey: "Registration")]
        var dialog = NewTabDialog(profiles: profiles)
        #expect(Self.stays(dialog.update(.down)))
        guard case .confirms(let register) = dialog.update(.enter) else { Issue.record("Enter opens nothing"); return }
        #expect(register.name == "register" && register.options == profiles[1].options && register.profileName == "register")

        #expect(profiles[1].options.preset != .stepUp)
        #expect(Self.stays(dialog.update(.right)) && Self.stays(dialog.update(.right)) && dialog.preset == .stepUp)
        guard case .confirms(let stepUp) = dialog.update(.enter) else { Issue.record("Enter opens nothing"); return }
        #expect(stepUp.options.preset == .stepUp && stepUp.profileName == nil,
                "a storage of its own: the tab follows the profile no more")

        // Another server, with nothing typed: the problem stays on screen, focus on the URL.
        var other = NewTabDialog(profiles: profiles)
        #expect(Self.stays(other.update(.end)) && other.wantsOtherServer)
        #expect(Self.stays(other.update(.enter)) && other.problem != nil && other.focus == 1)
        for key in "http://127.0.0.1:9/am".map(KeyEvent.character) { _ = other.update(key) }
        guard case .confirms(let typed) = other.update(.enter) else { Issue.record("Enter opens nothing"); return }
        #expect(typed.server?.baseURL.absoluteString == "http://127.0.0.1:9/am" && typed.request.journeyName == "Login")
        guard case .closes = other.update(.escape) else { Issue.record("Esc does not close"); return }
    }

    @Test func theOptionsDialogConfirmsValidOptionsOnly() throws {
        let login = try Self.profile("login", journey: "Login")
        let register = try Self.profile("register", journey: "Registration")
        let tab = ClientTab(id: 1, profile: login, instanceName: "login")
        var dialog = ConfigurationDialog(tab: tab, profiles: [login, register])
        #expect(dialog.update(.enter) == .confirms(ConfigurationDialog.Applied(options: login.options, profileName: "login", cause: "Options applied")))
        #expect(dialog.update(.right) == .stays)
        #expect(dialog.update(.enter) == .confirms(ConfigurationDialog.Applied(options: register.options, profileName: "register",
                                                                                cause: "Switched to profile register")))
        // A value that cannot be used: Enter leaves the dialog with its problem.
        #expect(dialog.update(.tab) == .stays)
        let key = try #require(dialog.focusedKey)
        for _ in 0..<60 { _ = dialog.update(.backspace) }
        for character in "not a value".map(KeyEvent.character) { _ = dialog.update(character) }
        #expect(dialog.problem(for: key) != nil, "\(key) took \"not a value\"")
        #expect(dialog.update(.enter) == .stays)
        #expect(dialog.update(.escape) == .closes)
    }

    @Test func theAppDoesWhatADialogAsks() throws {
        var state = try KeyMapTests.idle()
        #expect(state.update(.key(.character("r"))) == [])
        for key in "!".map(KeyEvent.character) { #expect(state.update(.key(key)) == []) }
        #expect(state.update(.key(.enter)) == [] && state.overlay == nil && state.tabs[0].name == "first!")

        #expect(state.update(.key(.character("n"))) == [])
        #expect(state.update(.key(.down)) == [])
        let opened = state.update(.key(.enter))
        #expect(state.tabs.count == 3 && state.activeIndex == 2 && state.tabs[2].name == "second" && state.overlay == nil)
        guard case .tab(let tabID, .openInstance(_))? = opened.first, opened.count == 1 else { Issue.record("no instance opened: \(opened)"); return }
        #expect(tabID == state.tabs[2].id)
    }
}
