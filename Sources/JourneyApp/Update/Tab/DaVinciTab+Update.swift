import DaVinci
import JourneyEngine
import Orchestrate
import Renderer
import TerminalKit

/// A DaVinci tab as a kind of tab: its update, the one place its events meet its functions
/// (`TabUpdate+DaVinci.swift`, `+DaVinciBrowser`, `+DaVinciSignOn`), and what the app asks of it.
extension DaVinciTab: TabKind {
    static func update(_ work: inout TabUpdate<DaVinciTab>, _ event: TabEvent) -> [AppEffect] {
        switch event {
        case .responded(let requestID, let result):
            return work.flowResponded(result.mapError(DaVinciError.init), requestID: requestID)
        case .pollDue(let authId):
            return work.flowPollDue(authId: authId)
        case .signedOut:
            // Signed off for new options: it opens on them now (its stores forgotten first, so it
            // cannot adopt the tokens it just gave up); a tab already running its flow again is left to it.
            guard case .idle = work.kind.phase else { return [] }
            return work.open()
        case .instanceOpened(_, .success(let snapshot)):
            return work.davinciOpened(snapshot)
        case .instanceOpened(_, .failure(let problem)):
            work.davinciNotOpened(problem)
            return []
        case .storesRead(let snapshot):
            work.followTokenStore(snapshot.flowTokens)
            return []
        case .flowSignedOn(let requestID, let result):
            return work.flowSignedOn(result, requestID: requestID)
        case .start:
            return work.startFlow()
        case .restart(_, let sameKind):
            // A flow of the same kind opens once its old identity is signed off (`.signedOut` above).
            return sameKind ? [] : work.open()
        case .key(let key):
            return work.keyTaken(work.flowKey(key))
        case .command(.startJourney), .command(.signIn):
            return work.restartFlow()
        case .command(.logOut):
            return work.signOffFlow()
        case .command(.cancel):
            return work.cancelFlowRequest()
        case .command, .switchJourney, .openRequestPane:
            work.tab.banner = ClientTab.Banner(
                kind: .information, text: "A DaVinci tab walks its profile's flow: s or Enter runs it, o changes its options. Journeys, the API pane and AM's session info are in journey tabs.")
            return []
        default:
            return []
        }
    }

    var tabPhase: TabPhase {
        switch phase {
        case .idle: .idle
        case .busy(let request): .busy(request)
        case .answering: .answering
        case .signedOn: .signedIn
        case .ended: .ended
        }
    }

    var hasLiveForm: Bool {
        guard case .answering = phase else { return false }
        return form != nil || showsBrowserPage
    }

    var needsTicks: Bool {
        if case .busy = phase { return true }
        return false
    }

    var focusedField: FieldWidget? {
        if let browser { return browser.focusedField }
        guard let form, let focus = form.focus else { return nil }
        return form.fields[focus].widget
    }

    var browserAddress: String? { browser?.step.address }

    /// The tab shows its browser page: the page takes the keys, as a form does.
    var showsBrowserPage: Bool { browser != nil }

    /// A flow runs again (`s`, Enter), signs off (`l`) and cancels; journeys, the API pane and
    /// AM's session info are a journey tab's.
    static func offers(_ action: AppAction) -> Bool { [.startJourney, .signIn, .logOut, .cancel].contains(action) }
    static var savesTraceAsTest: Bool { false }

    /// A flow reads its configuration from the profile when it starts: nothing to carry over.
    mutating func optionsApplied(_ profile: ClientProfile) {}

    mutating func becomeBusy(_ request: RequestInFlight) {
        phase = .busy(request)
    }

    mutating func tick(at instant: ContinuousClock.Instant) {
        if case .busy(var request) = phase {
            request.spinnerFrame += 1
            phase = .busy(request)
        }
    }

    func held(by tab: TabShared, leading: Bool) -> HeldSignIn? {
        tab.heldFlow.map(HeldSignIn.davinci)
    }

    static func tokensRevoked(_ work: inout TabUpdate<DaVinciTab>, _ revoked: OAuthTokens) -> Bool {
        // The token store may have told the tab already that its tokens are gone.
        guard work.tab.tokens?.tokens == nil || work.tab.tokens?.tokens == revoked else { return true }
        // A DaVinci tab holds nothing but its tokens: without them it is signed off (PingOne's session stays).
        work.tab.tokens = nil
        work.kind.phase = .idle
        work.tab.banner = ClientTab.Banner(
            kind: .information, text: "Tokens revoked at PingOne and forgotten; PingOne's session cookies stay (l also ends the session).")
        return true
    }
}
