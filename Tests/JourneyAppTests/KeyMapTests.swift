import Foundation
@testable import JourneyApp
import JourneyEngine
import Orchestrate
import Renderer
import ScreenSnapshots
import TerminalKit
import Testing

/// The key maps are the behaviour: every binding of every map, pressed in its mode, does what
/// its action does; the help bar and the `?` overlay are made from the same maps, whole words only.
@MainActor
struct KeyMapTests {
    /// Two idle journey tabs on a server nobody answers: pure `update`, no I/O.
    static func idle() throws -> AppState {
        let first = try ClientProfile(name: "first", url: "http://127.0.0.1:9/am", request: JourneyRequest(.journey("Login")))
        let second = try ClientProfile(name: "second", url: "http://127.0.0.1:9/am", request: JourneyRequest(.journey("Login")))
        return AppState(profiles: [first, second], openTabsFor: [first, second])
    }

    static let userNameAndPassword = """
        {"authId":"a","stage":"UsernamePassword","callbacks":[
        {"type":"NameCallback","output":[{"name":"prompt","value":"User Name"}],"input":[{"name":"IDToken1","value":""}]},
        {"type":"PasswordCallback","output":[{"name":"prompt","value":"Password"}],"input":[{"name":"IDToken2","value":""}]}]}
        """

    static let choice = """
        {"authId":"a","stage":"Choice","callbacks":[
        {"type":"ChoiceCallback","output":[{"name":"prompt","value":"Send a code by"},{"name":"choices","value":["SMS","Email"]},
        {"name":"defaultChoice","value":0}],"input":[{"name":"IDToken1","value":0}]}]}
        """

    /// The first tab answering a page (a user name and password unless said), as AM sent it.
    static func answering(_ step: String = userNameAndPassword) throws -> AppState {
        var state = try idle()
        guard case .tab(let tabID, .send(let requestID, _))? = state.update(.key(.enter)).first else { throw NoRequest() }
        let response = HTTPResponse(status: 200, headers: [HTTPHeader("Content-Type", "application/json")], body: Data(step.utf8))
        _ = state.update(.tab(id: tabID, .responded(requestID: requestID, .success(response))))
        guard state.tabs[0].journey?.form != nil else { throw NoRequest() }
        return state
    }

    struct NoRequest: Error {}

    /// What a key can change: the effects, the screen, and what the screen does not show.
    struct Outcome: Equatable {
        let effects: [AppEffect]
        let screen: String
        let commandMode: Bool
        let wantsToQuit: Bool
        let activeIndex: Int

        init(_ effects: [AppEffect], _ state: AppState) {
            self.effects = effects
            screen = CanvasText.snapshot(state.render(size: Size(width: 100, height: 30)))
            commandMode = state.commandMode
            wantsToQuit = state.wantsToQuit
            activeIndex = state.activeIndex
        }
    }

    /// Each key of `keys`, pressed in `state`, does what `perform` does with its action.
    static func expectKeysPerformTheirActions<Action>(
        _ keys: KeyMap<Action>, in state: AppState, mode: KeyMode, perform: (inout AppState, Action) -> [AppEffect],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(state.keyMode == mode, sourceLocation: sourceLocation)
        for binding in keys.bindings {
            for (key, action) in binding.pairs {
                var pressed = state
                let byKey = Outcome(pressed.update(.key(key)), pressed)
                var performed = state
                let byAction = Outcome(perform(&performed, action), performed)
                #expect(byKey == byAction, "\(key) (\(binding.keyLabel) \(binding.help)) does not do \(action)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test func everyCommandAndGlobalKeyPerformsItsAction() throws {
        let idle = try Self.idle()
        Self.expectKeysPerformTheirActions(AppKeyMap.commandsWithoutForm + AppKeyMap.commands + AppKeyMap.global, in: idle,
                                           mode: .commands(overForm: false)) { $0.perform($1) }
        var overForm = try Self.answering()
        overForm.commandMode = true
        Self.expectKeysPerformTheirActions(AppKeyMap.commandsOverForm + AppKeyMap.commands + AppKeyMap.global, in: overForm,
                                           mode: .commands(overForm: true)) { $0.perform($1) }
        // Enter and Tab go back to the form; with no form, Enter starts the journey.
        var back = overForm
        _ = back.update(.key(.tab))
        #expect(!back.commandMode && back.keyMode == .form(focused: true))
        var restart = idle
        #expect(restart.update(.key(.enter)).contains { if case .tab(_, .send) = $0 { true } else { false } })
        // Alt-2 and F2 go to the second tab, whichever mode.
        var second = try Self.answering()
        _ = second.update(.key(.alt("2")))
        #expect(second.activeIndex == 1)
        _ = second.update(.key(.function(1)))
        #expect(second.activeIndex == 0)
    }

    @Test func inAFormEveryKeyIsTheFormsButEscAndTypingNeverRunsACommand() throws {
        let state = try Self.answering()
        #expect(state.keyMode == .form(focused: true))
        var esc = state
        _ = esc.update(.key(.escape))
        #expect(esc.commandMode && esc.keyMode == .commands(overForm: true))
        var typed = state
        for key in "eq?a".map(KeyEvent.character) { #expect(typed.update(.key(key)).isEmpty) }
        #expect(typed.overlay == nil && typed.tabs[0].tracePane == nil && !typed.wantsToQuit && typed.tabs[0].requestPane == nil)
        #expect(CanvasText.text(typed.render(size: Size(width: 80, height: 24))).contains("eq?a"), "typed into the field")
        // A focused list takes no letters, and they run no command either.
        var list = try Self.answering(Self.choice)
        #expect(list.keyMode == .form(focused: true))
        for key in "eq?a".map(KeyEvent.character) { #expect(list.update(.key(key)).isEmpty) }
        #expect(list.overlay == nil && list.tabs[0].tracePane == nil && list.tabs[0].requestPane == nil)
        var moved = state
        _ = moved.update(.key(.tab))
        #expect(moved.tabs[0].journey?.form?.focus == 1)
        _ = moved.update(.key(.backTab))
        #expect(moved.tabs[0].journey?.form?.focus == 0)
        _ = moved.update(.key(.down))
        #expect(moved.tabs[0].journey?.form?.focus == 1, "↓ moves to the field below")
        for key in "secret".map(KeyEvent.character) { _ = moved.update(.key(key)) }
        #expect(!CanvasText.text(moved.render(size: Size(width: 80, height: 24))).contains("secret"))
        _ = moved.update(.key(.control("r")))
        #expect(CanvasText.text(moved.render(size: Size(width: 80, height: 24))).contains("secret"), "Ctrl-R shows the password")
        let submitted = moved.update(.key(.enter))
        #expect(submitted.contains { if case .tab(_, .send) = $0 { true } else { false } }, "Enter submits: \(submitted)")
    }

    @Test func escCancelsTheRequestInFlight() throws {
        var state = try Self.answering()
        state.tabs[0].arrangeJourney { $0.phase = .busy(RequestInFlight(requestID: 7, purpose: .submit)) }
        Self.expectKeysPerformTheirActions(AppKeyMap.busy + AppKeyMap.global, in: state, mode: .busy) { $0.perform($1) }
        #expect(state.update(.key(.escape)).contains(.tab(id: state.tabs[0].id, .cancel(requestID: 7))))
    }

    @Test func everyKeyOfTheTracePanePerformsItsAction() throws {
        var state = try Self.idle()
        for exchange in TracePaneTests.signIn { _ = state.update(.tab(id: state.tabs[0].id, .traced(exchange))) }
        _ = state.update(.key(.character("e")))
        Self.expectKeysPerformTheirActions(AppKeyMap.trace, in: state, mode: .tracePane) { $0.perform($1) }
        var pane = state
        _ = pane.update(.key(.up))
        #expect(pane.tabs[0].tracePane?.selected == TracePaneTests.signIn.count - 2)
        _ = pane.update(.key(.end))
        #expect(pane.tabs[0].tracePane?.selected == nil, "End follows the newest")
        _ = pane.update(.key(.home))
        #expect(pane.tabs[0].tracePane?.selected == 0)
        _ = pane.update(.key(.character("?")))
        #expect(pane.overlay.isHelp)
        #expect(pane.update(.key(.character("h"))).isEmpty, "the overlay takes the keys")
        _ = pane.update(.key(.escape))
        #expect(pane.update(.key(.character("h"))).contains { if case .tab(_, .exportTrace) = $0 { true } else { false } })
        _ = pane.update(.key(.character("e")))
        #expect(pane.tabs[0].tracePane == nil)
    }

    @Test func everyKeyOfTheRequestPanePerformsItsActionInEachFocus() throws {
        var state = try Self.idle()
        state.requestSuggestions = [RequestSuggestion(label: "profile", url: "http://127.0.0.1:9/api/profile"),
                                    RequestSuggestion(label: "pay", method: "POST", url: "http://127.0.0.1:9/api/pay", body: "{}")]
        _ = state.update(.key(.character("a")))
        Self.expectKeysPerformTheirActions(AppKeyMap.requestPane + AppKeyMap.requestPaneOnCalls, in: state,
                                           mode: .requestPane(.onCalls, tabBusy: false)) { $0.perform($1) }
        var picked = state
        _ = picked.update(.key(.character("2")))
        #expect(picked.tabs[0].requestPane?.method == "POST")
        _ = picked.update(.key(.character("?")))
        #expect(picked.overlay.isHelp, "? works in the request pane")

        var method = state
        _ = method.update(.key(.tab))
        Self.expectKeysPerformTheirActions(AppKeyMap.requestPane + AppKeyMap.requestPaneOnMethod, in: method,
                                           mode: .requestPane(.onMethod, tabBusy: false)) { $0.perform($1) }
        _ = method.update(.key(.right))
        #expect(method.tabs[0].requestPane?.method == "POST")

        var field = method
        _ = field.update(.key(.tab))
        Self.expectKeysPerformTheirActions(AppKeyMap.requestPane, in: field, mode: .requestPane(.onField, tabBusy: false)) { $0.perform($1) }
        _ = field.update(.key(.character("?")))
        #expect(field.overlay == nil && field.tabs[0].requestPane?.url.text.hasSuffix("?") == true, "the URL takes ?")

        var running = state
        running.tabs[0].arrange { $0.requestPane?.waiting = .response(requestID: 9) }
        Self.expectKeysPerformTheirActions(AppKeyMap.requestPaneRunning, in: running,
                                           mode: .requestPane(.running, tabBusy: false)) { $0.perform($1) }
        #expect(running.update(.key(.escape)) == [.tab(id: running.tabs[0].id, .cancel(requestID: 9))])
        #expect(running.tabs[0].requestPane?.isRunning == false)
        _ = running.update(.key(.escape))
        #expect(running.tabs[0].requestPane == nil)
    }

    @Test func everyDialogKeyDoesWhatItsMapSays() throws {
        var state = try Self.idle()
        // Help: scrolls, and every one of its closing keys closes it.
        for key in Self.keys(of: .close, in: AppKeyMap.helpOverlay) {
            var help = state
            _ = help.update(.key(.character("?")))
            _ = help.update(.key(.down))
            #expect(help.overlay.helpScroll == 1)
            _ = help.update(.key(.end))
            #expect(help.overlay.helpScroll == help.helpScrollLimit && help.helpScrollLimit > 0)
            _ = help.update(.key(.home))
            #expect(help.overlay.helpScroll == 0)
            _ = help.update(.key(key))
            #expect(help.overlay == nil, "\(key) closes help")
        }
        // Quit: n stays, y quits.
        state.tabs[0].arrangeJourney { $0.phase = .answering }
        _ = state.update(.key(.character("q")))
        #expect(state.overlay.isConfirmQuit)
        for key in Self.keys(of: .close, in: AppKeyMap.confirmQuit) {
            var stay = state
            _ = stay.update(.key(key))
            #expect(stay.overlay == nil && !stay.wantsToQuit)
        }
        for key in Self.keys(of: .confirm, in: AppKeyMap.confirmQuit) {
            var quit = state
            _ = quit.update(.key(key))
            #expect(quit.wantsToQuit)
        }
        state.tabs[0].arrangeJourney { $0.phase = .idle }
        state.overlay = nil
        // Rename: typing edits, Enter saves, Esc cancels.
        var rename = state
        _ = rename.update(.key(.character("r")))
        for key in "!".map(KeyEvent.character) { _ = rename.update(.key(key)) }
        var cancelled = rename
        _ = cancelled.update(.key(.escape))
        #expect(cancelled.overlay == nil && cancelled.tabs[0].name == "first")
        _ = rename.update(.key(.enter))
        #expect(rename.overlay == nil && rename.tabs[0].name == "first!")
        // New tab: ← → change the storage on the list, Tab moves, Esc cancels.
        var newTab = state
        _ = newTab.update(.key(.character("n")))
        guard case .newTab(let before)? = newTab.overlay else { Issue.record("no new-tab dialog"); return }
        _ = newTab.update(.key(.right))
        guard case .newTab(let after)? = newTab.overlay else { Issue.record("no new-tab dialog"); return }
        #expect(after.preset != before.preset)
        _ = newTab.update(.key(.escape))
        #expect(newTab.overlay == nil)
        // Another journey: Tab moves to the name, Esc cancels.
        var journey = state
        _ = journey.update(.key(.character("j")))
        _ = journey.update(.key(.tab))
        guard case .switchJourney(let dialog)? = journey.overlay else { Issue.record("no journey dialog"); return }
        #expect(dialog.focusOnName)
        _ = journey.update(.key(.escape))
        #expect(journey.overlay == nil)
        // Options: Esc cancels on the profile row and in a field.
        var options = state
        _ = options.update(.key(.character("o")))
        _ = options.update(.key(.escape))
        #expect(options.overlay == nil)
        // Stores: j scrolls, each closing key closes.
        for key in Self.keys(of: .close, in: AppKeyMap.stores) {
            var stores = state
            _ = stores.update(.key(.character("p")))
            _ = stores.update(.key(key))
            #expect(stores.overlay == nil, "\(key) closes the stores panel")
        }
    }

    /// The keys of a map's binding for `action`.
    static func keys(of action: DialogAction, in keys: KeyMap<DialogAction>) -> [KeyEvent] {
        keys.bindings.first(where: { $0.action == action })?.keys ?? []
    }

    // MARK: Help made from the maps

    /// Every word help can show: a word on screen that is not one of them was cut.
    static func vocabulary(_ sections: [HelpSection]) -> Set<Substring> {
        var words: Set<Substring> = ["↑", "↓", "more"]
        for section in sections {
            words.formUnion(section.title.split(separator: " "))
            for item in section.items { words.formUnion((item.keys + " " + item.overlayText + " " + item.help).split(separator: " ")) }
        }
        return words
    }

    /// The states help is asked for in: the commands, a form, the trace pane, the request pane.
    static func helpStates() throws -> [(String, AppState)] {
        var trace = try idle()
        _ = trace.update(.key(.character("e")))
        var request = try idle()
        request.requestSuggestions = [RequestSuggestion(label: "profile", url: "http://127.0.0.1:9/api/profile")]
        _ = request.update(.key(.character("a")))
        var commands = try answering()
        commands.commandMode = true
        return [("commands", commands), ("form", try answering()), ("trace", trace), ("request", request)]
    }

    @Test(arguments: [Size(width: 80, height: 24), Size(width: 120, height: 40), Size(width: 60, height: 16)])
    func theOverlayListsEveryMapWithWholeWords(size: Size) throws {
        for (name, shown) in try Self.helpStates() {
            var state = shown
            let inFront = state.helpSections.first?.title
            state.overlay = .help(scroll: 0)
            let (_, columns, lines) = state.helpGeometry(in: Rect(x: 0, y: 0, width: size.width, height: size.height))
            let vocabulary = Self.vocabulary(state.helpSections)
            // The screen shows the lines, page by page: together, each column's lines whole.
            let rows = lines.map(\.count).max() ?? 0
            let height = columns.first?.height ?? 1
            var seen = Array(repeating: Array(repeating: "", count: rows), count: columns.count)
            for requested in stride(from: 0, through: max(0, rows - 1), by: height) {
                state.overlay = .help(scroll: requested)
                let screen = state.render(size: size)
                let top = max(0, min(requested, rows - height))
                for (index, column) in columns.enumerated() {
                    for offset in 0..<min(height, rows - top) {
                        let row = (column.x..<column.maxX).map { String(screen[$0, column.y + offset].character) }.joined()
                        for word in row.split(separator: " ") {
                            #expect(vocabulary.contains(word), "\(name) at \(size): \"\(word)\" is cut in \"\(row)\"")
                        }
                        seen[index][top + offset] = row
                    }
                }
            }
            let text = seen.map { $0.joined(separator: " ").split(separator: " ").joined(separator: " ") }.joined(separator: " | ")
            if let inFront { #expect(text.hasPrefix(inFront), "\(name): the keys in front come first") }
            for section in state.helpSections {
                #expect(text.contains(section.title), "\(name) at \(size): \(section.title)")
                for item in section.items {
                    let entry = (item.keys + " " + item.overlayText).split(separator: " ").joined(separator: " ")
                    #expect(text.contains(entry), "\(name) at \(size): \(entry) is not in the overlay")
                }
            }
        }
    }

    @Test func theHelpBarIsTheMapsBarEntriesWholeWithHelpAndQuitLastToGo() throws {
        for (name, state) in try Self.helpStates() {
            for width in [60, 80, 120] {
                let screen = state.render(size: Size(width: width, height: 24))
                let bar = CanvasText.text(screen).split(separator: "\n", omittingEmptySubsequences: false).last.map(String.init) ?? ""
                let shown = HelpBar.fitting(state.helpBarItems(), width: width)
                #expect(bar.trimmingCharacters(in: .whitespaces) == shown.map(\.barText).joined(separator: "  "), "\(name) at \(width)")
                let kept = state.helpBarItems().filter { $0.bar == .kept }
                #expect(kept.allSatisfy { item in shown.contains(item) }, "\(name) at \(width) keeps \(kept.map(\.barText))")
            }
        }
        var commands = try Self.idle()
        #expect(commands.keyMode == .commands(overForm: false))
        let bar = CanvasText.text(commands.render(size: Size(width: 60, height: 16))).split(separator: "\n").last ?? ""
        #expect(bar.hasSuffix("? help  q quit"))
        commands.overlay = .help(scroll: 0)
        #expect(CanvasText.text(commands.render(size: Size(width: 60, height: 16))).split(separator: "\n").last == "↑↓ scroll  Esc close")
    }
}

extension AppState.Overlay? {
    var isHelp: Bool { if case .help? = self { true } else { false } }
    var helpScroll: Int? { if case .help(let scroll)? = self { scroll } else { nil } }
    var isConfirmQuit: Bool { if case .confirmQuit? = self { true } else { false } }
}
