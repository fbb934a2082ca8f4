import Foundation
import JourneyEngine
import Orchestrate
import Renderer
import TerminalKit

/// The request pane (`a`): calls a protected API with the tab's access token (or its session),
/// and follows the resource's challenge through the tab: a step-up or advice journey is walked
/// in the tab's form, new tokens come through the tab's OAuth client, and the request is retried
/// once. The `ResourceMachine` decides; this file turns its actions into the app's effects.
extension AppState {
    /// Opens the active tab's request pane (or shows it again with its last call). While the
    /// pane's step-up journey runs in the form, `a` gives the step-up up instead.
    mutating func openRequestPane() -> [AppEffect] {
        guard tabs.indices.contains(activeIndex) else { return [] }
        if case .journey? = tabs[activeIndex].requestPane?.waiting {
            return resourceJourneyEnded(.failure(.cancelled), tab: activeIndex) ?? []
        }
        if tabs[activeIndex].requestPane == nil {
            tabs[activeIndex].requestPane = RequestPane(suggestions: requestSuggestions)
        }
        commandMode = false
        return []
    }

    /// Whether the tab is walking its pane's step-up or advice journey.
    func walksResourceJourney(_ index: Int) -> Bool {
        if case .journey? = tabs[index].requestPane?.waiting { return true }
        return false
    }

    /// Whether the active tab's pane takes the keys (open, and not waiting for its journey).
    var requestPaneHasKeys: Bool {
        guard let pane = activeTab?.requestPane else { return false }
        if case .journey = pane.waiting { return false }
        return true
    }

    /// The key map of the pane with this focus, running or not.
    static func requestPaneKeys(_ keys: KeyMode.RequestPaneKeys) -> KeyMap<RequestPaneAction> {
        switch keys {
        case .running: AppKeyMap.requestPaneRunning
        case .onCalls: AppKeyMap.requestPane + AppKeyMap.requestPaneOnCalls
        case .onMethod: AppKeyMap.requestPane + AppKeyMap.requestPaneOnMethod
        case .onField: AppKeyMap.requestPane
        }
    }

    /// A key of the pane, looked up in the map of its focus; keys the map does not list are
    /// typed into the URL or the body when one of them has focus and no call runs.
    mutating func handleRequestPane(_ key: KeyEvent, _ keys: KeyMode.RequestPaneKeys) -> [AppEffect] {
        if let action = Self.requestPaneKeys(keys).action(for: key) { return perform(action) }
        guard keys == .onField, var pane = tabs[activeIndex].requestPane else { return [] }
        switch pane.focus {
        case .url: _ = pane.url.update(key)
        case .body: _ = pane.body.update(key)
        case .suggestions, .method: break
        }
        tabs[activeIndex].requestPane = pane
        return []
    }

    /// What a key of the request pane (`AppKeyMap.requestPane…`) does.
    mutating func perform(_ action: RequestPaneAction) -> [AppEffect] {
        guard var pane = tabs[activeIndex].requestPane else { return [] }
        defer { if tabs.indices.contains(activeIndex), tabs[activeIndex].requestPane != nil { tabs[activeIndex].requestPane = pane } }
        switch action {
        case .close:
            tabs[activeIndex].requestPane = nil
        case .stop:
            var effects: [AppEffect] = []
            if case .response(let requestID)? = pane.waiting {
                effects.append(.cancel(tabID: tabs[activeIndex].id, requestID: requestID))
            }
            pane.waiting = nil
            pane.outcome = .failed("Stopped: the answer to the request in flight is dropped (the server may still have acted on it), and nothing more is sent.",
                                   cause: .cancelled)
            return effects
        case .scrollBack: pane.scroll += 5
        case .scrollForward: pane.scroll = max(0, pane.scroll - 5)
        case .nextField, .previousField:
            let order: [RequestPane.Focus] = pane.suggestions.isEmpty ? [.method, .url, .body] : [.suggestions, .method, .url, .body]
            let at = order.firstIndex(of: pane.focus) ?? 0
            pane.focus = order[(at + (action == .nextField ? 1 : order.count - 1)) % order.count]
        case .send:
            return send(&pane)
        case .replay:
            return replay(&pane)
        case .showTrace:
            return openTracePane()
        case .copyCurl:
            guard let last = pane.machine?.hops.last(where: { $0.kind == .exchange })?.request,
                  let server = tabs[activeIndex].profile.server else { return [] }
            tabs[activeIndex].banner = ClientTab.Banner(kind: .information,
                text: "The last request is on the clipboard as a curl command (OSC 52), its credentials redacted.")
            return [.copyToClipboard(CurlCommand.make(last, rules: RedactionRules(server: server)))]
        case .help:
            return openHelp()
        case .pick(let index): pane.pick(index)
        case .pickPrevious: pane.pick(max(0, pane.selected - 1))
        case .pickNext: pane.pick(min(pane.suggestions.count - 1, pane.selected + 1))
        case .previousMethod, .nextMethod:
            let at = RequestPane.methods.firstIndex(of: pane.method) ?? 0
            let step = action == .previousMethod ? RequestPane.methods.count - 1 : 1
            pane.method = RequestPane.methods[(at + step) % RequestPane.methods.count]
        }
        return []
    }

    /// Starts the call the pane describes, with the tab's access token, else its session.
    private mutating func send(_ pane: inout RequestPane) -> [AppEffect] {
        guard let url = URL(string: pane.url.text.trimmingCharacters(in: .whitespaces)), let scheme = url.scheme?.lowercased(),
              ["http", "https"].contains(scheme), url.host != nil else {
            pane.outcome = .failed("\"\(TerminalText.line(pane.url.text))\" is not an http or https URL.", cause: nil)
            return []
        }
        let tab = tabs[activeIndex]
        guard let server = tab.profile.server else { return [] }
        let session = tab.journey?.session.map { StoredSession(success: $0, userName: tab.userName) }
        let credential = ResourceCredential.presenting(tokens: tab.tokens?.tokens, session: session, server: server, to: url)
        var headers: [HTTPHeader] = []
        let body = pane.body.text.isEmpty ? nil : Data(pane.body.text.utf8)
        if let body { headers.append(HTTPHeader("Content-Type", (try? JSONValue.parse(body)) != nil ? "application/json" : "text/plain")) }
        let call = ResourceCall(method: pane.method, url: url, headers: headers, body: body, timeout: server.timeout)
        return begin(call, presenting: credential, in: &pane)
    }

    /// Sends the last request of the last call again exactly as it went (its transaction id
    /// included), without following a challenge: a transaction is good for one request only.
    private mutating func replay(_ pane: inout RequestPane) -> [AppEffect] {
        guard let last = pane.machine?.hops.last(where: { $0.kind == .exchange })?.request else { return [] }
        let call = ResourceCall(method: last.method, url: last.url, headers: last.headers, body: last.body,
                                timeout: last.timeout, follows: false, asksForAdviceHeader: false)
        return begin(call, presenting: .none, in: &pane)
    }

    /// Starts a call in the active tab's pane, its hops replacing the last call's.
    private mutating func begin(_ call: ResourceCall, presenting credential: ResourceCredential, in pane: inout RequestPane) -> [AppEffect] {
        let tab = tabs[activeIndex]
        var machine = ResourceMachine(call: call, credential: credential, configuredScopes: tab.profile.oauth?.scopes ?? [],
                                      signInJourney: tab.profile.options.authServiceName)
        let action = machine.start()
        pane.machine = machine
        pane.outcome = nil
        pane.scroll = 0
        return apply(action, to: &pane, tab: activeIndex)
    }

    /// Turns the machine's next action into effects (or a journey in the tab's form).
    private mutating func apply(_ action: ResourceMachine.Action, to pane: inout RequestPane, tab index: Int) -> [AppEffect] {
        let tabID = tabs[index].id
        switch action {
        case .send(let request):
            let requestID = makeRequestID()
            pane.waiting = .response(requestID: requestID)
            return [.send(tabID: tabID, requestID: requestID, request)]
        case .walk(var journey):
            guard let before = tabs[index].journey?.session, let server = tabs[index].profile.server else {
                pane.waiting = nil
                pane.outcome = .failed("The tab holds no session to step up: sign in first (s).", cause: nil)
                return []
            }
            journey.presentedSession = before.tokenId
            pane.waiting = .journey(before: before, name: journey.summary)
            tabs[index].journey?.machine = JourneyMachine(server: server, request: journey)
            tabs[index].journey?.form = nil
            tabs[index].banner = ClientTab.Banner(kind: .information,
                text: "\(pane.machine?.call.method ?? "") \(pane.machine?.call.url.path ?? ""): answer AM's journey to continue the call (Esc, then a, gives up).")
            activeIndex = index
            return perform(tabs[index].journey?.machine.start() ?? [], tab: index, purpose: .start)
        case .renewTokens(let requirements):
            guard let oauth = tabs[index].profile.oauth, let ssoToken = tabs[index].journey?.session?.tokenId else {
                return feedTokens(.failure(.noSession), summary: "", pane: &pane, tab: index)
            }
            pane.waiting = .tokens(before: tabs[index].tokens?.tokens)
            var inspector = tabs[index].tokens ?? TabTokens()
            inspector.work = .fetching
            tabs[index].tokens = inspector
            return [.fetchTokens(tabID: tabID, ssoToken: ssoToken, oauth, requirements)]
        case .finished(let outcome):
            pane.waiting = nil
            pane.outcome = outcome
            return []
        }
    }

    private mutating func feedTokens(_ result: Result<String, OAuthError>, summary: String, pane: inout RequestPane, tab index: Int) -> [AppEffect] {
        guard var machine = pane.machine else { return [] }
        let action = machine.tokensRenewed(result, summary: summary)
        pane.machine = machine
        return apply(action, to: &pane, tab: index)
    }

    /// The resource's answer, when it is for the tab's pane; nil when the request was not the pane's.
    mutating func resourceReceived(_ result: Result<HTTPResponse, JourneyError>, tabID: Int, requestID: Int) -> [AppEffect]? {
        guard let index = index(ofTab: tabID), var pane = tabs[index].requestPane,
              pane.waiting == .response(requestID: requestID), var machine = pane.machine else { return nil }
        let action = switch result {
        case .success(let response): machine.received(response)
        case .failure(let error): machine.failed(error)
        }
        pane.machine = machine
        defer { tabs[index].requestPane = pane }
        return apply(action, to: &pane, tab: index)
    }

    /// A journey of the tab ended; nil when it was not the pane's step-up. On success the tab
    /// keeps the (upgraded) session; on failure it goes back to the session it had.
    mutating func resourceJourneyEnded(_ result: Result<LoginSuccess, JourneyError>, tab index: Int) -> [AppEffect]? {
        guard var pane = tabs[index].requestPane, case .journey(let before, let name) = pane.waiting, var machine = pane.machine else { return nil }
        var effects: [AppEffect] = []
        switch result {
        case .success(let success) where success.tokenId == nil:
            // A journey that ends without a session cannot stand in for the one the tab holds.
            tabs[index].journey?.phase = .signedIn(before)
            tabs[index].banner = ClientTab.Banner(kind: .error, text: "AM ended the journey without a session; the tab keeps the one it had.")
        case .success(let success):
            tabs[index].journey?.phase = .signedIn(success)
            effects.append(.store(tabID: tabs[index].id, .signedIn(success, userName: tabs[index].userName)))
            tabs[index].banner = nil
        case .failure(let error):
            tabs[index].journey?.phase = .signedIn(before)
            tabs[index].banner = ClientTab.Banner(kind: .error, text: "The step-up did not complete (\(error.description)); the session and tokens are as before.")
        }
        tabs[index].journey?.form = nil
        if let server = tabs[index].profile.server {
            let machine = JourneyMachine(server: server, request: tabs[index].profile.request)
            tabs[index].journey?.machine = machine
        }
        let action = machine.journeyEnded(result, journey: name)
        pane.machine = machine
        effects += apply(action, to: &pane, tab: index)
        tabs[index].requestPane = pane
        return effects
    }

    /// Tokens arrived or failed for the tab; nil when the pane was not waiting for them.
    mutating func resourceTokens(_ report: TokenReport, tab index: Int) -> [AppEffect]? {
        guard var pane = tabs[index].requestPane, case .tokens(let before) = pane.waiting else { return nil }
        let effects: [AppEffect]
        switch report {
        case .fetched(let tokens, _, _):
            let old = before.map(AuthenticationStrength.init) ?? AuthenticationStrength()
            effects = feedTokens(.success(tokens.accessToken), summary: AuthenticationStrength(tokens).changes(from: old), pane: &pane, tab: index)
        case .failed(let error):
            effects = feedTokens(.failure(error), summary: "", pane: &pane, tab: index)
        case .revoked, .userinfo:
            return nil
        }
        tabs[index].requestPane = pane
        return effects
    }
}
