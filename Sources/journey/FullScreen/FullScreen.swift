import CursesUI
import Foundation
import JourneyApp
import JourneyEngine
import Logging
import Orchestrate
import TerminalKit

extension CursesScreen: TerminalDevice {}

/// Runs the full-screen UI on the terminal, or reports why it cannot (no terminal, TERM=dumb,
/// an unknown terminal type) so the caller can fall back to the line-by-line mode.
enum FullScreen {
    /// What the UI opens with besides its tabs.
    struct Setting {
        /// Where the tabs' instances keep sessions and tokens.
        var store: any RecordStore
        /// Calls the request pane offers ready-made.
        var suggestions: [RequestSuggestion] = []
        /// The workspace the open tabs are saved as on quit; nil keeps none (the demo).
        var workspace: String?
        /// The demo's users and its outbox for the demo panel (`d`); nil outside `journey demo`.
        var demo: Demo?
        /// Where the map pane (`M`) reads journey definitions; nil: nowhere (the pane says how).
        var readJourneyMap: JourneyMapReader?
    }

    /// What the demo panel shows of `journey demo`'s servers, as plain data and a closure.
    struct Demo {
        var accounts: DemoAccounts
        var readOutbox: DemoOutboxReader
    }

    /// Opens one tab per profile in `open`, opens their instances (or starts their journeys),
    /// and runs until quit.
    @MainActor
    static func run(profiles: [ClientProfile], open: [ClientProfile], hint: String?, traces: Bool,
                    watching watcher: UIProfiles.Watcher?, setting: Setting) throws(CursesUnavailable) {
        let screen: CursesScreen
        do {
            screen = try CursesScreen.start()
        } catch let error as CursesUnavailable {
            throw error
        } catch {
            throw CursesUnavailable("\(error)")
        }
        defer { screen.stop() }
        // Every log line goes into the UI while it runs, and raw writes to stderr too.
        let logs = LogInbox()
        LogRouting.route(to: logs)
        let capture = StandardErrorCapture.start { line in logs.post(LogLine(level: .warning, source: "stderr", text: line)) }
        var state = AppState(profiles: profiles, openTabsFor: open, hint: hint)
        state.requestSuggestions = setting.suggestions
        state.clipboardUnconfirmed = CopiedText.clipboardUnconfirmed(in: ProcessInfo.processInfo.environment)
        state.demoAccounts = setting.demo?.accounts
        state.readsJourneyMaps = setting.readJourneyMap != nil
        if open.isEmpty { _ = state.update(.key(.character("n"))) }
        var effects: [AppEffect] = []
        for index in state.tabs.indices { effects += state.open(tab: index) }
        var logger = Logger(label: "journeyterm.wire") { label in ConsoleLogHandler(label: label) }
        logger.logLevel = traces ? .trace : .critical
        // JOURNEYTERM_FRAME_LOG=FILE: frame timings for docs/performance.md (scripts/measure-ui).
        let frameLog = ProcessInfo.processInfo.environment["JOURNEYTERM_FRAME_LOG"].flatMap { path in
            FileManager.default.createFile(atPath: path, contents: nil) ? FileHandle(forWritingAtPath: path) : nil
        }
        let runtime = AppRuntime(store: setting.store, logger: logger, readOutbox: setting.demo?.readOutbox, readJourneyMap: setting.readJourneyMap)
        // Detached: the UI loop holds the main actor until it quits.
        let watching = watcher.map { watcher in Task.detached { await watcher.run(posting: runtime.post) } }
        defer { watching?.cancel() }
        runApp(&state, on: screen, runtime: runtime, initialEffects: effects, frameLog: frameLog, logs: logs)
        capture?.finish()
        LogRouting.routeToStandardError()
        screen.stop()
        state.logs.append(logs.drain())
        reportProblems(in: state.logs)
        if let workspace = setting.workspace {
            Console().storing("The workspace \(workspace)") { try Workspace(state).save(named: workspace, to: setting.store) }
        }
    }

    /// The warnings and errors logged while the UI ran, on stderr once it is gone, so none is lost.
    private static func reportProblems(in logs: LogBook) {
        let problems = logs.lines.filter { $0.level >= .warning }
        guard !problems.isEmpty else { return }
        let console = Console()
        console.say("Logged while the full-screen UI ran (warnings and errors; all lines were in its log pane, m):")
        for line in problems { console.say("  \(line.level) \(line.source): \(line.text)") }
    }
}
