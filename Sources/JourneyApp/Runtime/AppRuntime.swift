import DaVinci
import Foundation
import JourneyEngine
import Logging
import Orchestrate
import Synchronization

/// Performs the app's effects off the UI loop: each tab's requests go through that tab's own
/// `JourneyClient` (its own cookie jar, the transport its TLS options call for); answers and
/// timers come back as events in the inbox, tagged with the tab and request that asked, so a
/// slow server never blocks another tab.
///
/// A tab's client is held as a task that makes it, so a client replaced after an options change
/// (carrying the old one's cookies over) is ready before any later request of the tab uses it.
public final class AppRuntime: Sendable {
    private struct RequestKey: Hashable {
        let tabID: Int
        let requestID: Int
    }

    private let inbox = Mutex<[AppEvent]>([])
    private let running = Mutex<[RequestKey: Task<Void, Never>]>([:])
    private let clients = Mutex<[Int: Task<JourneyClient, Never>]>([:])
    /// DaVinci tabs' clients, made like `clients`.
    let flowClients = Mutex<[Int: Task<DaVinciClient, Never>]>([:])
    /// The last change to the stores under way: each change waits for the one before, so the
    /// stores (and the snapshots the tabs follow) change in the order the app asked.
    let storeChanges = Mutex<Task<Void, Never>?>(nil)
    let transport: InstanceLifecycle.TransportMaker
    let logger: Logger
    /// Where the tabs' instances keep their sessions and tokens (`$XDG_STATE_HOME/journeyterm/`).
    let store: any RecordStore
    /// Where traces are saved (`h` in the trace pane).
    let exportFolder: URL
    /// Reads the demo AM's outbox for the demo panel (`journey demo` only).
    let readOutbox: DemoOutboxReader?

    /// `transport`: every tab uses this one (tests); nil gives each tab the transport its options
    /// call for (`HTTPTransports.make(for:)`). `store`: where tabs' instances live (memory by default).
    /// `exportFolder`: where traces are saved (`$XDG_STATE_HOME/journeyterm/exports` by default).
    /// `readOutbox`: the demo AM's outbox, for the demo panel.
    public init(transport: (any HTTPTransport)? = nil, store: any RecordStore = MemoryRecordStore(),
                logger: Logger = Logger(label: "journeyterm.wire"),
                exportFolder: URL = FileRecordStore.defaultFolder().appending(path: "exports", directoryHint: .isDirectory),
                readOutbox: DemoOutboxReader? = nil) {
        self.store = store
        self.readOutbox = readOutbox
        self.exportFolder = exportFolder
        if let transport {
            self.transport = { _ in transport }
        } else {
            self.transport = { HTTPTransports.make(for: $0) }
        }
        self.logger = logger
    }

    /// Puts an event from outside the runtime (a watched file) in the inbox.
    public func post(_ event: AppEvent) {
        inbox.withLock { $0.append(event) }
    }

    /// Events that arrived since the last call, oldest first.
    public func drain() -> [AppEvent] {
        inbox.withLock { events in
            defer { events.removeAll() }
            return events
        }
    }

    public func perform(_ effects: [AppEffect], in state: AppState) {
        for effect in effects {
            switch effect {
            case .send(let tabID, let requestID, let request):
                guard let tab = state.tabs.first(where: { $0.id == tabID }) else { continue }
                let connection = connection(of: tab)
                track(RequestKey(tabID: tabID, requestID: requestID), { () async throws(TransportError) in
                    guard let link = await connection() else { throw .cancelled }
                    return try await link.send(request)
                },
                      as: { .tab(id: tabID, .responded(requestID: requestID, $0)) })
            case .readCookies(let tabID, let requestID):
                guard let tab = state.tabs.first(where: { $0.id == tabID }) else { continue }
                let connection = connection(of: tab)
                Task { [self] in
                    let jar = await connection()?.cookieJar ?? CookieJar()
                    inbox.withLock { $0.append(.tab(id: tabID, .cookiesRead(requestID: requestID, jar))) }
                }
            case .cancel(let tabID, let requestID):
                running.withLock { $0.removeValue(forKey: RequestKey(tabID: tabID, requestID: requestID)) }?.cancel()
            case .schedulePoll(let tabID, let authId, let delay):
                Task { [self] in
                    try? await Task.sleep(for: delay)
                    inbox.withLock { $0.append(.tab(id: tabID, .pollDue(authId: authId))) }
                }
            case .closeClient(let tabID):
                clients.withLock { _ = $0.removeValue(forKey: tabID) }
                flowClients.withLock { _ = $0.removeValue(forKey: tabID) }
            case .exchangeFlowCode(let tabID, let requestID, let code, let flow):
                guard let tab = state.tabs.first(where: { $0.id == tabID }) else { continue }
                exchange(code, of: flow, tab: tab, requestID: requestID, in: state)
            case .keepFlowBrowserStep(let tabID, let step):
                guard let tab = state.tabs.first(where: { $0.id == tabID }) else { continue }
                recordFlowBrowserStep(step, of: tab)
            case .forgetFlowBrowserStep(let tabID):
                guard let tab = state.tabs.first(where: { $0.id == tabID }) else { continue }
                recordFlowBrowserStep(nil, of: tab)
            case .fetchTokens(let tabID, let ssoToken, let configuration, let requirements):
                guard let tab = state.tabs.first(where: { $0.id == tabID }), let server = tab.profile.server,
                      let client = client(for: tab) else { continue }
                let endpoints = OAuthEndpoints.standard(for: server)
                report(tabID) { () async throws(OAuthError) -> TokenReport in
                    let oauth = OAuthClient(client: await client.value, configuration: configuration, endpoints: endpoints)
                    // Verified with the nonce sent: a replayed or forged ID token is refused (and revoked).
                    let minted = try await oauth.signIn(ssoToken: ssoToken, requirements: requirements)
                    // The sign-in that minted them may still be on its way into the stores (a synced write).
                    await self.storeChangesSettled()
                    try await self.keep(minted: minted.tokens, with: oauth, of: tab, in: state)
                    return .fetched(minted.tokens, oauth.endpoints, minted.claims)
                }
            case .refreshTokens(let tabID, let tokens, let configuration, let endpoints):
                guard let makeOAuth = oauthClient(tabID, configuration, endpoints, in: state) else { continue }
                let refreshingTab = state.tabs.first { $0.id == tabID }
                report(tabID) { () async throws(OAuthError) -> TokenReport in
                    let oauth = await makeOAuth()
                    let refreshed = try await self.refresh(tokens, with: oauth, endpoints: endpoints, of: refreshingTab)
                    var claims: TokenClaims?
                    if let idToken = refreshed.idToken { claims = await oauth.verifyIDToken(idToken) }
                    // Kept under the renewal lock already: the tabs sharing the token store follow.
                    self.post(.storesRead(self.snapshots(of: state.tabs)))
                    return .fetched(refreshed, endpoints, claims)
                }
            case .revokeTokens(let tabID, let tokens, let configuration, let endpoints):
                guard let oauth = oauthClient(tabID, configuration, endpoints, in: state) else { continue }
                report(tabID) { () async throws(OAuthError) -> TokenReport in
                    try await oauth().revoke(tokens)
                    if let tab = state.tabs.first(where: { $0.id == tabID }) { self.forget(tokens, of: tab, in: state) }
                    return .revoked(tokens)
                }
            case .fetchUserinfo(let tabID, let tokens, let configuration, let endpoints):
                guard let oauth = oauthClient(tabID, configuration, endpoints, in: state) else { continue }
                report(tabID) { () async throws(OAuthError) -> TokenReport in .userinfo(try await oauth().userinfo(tokens)) }
            case .fetchSessionInfo(let tabID, let tokenId):
                guard let tab = state.tabs.first(where: { $0.id == tabID }), let client = client(for: tab) else { continue }
                deliver({ () async throws(JourneyError) in try await client.value.sessionInfo(tokenId: tokenId) },
                        as: { .tab(id: tabID, .sessionInfo($0)) })
            case .exportTrace(let tabID, let name, let exchanges, let revealing, let answers):
                let folder = exportFolder
                deliver({ () throws(InstanceProblem) -> [URL] in
                    try TraceExport.write(exchanges, named: name, in: folder, revealing: revealing, answers: answers)
                }, as: { .tab(id: tabID, .exported($0)) })
            case .exportTest(let tabID, let name, let exchanges, let target):
                let folder = exportFolder
                deliver({ () throws(InstanceProblem) -> SavedTestFile in
                    try TraceExport.writeTest(exchanges, named: name, in: folder, target: target)
                }, as: { .tab(id: tabID, .testSaved($0)) })
            case .copyToClipboard, .repaint:
                continue  // the terminal does it (runApp)
            case .saveCopiedText(let text):
                let folder = exportFolder
                deliver({ () throws(InstanceProblem) -> URL in try ExportFile.writeCopied(text, in: folder) }, as: { .copiedTextSaved($0) })
            case .readOutbox:
                guard let readOutbox else { continue }
                Task { [self] in post(.outboxRead(await readOutbox())) }
            case .logout(let tabID, let tokenId):
                guard let tab = state.tabs.first(where: { $0.id == tabID }), let client = client(for: tab) else { continue }
                deliver({ () async throws(JourneyError) in try await client.value.logout(tokenId: tokenId) },
                        as: { .tab(id: tabID, .loggedOut($0)) })
            case .clearCookies(let tabID):
                if let client = clients.withLock({ $0[tabID] }) {
                    Task { await client.value.clearCookies() }
                }
            case .signOut(let tabID, .journey(let held, let former)):
                let client = clients.withLock { $0[tabID] }
                let tab = state.tabs.first { $0.id == tabID }
                Task { [self] in
                    let actions = if let client { await held.signOut(through: await client.value) } else { [SignOutAction]() }
                    if let former {
                        forget(held, of: former, tabID: tabID, in: state)
                    } else if let tab {
                        forget(held, of: tab, in: state)
                    }
                    post(.tab(id: tabID, .signedOut(.journey(actions))))
                }
            case .signOut(let tabID, .davinci(let held)):
                signOff(held, tabID: tabID, in: state)
            case .openInstance(let tabID, let requestID):
                guard let tab = state.tabs.first(where: { $0.id == tabID }) else { continue }
                switch tab.profile.kind {
                case .journey:
                    guard let client = client(for: tab) else { continue }
                    open(tab, requestID: requestID, client: client)
                case .davinci:
                    openFlow(tab, requestID: requestID)
                }
            case .store(let tabID, let change):
                guard let tab = state.tabs.first(where: { $0.id == tabID }), let client = client(for: tab) else { continue }
                record(change, of: tab, client: client, in: state)
            case .reconnect(let tabID, let keepingCookies):
                guard let tab = state.tabs.first(where: { $0.id == tabID }) else { continue }
                // A tab that changed kind leaves the other kind's client behind.
                guard let server = tab.profile.server else {
                    clients.withLock { _ = $0.removeValue(forKey: tabID) }
                    reconnectFlow(tab, keepingCookies: keepingCookies)
                    continue
                }
                flowClients.withLock { _ = $0.removeValue(forKey: tabID) }
                let old = clients.withLock { $0.removeValue(forKey: tabID) }
                if keepingCookies, let old {
                    let (transport, logger, tap) = (transport(tab.profile.options.common), logger, tap(tabID))
                    clients.withLock {
                        $0[tabID] = Task {
                            JourneyClient(server: server, transport: transport, cookieJar: await old.value.cookieJar, logger: logger,
                                          wireTap: tap)
                        }
                    }
                }
            }
        }
    }

    /// Makes the tab's OAuth client once its client is ready (a DaVinci tab's goes to PingOne's
    /// discovered endpoints through its own client).
    private func oauthClient(_ tabID: Int, _ configuration: OAuthConfiguration, _ endpoints: OAuthEndpoints,
                             in state: AppState) -> (@Sendable () async -> OAuthClient)? {
        guard let tab = state.tabs.first(where: { $0.id == tabID }) else { return nil }
        switch tab.profile.kind {
        case .journey:
            guard let client = client(for: tab) else { return nil }
            return { OAuthClient(client: await client.value, configuration: configuration, endpoints: endpoints) }
        case .davinci:
            guard let client = flowClient(for: tab) else { return nil }
            return { await client.value.oauth(endpoints) }
        }
    }

    /// Runs an OAuth request off the UI loop and reports its outcome for the tab.
    private func report(_ tabID: Int, _ work: @escaping @Sendable () async throws(OAuthError) -> TokenReport) {
        deliver(work, as: { result in
            switch result {
            case .success(let report): .tab(id: tabID, .tokens(report))
            case .failure(let error): .tab(id: tabID, .tokens(.failed(error)))
            }
        })
    }

    /// Runs a request off the UI loop as `deliver` does, cancellable by its key (`.cancel`):
    /// a cancelled request's late answer is dropped.
    private func track<Value: Sendable, Failure: Error>(
        _ key: RequestKey, _ work: @escaping @Sendable () async throws(Failure) -> Value,
        as event: @escaping @Sendable (Result<Value, Failure>) -> AppEvent
    ) {
        // Registered under the lock it is started in: its own removal, which takes the lock, comes after.
        running.withLock { running in
            running[key] = Task { [self] in
                let result: Result<Value, Failure>
                do throws(Failure) {
                    result = .success(try await work())
                } catch {
                    result = .failure(error)
                }
                self.running.withLock { _ = $0.removeValue(forKey: key) }
                if !Task.isCancelled { post(event(result)) }
            }
        }
    }

    /// Runs work off the UI loop and puts its result in the inbox as an event.
    func deliver<Value: Sendable, Failure: Error>(
        _ work: @escaping @Sendable () async throws(Failure) -> Value,
        as event: @escaping @Sendable (Result<Value, Failure>) -> AppEvent
    ) {
        Task { [self] in
            let result: Result<Value, Failure>
            do throws(Failure) {
                result = .success(try await work())
            } catch {
                result = .failure(error)
            }
            inbox.withLock { $0.append(event(result)) }
        }
    }

    /// The link to its server that a tab's request goes through, whichever its kind.
    private func connection(of tab: ClientTab) -> @Sendable () async -> ClientConnection? {
        if let client = client(for: tab) { return { await client.value.connection } }
        if let client = flowClient(for: tab) { return { await client.value.connection } }
        return { nil }
    }

    /// A journey tab's own client: its server, its cookie jar, the transport its options ask
    /// for; nil for a DaVinci tab.
    func client(for tab: ClientTab) -> Task<JourneyClient, Never>? {
        guard let server = tab.profile.server else { return nil }
        return clients.withLock { clients in
            if let existing = clients[tab.id] { return existing }
            let client = JourneyClient(server: server, transport: transport(tab.profile.options.common), logger: logger,
                                       wireTap: tap(tab.id))
            let made = Task { client }
            clients[tab.id] = made
            return made
        }
    }

    /// Hands each exchange of the tab's client to the app, for its trace.
    func tap(_ tabID: Int) -> WireTap {
        { [self] exchange in post(.tab(id: tabID, .traced(exchange))) }
    }
}
