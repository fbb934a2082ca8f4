import DaVinci
import Foundation
import JourneyEngine
import JourneyMaps
import Logging
import Orchestrate
import Synchronization

/// Performs the app's effects off the UI loop: each tab's work goes through that tab's own
/// connection (``TabConnection``: its cookie jar, the transport its TLS options call for, its
/// instance's stores); answers and timers come back as events in the inbox, tagged with the tab
/// and request that asked, so a slow server never blocks another tab.
///
/// A tab's connection is held as a task that makes it, so a connection replaced after an options
/// change (carrying the old one's cookies over) is ready before any later request of the tab uses it.
public final class AppRuntime: Sendable {
    private struct RequestKey: Hashable {
        let tabID: Int
        let requestID: Int
    }

    private let inbox = Mutex<[AppEvent]>([])
    private let running = Mutex<[RequestKey: Task<Void, Never>]>([:])
    private let connections = Mutex<[Int: Task<any TabConnection, Never>]>([:])
    /// Store changes, applied in the order the app asked.
    private let storeChanges = StoreChangeQueue()
    private let transport: InstanceLifecycle.TransportMaker
    private let logger: Logger
    /// Where the tabs' instances keep their sessions and tokens (`$XDG_STATE_HOME/journeyterm/`).
    private let store: any RecordStore
    /// Where traces are saved (`h` in the trace pane).
    private let exportFolder: URL
    /// Reads the demo AM's outbox for the demo panel (`journey demo` only).
    private let readOutbox: DemoOutboxReader?
    /// Reads journey definitions for the map pane, when `journey` was given a source.
    private let readJourneyMap: JourneyMapReader?

    /// `transport`: every tab uses this one (tests); nil gives each tab the transport its options
    /// call for (`HTTPTransports.make(for:)`). `store`: where tabs' instances live (memory by default).
    /// `exportFolder`: where traces are saved (`$XDG_STATE_HOME/journeyterm/exports` by default).
    /// `readOutbox`: the demo AM's outbox, for the demo panel. `readJourneyMap`: journey
    /// definitions, for the map pane.
    public init(transport: (any HTTPTransport)? = nil, store: any RecordStore = MemoryRecordStore(),
                logger: Logger = Logger(label: "journeyterm.wire"),
                exportFolder: URL = FileRecordStore.defaultFolder().appending(path: "exports", directoryHint: .isDirectory),
                readOutbox: DemoOutboxReader? = nil, readJourneyMap: JourneyMapReader? = nil) {
        self.store = store
        self.readOutbox = readOutbox
        self.readJourneyMap = readJourneyMap
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
            case .tab(let id, let effect):
                perform(effect, forTab: id, in: state)
            case .copyToClipboard, .repaint:
                continue  // the terminal does it (runApp)
            case .saveCopiedText(let text):
                let folder = exportFolder
                deliver({ () throws(InstanceProblem) -> URL in try ExportFile.writeCopied(text, in: folder) }, as: { .copiedTextSaved($0) })
            case .readOutbox:
                guard let readOutbox else { continue }
                Task { [self] in post(.outboxRead(await readOutbox())) }
            case .readJourneyMap(let key, _) where !key.definitions.isEmpty:
                // The tab's own `journeys` option comes first.
                Task { [self] in post(.journeyMapRead(key, JourneyCatalog.read(paths: key.definitions))) }
            case .readJourneyMap(let key, let tls):
                guard let readJourneyMap else { continue }
                let transport = transport(tls)
                Task { [self] in post(.journeyMapRead(key, await readJourneyMap(key, transport))) }
            }
        }
    }

    /// One tab's effect: about the tab (its timers, its exports, its connection's lifetime), or
    /// through its connection.
    private func perform(_ effect: TabEffect, forTab id: Int, in state: AppState) {
        let answer: @Sendable (TabEvent) -> AppEvent = { .tab(id: id, $0) }
        switch effect {
        case .cancel(let requestID):
            running.withLock { $0.removeValue(forKey: RequestKey(tabID: id, requestID: requestID)) }?.cancel()
        case .schedulePoll(let authId, let delay):
            Task { [self] in
                try? await Task.sleep(for: delay)
                post(answer(.pollDue(authId: authId)))
            }
        case .close:
            connections.withLock { _ = $0.removeValue(forKey: id) }
        case .exportTrace(let name, let exchanges, let revealing, let answers):
            let folder = exportFolder
            deliver({ () throws(InstanceProblem) -> [URL] in
                try TraceExport.write(exchanges, named: name, in: folder, revealing: revealing, answers: answers)
            }, as: { answer(.exported($0)) })
        case .exportTest(let name, let exchanges, let target):
            let folder = exportFolder
            deliver({ () throws(InstanceProblem) -> SavedTestFile in
                try TraceExport.writeTest(exchanges, named: name, in: folder, target: target)
            }, as: { answer(.testSaved($0)) })
        case .reconnect(let keepingCookies):
            guard let tab = state.tabs.first(where: { $0.id == id }) else { return }
            let context = context(forTab: id)
            connections.withLock { connections in
                let old = connections[id]
                connections[id] = Task {
                    guard let old else { return tab.profile.kind.connection(for: tab, context: context) }
                    return await old.value.reconnected(as: tab, keepingCookies: keepingCookies)
                }
            }
        case .signOut(.davinci(let held)) where state.tabs.allSatisfy({ $0.id != id }):
            // Tokens a closed tab's flow obtained: signed off at their environment.
            let context = context(forTab: id)
            Task { _ = await FlowConnection.signOff(held, through: nil, context: context) }
        default:
            guard let connection = connection(forTab: id, in: state) else { return }
            perform(effect, through: connection, tabID: id)
        }
    }

    /// An effect that needs the tab's server or stores, through its connection.
    private func perform(_ effect: TabEffect, through connection: Task<any TabConnection, Never>, tabID id: Int) {
        let answer: @Sendable (TabEvent) -> AppEvent = { .tab(id: id, $0) }
        switch effect {
        case .send(let requestID, let request):
            track(RequestKey(tabID: id, requestID: requestID), { () async throws(TransportError) in
                try await connection.value.link.send(request)
            }, as: { answer(.responded(requestID: requestID, $0)) })
        case .readCookies(let requestID):
            Task { [self] in post(answer(.cookiesRead(requestID: requestID, await connection.value.link.cookieJar))) }
        case .clearCookies:
            Task { await connection.value.link.clearCookies() }
        case .openInstance(let requestID):
            Task { [self] in post(answer(.instanceOpened(requestID: requestID, await connection.value.open()))) }
        case .store(let change):
            storeChanges.enqueue { await connection.value.record(change) }
        case .fetchTokens(let ssoToken, let configuration, let requirements):
            Task { [self] in post(answer(await connection.value.exchangeAndKeep(.session(ssoToken: ssoToken, configuration, requirements)))) }
        case .exchangeFlowCode(let requestID, let code, let flow):
            Task { [self] in post(answer(await connection.value.exchangeAndKeep(.code(code, flow, requestID: requestID)))) }
        case .refreshTokens(let tokens, let configuration, let endpoints):
            report(id) { () async throws(OAuthError) -> TokenReport in
                let link = await connection.value
                let oauth = link.oauth(configuration, endpoints)
                let refreshed = try await link.refresh(tokens, with: oauth)
                var claims: TokenClaims?
                if let idToken = refreshed.idToken { claims = await oauth.verifyIDToken(idToken) }
                // Kept under the renewal lock already: the tabs sharing the token store follow.
                await self.announceStores()
                return .fetched(refreshed, endpoints, claims)
            }
        case .revokeTokens(let tokens, let configuration, let endpoints):
            report(id) { () async throws(OAuthError) -> TokenReport in
                let link = await connection.value
                try await link.oauth(configuration, endpoints).revoke(tokens)
                link.forget(revoked: tokens)
                await self.announceStores()
                return .revoked(tokens)
            }
        case .fetchUserinfo(let tokens, let configuration, let endpoints):
            report(id) { () async throws(OAuthError) -> TokenReport in
                .userinfo(try await connection.value.oauth(configuration, endpoints).userinfo(tokens))
            }
        case .fetchSessionInfo(let tokenId):
            Task { [self] in post(answer(await connection.value.call(.info(tokenId: tokenId)))) }
        case .logout(let tokenId):
            Task { [self] in post(answer(await connection.value.call(.logout(tokenId: tokenId)))) }
        case .signOut(let held):
            Task { [self] in post(answer(.signedOut(await connection.value.signOut(held)))) }
        case .cancel, .schedulePoll, .close, .exportTrace, .exportTest, .reconnect:
            break  // about the tab, not through its connection (above)
        }
    }

    /// The tab's connection, made for it when it has none yet. A tab closed in the same batch of
    /// effects keeps its connection until `.close` (a sign-out before it goes through it); nil
    /// for a tab that has none.
    private func connection(forTab id: Int, in state: AppState) -> Task<any TabConnection, Never>? {
        guard let tab = state.tabs.first(where: { $0.id == id }) else { return connections.withLock { $0[id] } }
        let context = context(forTab: id)
        return connections.withLock { connections in
            if let existing = connections[id] { return existing }
            let made = tab.profile.kind.connection(for: tab, context: context)
            let task = Task { made }
            connections[id] = task
            return task
        }
    }

    /// What a tab's connection needs from the runtime.
    private func context(forTab id: Int) -> ConnectionContext {
        ConnectionContext(tabID: id, store: store, transport: transport, logger: logger, post: { [weak self] in self?.post($0) },
                          storeChanges: storeChanges, announceStores: { [weak self] in await self?.announceStores() })
    }

    /// Tells every tab what its stores hold now. A tab whose stores cannot be read has no
    /// snapshot (it follows nothing it cannot see) and is told why.
    func announceStores() async {
        let open = connections.withLock { Array($0) }
        var snapshots: [Int: InstanceSnapshot] = [:]
        for (id, task) in open {
            let connection = await task.value
            do {
                snapshots[id] = try connection.snapshot()
            } catch {
                connection.context.storeFailed(
                    "The instance \(TerminalText.line(connection.instanceName))'s stores could not be read (\(error)), so this tab does not follow them until they can.")
            }
        }
        post(.storesRead(snapshots))
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
    private func deliver<Value: Sendable, Failure: Error>(
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
            post(event(result))
        }
    }
}
