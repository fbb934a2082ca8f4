import JourneyEngine
import Orchestrate
import Renderer
import TerminalKit

/// A journey tab as a kind of tab: its update, the one place its events meet its functions
/// (`TabUpdate+Journey.swift`, `+Browser`, `+JourneyStores`, `+StepUp`, `+SignOut`), and what
/// the app asks of it.
extension JourneyTab: TabKind {
    static func update(_ work: inout TabUpdate<JourneyTab>, _ event: TabEvent) -> [AppEffect] {
        switch event {
        case .responded(let requestID, let result):
            return work.journeyResponded(result.mapError(JourneyError.init), requestID: requestID)
        case .pollDue(let authId):
            return work.journeyPollDue(authId: authId)
        case .sessionInfo(let result):
            work.sessionInfo(result)
            return []
        case .loggedOut(let result):
            work.loggedOut(result)
            return []
        case .instanceOpened(_, let result):
            return work.journeyOpened(result)
        case .storesRead(let snapshot):
            return work.followSessionStore(snapshot)
        case .flowSignedOn(_, let result):
            // A flow's tokens for a tab that has since become a journey tab are nobody's.
            return FlowTokens.signOff(unclaimed: result, tabID: work.tab.id)
        case .start:
            return work.startJourney()
        case .restart(let wasIdle, let sameKind):
            return sameKind && wasIdle ? [] : work.startJourney()
        case .key(let key):
            return work.keyTaken(work.journeyKey(key))
        case .command(let action):
            return work.perform(action)
        case .switchJourney(let name):
            // A tab named after the journey it walked takes the new journey's name; one the person named keeps it.
            if work.tab.name == work.tab.profile.request.journeyName { work.tab.name = name }
            let cancelled = work.cancelJourneyRequest()
            work.tab.profile.request = JourneyRequest(.journey(name), forceAuth: true)
            work.kind.form = nil
            return cancelled + work.startJourney()
        case .openRequestPane(let suggestions):
            return work.openRequestPane(suggestions: suggestions)
        default:
            return []
        }
    }

    var tabPhase: TabPhase {
        switch phase {
        case .idle: .idle
        case .busy(let request): .busy(request)
        case .answering: .answering
        case .polling(_, let due): .polling(due: due)
        case .signedIn: .signedIn
        case .ended: .ended
        }
    }

    var hasLiveForm: Bool {
        switch phase {
        case .answering, .polling: form != nil
        // A `validateOnly` check keeps the page editable.
        case .busy(let request): request.purpose == .validate && form != nil
        case .idle, .signedIn, .ended: false
        }
    }

    var needsTicks: Bool {
        switch phase {
        case .busy, .polling: true
        // A page with a countdown (its authId's exp) counts down while it is answered.
        case .answering: form?.expiresAt != nil
        case .idle, .signedIn, .ended: false
        }
    }

    var focusedField: FieldWidget? {
        guard let form, let focus = form.focus else { return nil }
        return form.fields[focus].widget
    }

    var browserAddress: String? { browserHandoff?.address }
    var underWayDetail: String? { browserHandoff == nil ? nil : "waiting for a browser" }

    static func offers(_ action: AppAction) -> Bool { true }
    static var savesTraceAsTest: Bool { true }

    mutating func optionsApplied(_ profile: ClientProfile) {
        if let server = profile.server { machine.server = server }
    }

    mutating func becomeBusy(_ request: RequestInFlight) {
        phase = .busy(request)
    }

    mutating func tick(at instant: ContinuousClock.Instant) {
        switch phase {
        case .busy(var request):
            request.spinnerFrame += 1
            phase = .busy(request)
        case .polling(_, let due):
            form?.tick(remaining: max(.zero, due - instant))
        default:
            break
        }
    }

    func held(by tab: TabShared, leading: Bool) -> HeldSignIn? {
        let identity = HeldIdentity(server: machine.server, oauth: tab.profile.oauth, tokens: tab.tokens?.tokens,
                                    endpoints: tab.tokens?.endpoints, ssoToken: leading ? session?.tokenId : nil, userName: tab.userName)
        return .journey(identity)
    }

    static func walkStepUp(_ work: inout TabUpdate<JourneyTab>, _ journey: JourneyRequest, before: LoginSuccess) -> [AppEffect] {
        work.walkStepUp(journey, before: before)
    }

    /// Whether the tab walks its request pane's step-up or advice journey.
    var walksStepUp: Bool {
        if case .stepUp = walk { return true }
        return false
    }

    /// A journey's `validateOnly` check is in flight: the form stays editable meanwhile.
    var isValidating: Bool {
        if case .busy(let request) = phase { return request.purpose == .validate }
        return false
    }
}

extension TabUpdate where Kind == JourneyTab {
    /// What a journey tab does for a command of its own.
    mutating func perform(_ action: AppAction) -> [AppEffect] {
        switch action {
        case .startJourney:
            return startJourney()
        case .signIn, .register:
            let profile = tab.profile
            let request = action == .signIn ? profile.signIn : profile.registration
            if request.journeyName != profile.request.journeyName {
                tab.profile.request = request
                kind.form = nil
            }
            let held = kind.session != nil
            let effects = cancelJourneyRequest() + startJourney()
            // Said, not done silently: a signed-in tab walks a new journey, whose session will replace the one it holds.
            let what = action == .signIn ? "Signing in again" : "Registration"
            let name = TerminalText.line(request.journeyName ?? "journey")
            tab.banner = ClientTab.Banner(kind: .information, text: held
                ? "\(what) (journey \(name)) started in place of the signed-in page: a session it ends with replaces the one this tab holds."
                : "\(what) (journey \(name)) started.")
            return effects
        case .logOut:
            return logOutJourney()
        case .cancel:
            return cancelJourneyRequest()
        case .showSessionInfo:
            guard let tokenId = kind.session?.tokenId else { return [] }
            return [.tab(id: tab.id, .fetchSessionInfo(tokenId: tokenId))]
        default:
            return []
        }
    }

    /// Opens the request pane (or shows it again with its last call). While the pane waits for
    /// its step-up journey, `a` gives the step-up up instead.
    mutating func openRequestPane(suggestions: [RequestSuggestion]) -> [AppEffect] {
        if case .journey? = tab.requestPane?.waiting { return stepUpEnded(.failure(.cancelled)) }
        if tab.requestPane == nil { tab.requestPane = RequestPane(suggestions: suggestions) }
        context.backToForm = true
        return []
    }
}
