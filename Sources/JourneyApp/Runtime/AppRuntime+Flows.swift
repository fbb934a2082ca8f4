import DaVinci
import Foundation
import JourneyEngine
import JourneyProfiles
import Orchestrate

/// DaVinci tabs: each has a `DaVinciClient` of its own (its cookie jar holds PingOne's `ST`
/// cookies), and its instance keeps its session and tokens in stores of kind davinci, which a
/// journey's store refuses (and the other way round).
extension AppRuntime {
    /// The DaVinci tab's instance over the runtime's store, with the stores its options name.
    func flowInstance(of tab: ClientTab) throws(StoreError) -> DaVinciInstance {
        try DaVinciInstance(name: tab.instanceName, stores: tab.stores, backend: store)
    }

    /// A DaVinci tab's own client (made when the tab opens; one with an empty jar if it has
    /// none); nil for a journey tab.
    func flowClient(for tab: ClientTab) -> Task<DaVinciClient, Never>? {
        guard let configuration = tab.profile.davinci else { return nil }
        return flowClients.withLock { clients in
            if let existing = clients[tab.id] { return existing }
            let made = Task { [self] in makeFlowClient(tab, configuration, cookies: CookieJar()) }
            clients[tab.id] = made
            return made
        }
    }

    private func makeFlowClient(_ tab: ClientTab, _ configuration: DaVinciConfiguration, cookies: CookieJar) -> DaVinciClient {
        DaVinciClient(configuration: configuration, transport: transport(tab.profile.options.common), cookieJar: cookies, logger: logger,
                      wireTap: tap(tab.id))
    }

    /// Reads the instance (one name, one kind: a journey instance keeps its name; a journey's
    /// store refuses it), gives the tab a client with the PingOne session the instance keeps
    /// (`enableCookie`), discovers the endpoints, and reports `.instanceOpened` with the tokens kept.
    func openFlow(_ tab: ClientTab, requestID: Int) {
        guard let configuration = tab.profile.davinci else { return }
        let backend = store
        // The tab's client is in place before anything else about the tab can be asked of the
        // runtime (a close that follows removes it); it carries the PingOne session the instance keeps.
        let client = Task { [self] in
            let kept = tab.profile.options.enableCookie ? (try? flowInstance(of: tab).session(for: configuration)) ?? nil : nil
            // A flow kept for a browser goes on with its own cookies.
            return makeFlowClient(tab, configuration, cookies: keptFlowBrowserStep(of: tab, configuration)?.cookies ?? kept ?? CookieJar())
        }
        flowClients.withLock { $0[tab.id] = client }
        Task { [self] in
            let result: Result<InstanceSnapshot, InstanceProblem>
            do {
                try InstanceNameTaken.check(tab.instanceName, for: .davinci, in: backend)
                let instance = try flowInstance(of: tab)
                // Read first: a store that holds a journey's records refuses the instance before anything is sent.
                let stored = try instance.tokens(for: configuration)
                _ = try instance.session(for: configuration)
                let endpoints = try await client.value.discover()
                var snapshot = InstanceSnapshot()
                snapshot.flowTokens = stored
                snapshot.flowBrowserStep = keptFlowBrowserStep(of: tab, configuration)
                snapshot.endpoints = endpoints
                result = .success(snapshot)
            } catch let taken as InstanceNameTaken {
                result = .failure(InstanceProblem("\(taken) Give the DaVinci profile another name (its tabs' instances are named after it)."))
            } catch let error as StoreError {
                result = .failure(InstanceProblem("The instance \(tab.instanceName) could not be opened: \(error.description)"))
            } catch let error as DaVinciError {
                result = .failure(InstanceProblem("The environment's endpoints could not be discovered: \(error.description)"))
            } catch {
                result = .failure(InstanceProblem("The instance \(tab.instanceName) could not be opened (\(error))."))
            }
            post(.tab(id: tab.id, .instanceOpened(requestID: requestID, result)))
        }
    }

    /// Exchanges the flow's code (the ID token verified with the run's nonce), keeps the tokens
    /// (and PingOne's session) in the instance's stores, and reports `.flowSignedOn`.
    func exchange(_ code: String, of flow: DaVinciFlow, tab: ClientTab, requestID: Int, in state: AppState) {
        guard let client = flowClient(for: tab) else { return }
        let record = DaVinciInstanceRecord(flow.configuration, profileName: tab.profile.profileName, stores: tab.stores,
                                           tls: tab.profile.options.davinciTLS)
        let held = { @Sendable (tokens: StoredFlowTokens) in
            HeldFlow(instanceName: tab.instanceName, configuration: flow.configuration, stores: tab.stores, tls: record.tls, tokens: tokens)
        }
        deliver({ () async throws(DaVinciError) -> FlowTokens in
            let client = await client.value
            // Verified with the run's nonce: a replayed or forged ID token is refused (and revoked).
            let exchanged = try await client.exchange(code: code, of: flow)
            let (tokens, claims) = (exchanged.tokens, exchanged.claims)
            let minted = StoredFlowTokens(tokens: tokens, endpoints: flow.endpoints, userName: claims.flatMap(StoredFlowTokens.userName))
            // Tokens the stores cannot keep are still the tab's: it shows them, and says why they are not kept.
            do throws(StoreError) {
                let kept = try await self.flowInstance(of: tab).keep(tokens, claims: claims, endpoints: flow.endpoints, through: client,
                                                                     record: record, keepsSession: tab.profile.options.enableCookie)
                self.post(.storesRead(self.snapshots(of: state.tabs)))
                return FlowTokens(stored: kept, claims: claims, held: held(kept))
            } catch {
                return FlowTokens(stored: minted, claims: claims, held: held(minted), notKept: error.description)
            }
        }, as: { .tab(id: tab.id, .flowSignedOn(requestID: requestID, $0)) })
    }

    /// Forgets what the tab held, then revokes its tokens and ends the PingOne session at the
    /// environment that issued them: through the tab's client (with PingOne's cookies) while it
    /// still talks to that environment, else through a client of its own. Reports
    /// `.flowSignedOff`: nil when there were no tokens to sign off.
    func signOff(_ held: HeldFlow, tabID: Int, in state: AppState) {
        let current = flowClients.withLock { $0[tabID] }
        let backend = store
        Task { [self] in
            writing("Forgetting the signed-off tokens", instance: held.instanceName, tabID: tabID) {
                try DaVinciInstance(name: held.instanceName, stores: held.stores, backend: backend).forget(for: held.configuration)
            }
            post(.storesRead(snapshots(of: state.tabs)))
            var problems: [String]?
            if let tokens = held.tokens {
                let client = if let current, await current.value.configuration == held.configuration { await current.value } else {
                    DaVinciClient(configuration: held.configuration, transport: held.tls.transport(), logger: logger, wireTap: tap(tabID))
                }
                problems = await client.signOff(tokens)
                await client.connection.clearCookies()
            }
            post(.tab(id: tabID, .signedOut(.davinci(problems: problems))))
        }
    }

    /// New options for a DaVinci tab: its next requests go out through a client with them,
    /// carrying PingOne's cookies over when the identity stayed.
    func reconnectFlow(_ tab: ClientTab, keepingCookies: Bool) {
        let old = flowClients.withLock { $0.removeValue(forKey: tab.id) }
        guard keepingCookies, let old, let configuration = tab.profile.davinci else { return }
        flowClients.withLock {
            $0[tab.id] = Task { [self] in makeFlowClient(tab, configuration, cookies: await old.value.connection.cookieJar) }
        }
    }
}
