import DemoAM
import Foundation
import JourneyApp
import JourneyEngine
import Orchestrate
import TerminalKit

/// Drives the app as the loop would, without a terminal: keys in, effects through the real
/// `AppRuntime` (real HTTP to the demo AM), events back into `update`.
@MainActor
final class AppDriver {
    var state: AppState
    let runtime: AppRuntime

    init(tabs: [ClientProfile], profiles: [ClientProfile] = [], hint: String? = nil,
         transport: any HTTPTransport = AsyncHTTPTransport(), store: any RecordStore = MemoryRecordStore(),
         exportFolder: URL = FileManager.default.temporaryDirectory.appending(path: "journeyterm-exports-\(UUID().uuidString)"),
         readOutbox: DemoOutboxReader? = nil, readJourneyMap: JourneyMapReader? = nil) {
        state = AppState(profiles: profiles.isEmpty ? tabs : profiles, openTabsFor: tabs, hint: hint)
        state.readsJourneyMaps = readJourneyMap != nil
        runtime = AppRuntime(transport: transport, store: store, exportFolder: exportFolder, readOutbox: readOutbox, readJourneyMap: readJourneyMap)
        for index in state.tabs.indices {
            runtime.perform(state.open(tab: index), in: state)
        }
    }

    /// Drives a state as it is, without starting its tabs' journeys.
    init(state: AppState, transport: any HTTPTransport = AsyncHTTPTransport()) {
        self.state = state
        runtime = AppRuntime(transport: transport)
    }

    /// An event from outside the keyboard (a saved profiles file).
    func send(_ event: AppEvent) {
        runtime.perform(state.update(event), in: state)
    }

    func press(_ keys: KeyEvent...) {
        for key in keys { runtime.perform(state.update(.key(key)), in: state) }
    }

    func type(_ text: String) {
        for character in text { press(.character(character)) }
    }

    /// Feeds runtime events into the app until `condition` holds (or fails after `timeout`: a guard
    /// against a hang, generous enough for a loaded machine, not a speed goal).
    func wait(until condition: (AppState) -> Bool, timeout: Duration = .seconds(30)) async throws {
        let deadline = ContinuousClock.now + timeout
        while !condition(state) {
            guard ContinuousClock.now < deadline else { throw TimedOut() }
            for event in runtime.drain() {
                runtime.perform(state.update(event), in: state)
            }
            runtime.perform(state.update(.tick(at: .now, date: Date())), in: state)
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Feeds runtime events into the app for a while, for what must not happen.
    func settle(for duration: Duration = .milliseconds(300)) async throws {
        do {
            try await wait(until: { _ in false }, timeout: duration)
        } catch is TimedOut {}
    }

    /// Waits for the active tab's page with this stage, ready for answers.
    func waitForPage(_ stage: String) async throws {
        try await wait { $0.activeTab?.journey?.form?.step.stage == stage && $0.activePhase?.isAnswering == true }
    }

    /// Types a user name and a password into the page and submits it.
    func signIn(_ user: String, _ password: String) {
        type(user)
        press(.tab)
        type(password)
        press(.enter)
    }

    func screen(width: Int = 80, height: Int = 24) -> Canvas {
        state.render(size: Size(width: width, height: height))
    }

    struct TimedOut: Error {}
}

/// Runs `body` against a demo AM on a free port, stopped afterwards whatever happens. The app
/// tests play `journey demo`: its pages point to the demo panel.
@MainActor
func withDemoAM(_ configuration: DemoAMConfiguration = DemoAMConfiguration(port: 0),
                _ body: (DemoAM) async throws -> Void) async throws {
    var configuration = configuration
    configuration.hasDemoPanel = true
    try await DemoAM.running(configuration, body)
}

/// Runs `body` against two demo AMs (an old server and a new one), both stopped afterwards.
@MainActor
func withTwoDemoAMs(_ body: (DemoAM, DemoAM) async throws -> Void) async throws {
    try await withDemoAM { old in
        try await withDemoAM { new in try await body(old, new) }
    }
}

extension AppState {
    var activePhase: TabPhase? { activeTab?.phase }
}

extension TabPhase {
    var isAnswering: Bool { if case .answering = self { true } else { false } }
    var isSignedIn: Bool { if case .signedIn = self { true } else { false } }
    var isPolling: Bool { if case .polling = self { true } else { false } }
    var isEnded: Bool { if case .ended = self { true } else { false } }
    var isBusy: Bool { if case .busy = self { true } else { false } }
    var isIdle: Bool { if case .idle = self { true } else { false } }
}

/// A transport that never answers until cancelled: a server that hangs.
struct HangingTransport: HTTPTransport {
    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        do {
            try await Task.sleep(for: .seconds(600))
        } catch {
            throw .cancelled
        }
        throw .timedOut(url: request.url.absoluteString, after: .seconds(600))
    }
}
