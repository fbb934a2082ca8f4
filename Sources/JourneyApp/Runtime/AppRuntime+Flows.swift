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

    /// The tab's own DaVinci client; made with an empty jar when the tab has none yet.
    func flowClient(for tab: ClientTab, cookies: CookieJar = CookieJar()) -> Task<DaVinciClient, Never> {
        flowClients.withLock { clients in
            if let existing = clients[tab.id] { return existing }
            let made = Task { [self] in makeFlowClient(tab, cookies: cookies) }
            clients[tab.id] = made
            return made
        }
    }

    private func makeFlowClient(_ tab: ClientTab, cookies: CookieJar) -> DaVinciClient {
        // ClientProfile makes `flow` from the same options, so a DaVinci tab always has one.
        DaVinciClient(configuration: tab.profile.flow!, transport: transport(tab.profile.options), cookieJar: cookies, logger: logger,
                      wireTap: tap(tab.id))
    }

    /// Reads the instance (one name, one kind: a journey instance keeps its name; a journey's
    /// store refuses it), gives the tab a client with the PingOne session the instance keeps
    /// (`enableCookie`), discovers the endpoints, and reports `.flowOpened` with the tokens kept.
    func openFlow(_ tab: ClientTab, requestID: Int) {
        guard let configuration = tab.profile.flow else { return }
        Task { [self] in
            let result: Result<FlowOpening, InstanceProblem>
            do {
                if try ClientInstance(name: tab.instanceName, backend: store).profile() != nil {
                    throw InstanceProblem("The instance \"\(TerminalText.line(tab.instanceName))\" is a journey instance, and one name belongs to one kind: give the DaVinci profile another name (its tabs' instances are named after it).")
                }
                let instance = try flowInstance(of: tab)
                let stored = try instance.tokens(for: configuration)
                let kept = tab.profile.options.enableCookie ? try instance.session(for: configuration) : nil
                _ = flowClients.withLock { $0.removeValue(forKey: tab.id) }
                let endpoints = try await flowClient(for: tab, cookies: kept ?? CookieJar()).value.discover()
                result = .success(FlowOpening(endpoints: endpoints, stored: stored))
            } catch let problem as InstanceProblem {
                result = .failure(problem)
            } catch let error as StoreError {
                result = .failure(InstanceProblem("The instance \(tab.instanceName) could not be opened: \(error.description)"))
            } catch let error as DaVinciError {
                result = .failure(InstanceProblem("The environment's endpoints could not be discovered: \(error.description)"))
            } catch {
                result = .failure(InstanceProblem("The instance \(tab.instanceName) could not be opened (\(error))."))
            }
            post(.flowOpened(tabID: tab.id, requestID: requestID, result))
        }
    }

    /// Exchanges the flow's code, verifies the ID token with the run's nonce, keeps the tokens
    /// (and PingOne's session) in the instance's stores, and reports `.flowSignedOn`.
    func exchange(_ code: String, of flow: DaVinciFlow, tab: ClientTab, requestID: Int, in state: AppState) {
        let client = flowClient(for: tab)
        let record = DaVinciInstanceRecord(flow.configuration, profileName: tab.profile.profileName, stores: tab.stores,
                                           tls: tab.profile.options.davinciTLS)
        deliver({ () async throws(DaVinciError) -> FlowTokens in
            let client = await client.value
            let tokens = try await client.exchange(code: code, of: flow)
            var claims: TokenClaims?
            if let idToken = tokens.idToken { claims = await client.oauth(flow.endpoints).verifyIDToken(idToken, nonce: flow.pkce.nonce) }
            let minted = StoredFlowTokens(tokens: tokens, endpoints: flow.endpoints, userName: claims.flatMap(StoredFlowTokens.userName))
            // Tokens the stores cannot keep are still the tab's: it shows them all the same.
            let kept = try? await self.flowInstance(of: tab).keep(tokens, claims: claims, endpoints: flow.endpoints, through: client,
                                                                  record: record, keepsSession: tab.profile.options.enableCookie)
            if kept != nil { self.post(.storesRead(self.snapshots(of: state.tabs))) }
            return FlowTokens(stored: kept ?? minted, claims: claims)
        }, as: { .flowSignedOn(tabID: tab.id, requestID: requestID, $0) })
    }

    /// Forgets what the tab held, then revokes its tokens and ends the PingOne session through
    /// the client it has now (the environment that issued them), and reports `.flowSignedOff`.
    func signOff(_ held: HeldFlow, tabID: Int, in state: AppState) {
        let client = flowClients.withLock { $0[tabID] }
        let backend = store
        Task { [self] in
            try? DaVinciInstance(name: held.instanceName, stores: held.stores, backend: backend).forget(for: held.configuration)
            post(.storesRead(snapshots(of: state.tabs)))
            var problems: [String] = []
            if let client, let tokens = held.tokens {
                problems = await client.value.signOff(tokens)
                await client.value.connection.clearCookies()
            }
            post(.flowSignedOff(tabID: tabID, problems: problems))
        }
    }

    /// New options for a DaVinci tab: its next requests go out through a client with them,
    /// carrying PingOne's cookies over when the identity stayed.
    func reconnectFlow(_ tab: ClientTab, keepingCookies: Bool) {
        let old = flowClients.withLock { $0.removeValue(forKey: tab.id) }
        guard keepingCookies, let old else { return }
        flowClients.withLock {
            $0[tab.id] = Task { [self] in makeFlowClient(tab, cookies: await old.value.connection.cookieJar) }
        }
    }

    /// Refreshes a DaVinci tab's tokens under its token store's renewal lock, from the tokens the
    /// store holds then (another tab or `journey token` may just have rotated them), and keeps them.
    func refreshFlowTokens(_ tokens: OAuthTokens, with oauth: OAuthClient, endpoints: OAuthEndpoints,
                           of tab: ClientTab) async throws(OAuthError) -> OAuthTokens {
        guard let configuration = tab.profile.flow, let instance = try? flowInstance(of: tab) else { return try await oauth.refresh(tokens) }
        do {
            return try await instance.renewingTokens(for: configuration) { current in
                let renewed = try await oauth.refresh(current?.tokens ?? tokens)
                let kept = StoredFlowTokens(tokens: renewed, endpoints: current?.endpoints ?? endpoints, userName: current?.userName ?? tab.userName)
                return (keep: kept, result: renewed)
            }
        } catch let error as OAuthError {
            throw error
        } catch {
            return try await oauth.refresh(tokens)
        }
    }
}
