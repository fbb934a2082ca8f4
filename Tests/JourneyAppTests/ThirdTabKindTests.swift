import Foundation
@testable import JourneyApp
import JourneyEngine
import Orchestrate
import Renderer
import TerminalKit
import Testing

/// A third kind of tab, in this test target only: it asks its server's `/ping` once when started
/// and stands signed in when the answer is 200. Adding it touched nothing in JourneyApp: the type
/// below answers what `TabKind` asks, and the app routes its events, runs its effects, draws it,
/// and gives it what every tab has (name, banner, trace, tokens) as it does for the other two.
struct PingTab: TabKind {
    enum Phase: Equatable {
        case idle
        case busy(RequestInFlight)
        case answered(status: Int)
    }

    var phase = Phase.idle
    let target: URL

    var tabPhase: TabPhase {
        switch phase {
        case .idle: .idle
        case .busy(let request): .busy(request)
        case .answered(let status): status == 200 ? .signedIn : .ended
        }
    }

    var hasLiveForm: Bool { false }
    var needsTicks: Bool { if case .busy = phase { true } else { false } }
    var focusedField: FieldWidget? { nil }
    static func offers(_ action: AppAction) -> Bool { action == .startJourney || action == .cancel }
    static var savesTraceAsTest: Bool { false }
    static var label: String? { "Ping" }

    static func update(_ work: inout TabUpdate<PingTab>, _ event: TabEvent) -> [AppEffect] {
        switch event {
        case .start, .command(.startJourney):
            let requestID = work.context.requestIDs.make()
            work.kind.phase = .busy(RequestInFlight(requestID: requestID, purpose: .start))
            let ping = HTTPRequest(method: "GET", url: work.kind.target, headers: [], body: nil, timeout: .seconds(5))
            return [.tab(id: work.tab.id, .send(requestID: requestID, ping))]
        case .responded(let requestID, let result):
            guard case .busy(let request) = work.kind.phase, request.requestID == requestID else { return [] }
            let status = (try? result.get().status) ?? 0
            work.kind.phase = .answered(status: status)
            work.tab.banner = ClientTab.Banner(kind: status == 200 ? .information : .error, text: "pong \(status)")
            return []
        case .command(.cancel):
            guard case .busy(let request) = work.kind.phase else { return [] }
            work.kind.phase = .idle
            return [.tab(id: work.tab.id, .cancel(requestID: request.requestID))]
        default:
            return []
        }
    }

    mutating func optionsApplied(_ profile: ClientProfile) {}
    mutating func becomeBusy(_ request: RequestInFlight) { phase = .busy(request) }
    mutating func tick(at instant: ContinuousClock.Instant) {}
    func held(by tab: TabShared, leading: Bool) -> HeldSignIn? { nil }

    func render(_ tab: ClientTab, in state: AppState, into canvas: inout Canvas, in area: Rect) {
        canvas.write("ping: \(phase)", x: area.x, y: area.y, role: .normal)
    }

    func wholePage(_ tab: ClientTab, in state: AppState, width: Int) -> (content: Canvas, height: Int)? { nil }
    func stageText(_ tab: TabShared) -> String { "pinging" }
}

@MainActor
struct ThirdTabKindTests {
    static let url = URL(string: "http://127.0.0.1:9/ping")!

    /// An app with a journey tab (id 1) and a ping tab (id 2) beside it.
    static func app() throws -> AppState {
        let profile = try TabKindUpdateTests.journeyProfile("lab")
        var state = AppState(profiles: [profile], openTabsFor: [profile])
        state.tabs.append(ClientTab(shared: TabShared(id: 2, name: "ping", instanceName: "ping", profile: profile),
                                    kind: PingTab(target: url)))
        return state
    }

    @Test func itsOwnEventsGoToItsUpdateAndTheirWholeEffectListsComeBack() throws {
        var state = try Self.app()
        let ping = HTTPRequest(method: "GET", url: Self.url, headers: [], body: nil, timeout: .seconds(5))
        #expect(state.start(tab: 1) == [.tab(id: 2, .send(requestID: 1, ping))])
        #expect(state.tabs[1].phase == .busy(RequestInFlight(requestID: 1, purpose: .start)))
        #expect(state.needsTicks, "a busy tab of any kind keeps the spinner turning")
        let answer = HTTPResponse(status: 200, headers: [], body: Data())
        #expect(state.update(.tab(id: 2, .responded(requestID: 1, .success(answer)))) == [])
        #expect(state.tabs[1].phase == .signedIn && state.tabs[1].banner?.text == "pong 200")
        #expect(state.tabs[0].phase == .idle, "the journey tab beside it heard nothing")
    }

    @Test func whatEveryTabHasWorksForItUnchanged() throws {
        var state = try Self.app()
        state.activeIndex = 1
        // Renamed, traced and told things like any tab.
        #expect(state.update(.tab(id: 2, .renamed("pinger"))) == [])
        #expect(state.update(.tab(id: 2, .traced(TracePaneTests.signIn[0]))) == [])
        #expect(state.update(.tab(id: 2, .storeFailed(InstanceProblem("disk full")))) == [])
        #expect(state.tabs[1].name == "pinger" && state.tabs[1].trace.count == 1 && state.tabs[1].banner?.text == "disk full")
        // The trace pane opens on it, and saves its trace as HAR only (it is no journey).
        #expect(state.update(.key(.escape)) == [])
        #expect(state.update(.key(.character("e"))) == [])
        #expect(state.tabs[1].tracePane != nil)
        // Esc cancels its request; commands it does not offer are left out of its help.
        state.tabs[1].arrange { $0.tracePane = nil }
        _ = state.start(tab: 1)
        #expect(state.update(.key(.escape)) == [.tab(id: 2, .cancel(requestID: 1))])
        #expect(state.commandKeys.keyLabel(for: .register) == nil && state.commandKeys.keyLabel(for: .newTab) == "n")
        // The tab bar names its kind, and its page is its own.
        let screen = CanvasText.text(state.render(size: Size(width: 100, height: 20)))
        #expect(screen.contains("Ping · 127.0.0.1:9"))
        #expect(screen.contains("ping: idle"))
    }

    @Test func anEventForItsClosedTabIsDropped() throws {
        var state = try Self.app()
        _ = state.start(tab: 1)
        state.activeIndex = 1
        #expect(state.closeActiveTab() == [.tab(id: 2, .cancel(requestID: 1)), .tab(id: 2, .close)])
        #expect(state.update(.tab(id: 2, .responded(requestID: 1, .success(HTTPResponse(status: 200, headers: [], body: Data()))))) == [])
        #expect(state.tabs.count == 1)
    }
}
