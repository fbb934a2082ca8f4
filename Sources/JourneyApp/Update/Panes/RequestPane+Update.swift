import Foundation
import JourneyEngine
import Orchestrate
import Renderer
import TerminalKit

/// The request pane's own update: keys, the resource's answers, the end of the step-up journey
/// its tab walked and the tokens fetched after it go in; what the runtime and the tab must do
/// comes out. The `ResourceMachine` decides; this turns its actions into outputs. `AppState`
/// routes each event here by what the pane's `waiting` says (`AppState+Requests.swift`).
extension RequestPane {
    /// What happens to the pane.
    public enum Event: Sendable {
        case action(RequestPaneAction)
        /// A key its map does not list, typed into the URL or the body when one has focus.
        case typed(KeyEvent)
        /// The tab's cookie jar, read for the call the pane waits to start (`Waiting.cookies`).
        case cookiesRead(CookieJar)
        /// The resource's answer to the request the pane waits for (`Waiting.response`).
        case responded(Result<HTTPResponse, JourneyError>)
        /// The journey the tab walked for the pane ended (`Waiting.journey`).
        case journeyEnded(Result<LoginSuccess, JourneyError>)
        /// The tokens fetched for the pane, or why there are none (`Waiting.tokens`).
        case tokensFetched(Result<OAuthTokens, OAuthError>)
    }

    /// What the pane asks for, in order.
    enum Output: Sendable, Equatable {
        /// Work for the runtime.
        case effect(AppEffect)
        case banner(ClientTab.Banner)
        /// The tab walks this journey in its form, presenting the session it holds (`before`),
        /// and reports its end with `.journeyEnded`.
        case walk(JourneyRequest, before: LoginSuccess)
        /// The tab fetches tokens with its session, as the requirements say, and reports them
        /// with `.tokensFetched`.
        case fetchTokens(ssoToken: String, OAuthConfiguration, TokenRequirements)
        case showTrace
        case showHelp
        case close
    }

    /// What the pane reads of its tab.
    struct Context: Sendable {
        let tabID: Int
        let server: ServerConfiguration?
        let session: LoginSuccess?
        let userName: String?
        let tokens: OAuthTokens?
        let oauth: OAuthConfiguration?
        /// The journey that signs in again when a challenge names none (`authServiceName`).
        let signInJourney: String

        init(tab: TabShared, session: LoginSuccess?) {
            tabID = tab.id
            server = tab.profile.server
            self.session = session
            userName = tab.userName
            tokens = tab.tokens?.tokens
            oauth = tab.profile.oauth
            signInJourney = tab.profile.options.authServiceName
        }
    }

    /// Handles an event; a request sent takes its id from `requestIDs`.
    mutating func update(_ event: Event, context: Context, requestIDs: inout RequestIDs) -> [Output] {
        switch event {
        case .action(let action):
            return perform(action, context: context, requestIDs: &requestIDs)
        case .typed(let key):
            switch focus {
            case .url: _ = url.update(key)
            case .body: _ = body.update(key)
            case .suggestions, .method: break
            }
            return []
        case .cookiesRead(let jar):
            guard case .cookies(_, let call)? = waiting else { return [] }
            waiting = nil
            return begin(call, presenting: credential(for: call, cookies: jar, context: context), context: context, requestIDs: &requestIDs)
        case .responded(let result):
            guard case .response? = waiting, var machine else { return [] }
            let action = switch result {
            case .success(let response): machine.received(response)
            case .failure(let error): machine.failed(error)
            }
            self.machine = machine
            return apply(action, context: context, requestIDs: &requestIDs)
        case .journeyEnded(let result):
            guard case .journey(let name)? = waiting, var machine else { return [] }
            let action = machine.journeyEnded(result, journey: name)
            self.machine = machine
            return apply(action, context: context, requestIDs: &requestIDs)
        case .tokensFetched(let result):
            guard case .tokens(let before)? = waiting else { return [] }
            switch result {
            case .success(let tokens):
                let old = before.map(AuthenticationStrength.init) ?? AuthenticationStrength()
                return tokensRenewed(.success(tokens.accessToken), summary: AuthenticationStrength(tokens).changes(from: old),
                                     context: context, requestIDs: &requestIDs)
            case .failure(let error):
                return tokensRenewed(.failure(error), summary: "", context: context, requestIDs: &requestIDs)
            }
        }
    }

    private mutating func perform(_ action: RequestPaneAction, context: Context, requestIDs: inout RequestIDs) -> [Output] {
        switch action {
        case .close:
            return [.close]
        case .stop:
            var outputs: [Output] = []
            if case .response(let requestID)? = waiting {
                outputs.append(.effect(.tab(id: context.tabID, .cancel(requestID: requestID))))
            }
            waiting = nil
            outcome = .failed("Stopped: the answer to the request in flight is dropped (the server may still have acted on it), and nothing more is sent.",
                              cause: .cancelled)
            return outputs
        case .scrollBack: scroll += 5
        case .scrollForward: scroll = max(0, scroll - 5)
        case .nextField, .previousField:
            let order: [Focus] = suggestions.isEmpty ? [.method, .url, .body] : [.suggestions, .method, .url, .body]
            let at = order.firstIndex(of: focus) ?? 0
            focus = order[(at + (action == .nextField ? 1 : order.count - 1)) % order.count]
        case .send:
            return send(context: context, requestIDs: &requestIDs)
        case .replay:
            return replay(context: context, requestIDs: &requestIDs)
        case .showTrace:
            return [.showTrace]
        case .copyCurl:
            guard let last = machine?.hops.last(where: { $0.kind == .exchange })?.request, let server = context.server else { return [] }
            return [.banner(ClientTab.Banner(kind: .information,
                                             text: "The last request is on the clipboard as a curl command (OSC 52), its credentials redacted.")),
                    .effect(.copyToClipboard(CurlCommand.make(last, rules: RedactionRules(server: server))))]
        case .help:
            return [.showHelp]
        case .pick(let index): pick(index)
        case .pickPrevious: pick(max(0, selected - 1))
        case .pickNext: pick(min(suggestions.count - 1, selected + 1))
        case .previousMethod, .nextMethod:
            let at = Self.methods.firstIndex(of: method) ?? 0
            let step = action == .previousMethod ? Self.methods.count - 1 : 1
            method = Self.methods[(at + step) % Self.methods.count]
        }
        return []
    }

    /// Starts the call the pane describes, with the tab's access token, else its session.
    private mutating func send(context: Context, requestIDs: inout RequestIDs) -> [Output] {
        guard let url = URL(string: url.text.trimmingSpaces()), let scheme = url.scheme?.lowercased(),
              ["http", "https"].contains(scheme), url.host != nil else {
            outcome = .failed("\"\(TerminalText.line(url.text))\" is not an http or https URL.", cause: nil)
            return []
        }
        guard let server = context.server else { return [] }
        var headers: [HTTPHeader] = []
        let body = body.text.isEmpty ? nil : Data(body.text.utf8)
        if let body { headers.append(HTTPHeader("Content-Type", (try? JSONValue.parse(body)) != nil ? "application/json" : "text/plain")) }
        let call = ResourceCall(method: method, url: url, headers: headers, body: body, timeout: server.timeout)
        guard context.tokens == nil, context.session != nil else {
            return begin(call, presenting: credential(for: call, cookies: nil, context: context), context: context, requestIDs: &requestIDs)
        }
        // The session goes as the SDKs' cookie jars send it: what the tab's jar holds decides.
        let requestID = requestIDs.make()
        machine = nil
        outcome = nil
        waiting = .cookies(requestID: requestID, call: call)
        return [.effect(.tab(id: context.tabID, .readCookies(requestID: requestID)))]
    }

    /// What the tab presents with the call: its access token, else its session as the cookie
    /// the jar holds for the call's address, or one built from its token for AM's own origin.
    private func credential(for call: ResourceCall, cookies: CookieJar?, context: Context) -> ResourceCredential {
        guard let server = context.server else { return .none }
        let session = context.session.map { StoredSession(success: $0, userName: context.userName) }
        return ResourceCredential.presenting(tokens: context.tokens, session: session, server: server, to: call.url, cookies: cookies)
    }

    /// Sends the last request of the last call again exactly as it went (its transaction id
    /// included), without following a challenge: a transaction is good for one request only.
    private mutating func replay(context: Context, requestIDs: inout RequestIDs) -> [Output] {
        guard let last = machine?.hops.last(where: { $0.kind == .exchange })?.request else { return [] }
        let call = ResourceCall(method: last.method, url: last.url, headers: last.headers, body: last.body,
                                timeout: last.timeout, follows: false, asksForAdviceHeader: false)
        return begin(call, presenting: .none, context: context, requestIDs: &requestIDs)
    }

    /// Starts a call, its hops replacing the last call's.
    private mutating func begin(_ call: ResourceCall, presenting credential: ResourceCredential, context: Context,
                                requestIDs: inout RequestIDs) -> [Output] {
        var machine = ResourceMachine(call: call, credential: credential, configuredScopes: context.oauth?.scopes ?? [],
                                      signInJourney: context.signInJourney)
        let action = machine.start()
        self.machine = machine
        outcome = nil
        scroll = 0
        return apply(action, context: context, requestIDs: &requestIDs)
    }

    /// Turns the machine's next action into outputs.
    private mutating func apply(_ action: ResourceMachine.Action, context: Context, requestIDs: inout RequestIDs) -> [Output] {
        switch action {
        case .send(let request):
            let requestID = requestIDs.make()
            waiting = .response(requestID: requestID)
            return [.effect(.tab(id: context.tabID, .send(requestID: requestID, request)))]
        case .walk(var journey):
            guard let before = context.session else {
                waiting = nil
                outcome = .failed("The tab holds no session to step up: sign in first (s).", cause: nil)
                return []
            }
            journey.presentedSession = before.tokenId
            waiting = .journey(name: journey.summary)
            let call = machine.map { "\($0.call.method) \($0.call.url.path)" } ?? ""
            return [.banner(ClientTab.Banner(kind: .information, text: "\(call): answer AM's journey to continue the call (Esc, then a, gives up).")),
                    .walk(journey, before: before)]
        case .renewTokens(let requirements):
            guard let oauth = context.oauth, let ssoToken = context.session?.tokenId else {
                return tokensRenewed(.failure(.noSession), summary: "", context: context, requestIDs: &requestIDs)
            }
            waiting = .tokens(before: context.tokens)
            return [.fetchTokens(ssoToken: ssoToken, oauth, requirements)]
        case .finished(let outcome):
            waiting = nil
            self.outcome = outcome
            return []
        }
    }

    private mutating func tokensRenewed(_ result: Result<String, OAuthError>, summary: String, context: Context,
                                        requestIDs: inout RequestIDs) -> [Output] {
        guard var machine else { return [] }
        let action = machine.tokensRenewed(result, summary: summary)
        self.machine = machine
        return apply(action, context: context, requestIDs: &requestIDs)
    }
}
