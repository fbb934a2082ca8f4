import DaVinci
import Foundation
import JourneyEngine
import JourneyProfiles
import Orchestrate

/// A DaVinci tab's connection: its own `DaVinciClient` (its cookie jar holds PingOne's `ST`
/// cookies) and its `DaVinciInstance`, whose stores are of kind davinci, which a journey's store
/// refuses (and the other way round).
struct FlowConnection: TabConnection {
    let context: ConnectionContext
    let client: DaVinciClient
    let instanceName: String
    let profile: ClientProfile

    init(tab: ClientTab, configuration: DaVinciConfiguration, context: ConnectionContext, cookies: CookieJar) {
        self.context = context
        instanceName = tab.instanceName
        profile = tab.profile
        client = DaVinciClient(configuration: configuration, transport: context.transport(tab.profile.options.common), cookieJar: cookies,
                               logger: context.logger, wireTap: context.tap)
    }

    var link: ClientConnection { client.connection }
    var configuration: DaVinciConfiguration { client.configuration }

    /// The tab's instance over the runtime's store, with the stores its options name.
    func instance() throws(StoreError) -> DaVinciInstance {
        try DaVinciInstance(name: instanceName, stores: profile.options.stores(forInstance: instanceName), backend: context.store)
    }

    /// Reads the instance (one name, one kind: a journey instance keeps its name; a journey's
    /// store refuses it), gives the link the PingOne session the instance keeps (`enableCookie`)
    /// or the cookies of a flow kept for a browser, and discovers the endpoints.
    func open() async -> Result<InstanceSnapshot, InstanceProblem> {
        do {
            try InstanceNameTaken.check(instanceName, for: .davinci, in: context.store)
            let instance = try instance()
            // Read first: a store that holds a journey's records refuses the instance before anything is sent.
            let stored = try instance.tokens(for: configuration)
            let session = try instance.session(for: configuration)
            let kept = keptBrowserStep()
            // The jar starts as the instance keeps it: a flow left for a browser, PingOne's session, or empty.
            await link.restore(kept?.cookies ?? (profile.options.enableCookie ? session : nil) ?? CookieJar())
            var snapshot = InstanceSnapshot()
            snapshot.flowTokens = stored
            snapshot.flowBrowserStep = kept
            snapshot.endpoints = try await client.discover()
            return .success(snapshot)
        } catch let taken as InstanceNameTaken {
            return .failure(InstanceProblem("\(taken) Give the DaVinci profile another name (its tabs' instances are named after it)."))
        } catch let error as StoreError {
            return .failure(InstanceProblem("The instance \(instanceName) could not be opened: \(error.description)"))
        } catch let error as DaVinciError {
            return .failure(InstanceProblem("The environment's endpoints could not be discovered: \(error.description)"))
        } catch {
            return .failure(InstanceProblem("The instance \(instanceName) could not be opened (\(error))."))
        }
    }

    func snapshot() throws -> InstanceSnapshot {
        var snapshot = InstanceSnapshot()
        snapshot.flowTokens = try instance().tokens(for: configuration)
        return snapshot
    }

    func oauth(_ configuration: OAuthConfiguration, _ endpoints: OAuthEndpoints) -> OAuthClient {
        client.oauth(endpoints)
    }

    /// Exchanges the flow's code (the ID token verified with the run's nonce: a replayed or
    /// forged one is refused and revoked) and keeps the tokens, and PingOne's session, in the
    /// instance's stores. Tokens the stores cannot keep are still the tab's: it shows them, and
    /// says why they are not kept.
    func exchangeAndKeep(_ grant: TokenGrant) async -> TabEvent {
        guard case .code(let code, let flow, let requestID) = grant else { return .tokens(.failed(.noSession)) }
        let record = DaVinciInstanceRecord(flow.configuration, profileName: profile.profileName, stores: profile.options.stores(forInstance: instanceName),
                                           tls: profile.options.davinciTLS)
        let held = { (tokens: StoredFlowTokens) in
            HeldFlow(instanceName: instanceName, configuration: flow.configuration, stores: record.stores, tls: record.tls, tokens: tokens)
        }
        let exchanged: MintedTokens
        do throws(DaVinciError) {
            exchanged = try await client.exchange(code: code, of: flow)
        } catch {
            return .flowSignedOn(requestID: requestID, .failure(error))
        }
        let (tokens, claims) = (exchanged.tokens, exchanged.claims)
        let minted = StoredFlowTokens(tokens: tokens, endpoints: flow.endpoints, userName: claims?.userName)
        do throws(StoreError) {
            let kept = try await instance().keep(tokens, claims: claims, endpoints: flow.endpoints, through: client, record: record,
                                                 keepsSession: profile.options.enableCookie)
            await context.announceStores()
            return .flowSignedOn(requestID: requestID, .success(FlowTokens(stored: kept, claims: claims, held: held(kept))))
        } catch {
            return .flowSignedOn(requestID: requestID, .success(FlowTokens(stored: minted, claims: claims, held: held(minted), notKept: error.description)))
        }
    }

    func refresh(_ tokens: OAuthTokens, with oauth: OAuthClient) async throws(OAuthError) -> OAuthTokens {
        let custody: FlowTokenCustody
        do {
            custody = try instance().tokenCustody(for: configuration)
        } catch {
            context.storeFailed("The instance \(TerminalText.line(instanceName))'s token store could not be used (\(error)), so this tab's own tokens are renewed and not kept.")
            return try await oauth.refresh(tokens)
        }
        return try await renew(tokens, in: custody, with: oauth, instanceName: instanceName)
    }

    func forget(revoked: OAuthTokens) {
        context.writing("Forgetting the revoked tokens", instance: instanceName) {
            let instance = try instance()
            if try instance.tokens(for: configuration)?.tokens == revoked { try instance.forgetTokens(for: configuration) }
        }
    }

    func signOut(_ held: HeldSignIn) async -> SignOutReport {
        switch held {
        case .davinci(let flow):
            return await Self.signOff(flow, through: self, context: context)
        case .journey(let identity):
            // Not asked while the tab's journey connection lives (a sign-out comes before the
            // reconnect that replaces it); if it is, the identity is still signed out at its AM.
            let other = JourneyClient(server: identity.server, transport: context.transport(profile.options.common), logger: context.logger,
                                      wireTap: context.tap)
            return .journey(await identity.signOut(through: other))
        }
    }

    /// Forgets what a DaVinci tab held, then revokes its tokens and ends the PingOne session at
    /// the environment that issued them: through the tab's connection (with PingOne's cookies)
    /// while it still talks to that environment, else through a client of its own. Nil problems
    /// when there were no tokens to sign off.
    static func signOff(_ held: HeldFlow, through current: FlowConnection?, context: ConnectionContext) async -> SignOutReport {
        context.writing("Forgetting the signed-off tokens", instance: held.instanceName) {
            try DaVinciInstance(name: held.instanceName, stores: held.stores, backend: context.store).forget(for: held.configuration)
        }
        await context.announceStores()
        guard let tokens = held.tokens else { return .davinci(problems: nil) }
        let client = if let current, current.configuration == held.configuration { current.client } else {
            DaVinciClient(configuration: held.configuration, transport: held.tls.transport(), logger: context.logger, wireTap: context.tap)
        }
        let problems = await client.signOff(tokens)
        await client.connection.clearCookies()
        return .davinci(problems: problems)
    }

    func reconnected(as tab: ClientTab, keepingCookies: Bool) async -> any TabConnection {
        tab.profile.kind.connection(for: tab, context: context, cookies: keepingCookies ? await link.cookieJar : CookieJar())
    }
}
