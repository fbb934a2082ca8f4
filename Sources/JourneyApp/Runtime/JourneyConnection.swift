import Foundation
import JourneyEngine
import JourneyProfiles
import Orchestrate

/// A journey tab's connection: its own `JourneyClient` (its cookie jar, the transport its TLS
/// options call for) and its `ClientInstance`, whose stores other tabs and processes may share.
struct JourneyConnection: TabConnection {
    let context: ConnectionContext
    let client: JourneyClient
    let instanceName: String
    let profile: ClientProfile

    init(tab: ClientTab, server: ServerConfiguration, context: ConnectionContext, cookies: CookieJar) {
        self.context = context
        instanceName = tab.instanceName
        profile = tab.profile
        client = JourneyClient(server: server, transport: context.transport(tab.profile.options.common), cookieJar: cookies,
                               logger: context.logger, wireTap: context.tap)
    }

    var link: ClientConnection { client.connection }
    var server: ServerConfiguration { client.server }

    /// The tab's instance over the runtime's store, with the stores its options name.
    func instance() throws(StoreError) -> ClientInstance {
        try ClientInstance(name: instanceName, backend: context.store, options: profile.options.journey)
    }

    /// The instance's tokens for the tab's OAuth client; nil without one.
    private func custody() throws(StoreError) -> JourneyTokenCustody? {
        guard let clientId = profile.oauth?.clientId else { return nil }
        return try instance().tokenCustody(on: server, clientId: clientId)
    }

    /// Starts the instance by the SDKs' rules (options that make a new identity sign the old one
    /// out at its server first) and checks a stored session with AM (`cookieCache` may trust it).
    func open() async -> Result<InstanceSnapshot, InstanceProblem> {
        do {
            try InstanceNameTaken.check(instanceName, for: .journey, in: context.store)
            let (instance, report) = try await InstanceLifecycle.start(
                instance: instanceName, options: profile.options.journey, profileName: profile.profileName,
                backend: context.store, transport: context.transport)
            let check = try await instance.checkedSession(through: client)
            var snapshot = InstanceSnapshot(session: check?.usable, tokens: try tokens(of: instance))
            if case .restarted = report { snapshot.notice = report.description }
            if snapshot.session == nil { try await keptBrowserStep(of: instance, into: &snapshot) }
            return .success(snapshot)
        } catch let taken as InstanceNameTaken {
            return .failure(InstanceProblem("\(taken) Give the profile another name (its tabs' instances are named after it)."))
        } catch let error as JourneyError {
            return .failure(InstanceProblem(
                "AM could not be asked whether the instance's stored session is still valid (\(error.description)), so the journey starts."))
        } catch {
            return .failure(InstanceProblem("The instance \(instanceName) could not be opened (\(error)), so the journey starts."))
        }
    }

    /// The step the instance keeps waiting for a browser, with its cookies given to the tab's
    /// link; one whose journey has expired at AM is forgotten and said instead.
    private func keptBrowserStep(of instance: ClientInstance, into snapshot: inout InstanceSnapshot) async throws(StoreError) {
        guard let handoff = try instance.browserHandoff(on: server) else { return }
        if let expiry = (try? handoff.step())?.expiresAt, expiry <= Date() {
            try instance.forget(browserHandoffOn: server)
            snapshot.notice = "The journey this instance kept waiting for a browser ran out at AM "
                + "(\(ReadableDuration.until(expiry, from: Date()))), so it starts again."
            return
        }
        await client.restore(handoff.cookies)
        snapshot.browserStep = handoff
    }

    func snapshot() throws -> InstanceSnapshot {
        let instance = try instance()
        var snapshot = InstanceSnapshot(session: try instance.session(on: server), tokens: try tokens(of: instance))
        if snapshot.session == nil, let record = try context.store.read(instance.stores.session), record.owner != ClientInstance.owner(server) {
            snapshot.sessionElsewhere = record.owner.serverURL
        }
        return snapshot
    }

    private func tokens(of instance: ClientInstance) throws(StoreError) -> StoredTokens? {
        guard let clientId = profile.oauth?.clientId else { return nil }
        return try instance.tokens(on: server, clientId: clientId)
    }

    func oauth(_ configuration: OAuthConfiguration, _ endpoints: OAuthEndpoints) -> OAuthClient {
        OAuthClient(client: client, configuration: configuration, endpoints: endpoints)
    }

    /// Tokens for the SSO session (the ID token verified with the nonce sent: a replayed or
    /// forged one is refused and revoked), kept with the session that minted them.
    func exchangeAndKeep(_ grant: TokenGrant) async -> TabEvent {
        guard case .session(let ssoToken, let configuration, let requirements) = grant else {
            return .tokens(.failed(.noSession))
        }
        let oauth = oauth(configuration, .standard(for: server))
        do throws(OAuthError) {
            let minted = try await oauth.signIn(ssoToken: ssoToken, requirements: requirements)
            // The sign-in that minted them may still be on its way into the stores (a synced write).
            await context.storeChanges.settled()
            try await keep(minted.tokens, with: oauth)
            return .tokens(.fetched(minted.tokens, oauth.endpoints, minted.claims))
        } catch {
            return .tokens(.failed(error))
        }
    }

    /// Keeps minted tokens (`SignInService.keep`) and tells the tabs. Tokens whose session is no
    /// longer stored are revoked: `.noSession`. Stores that cannot keep them are said to the tab,
    /// which still holds them.
    private func keep(_ tokens: OAuthTokens, with oauth: OAuthClient) async throws(OAuthError) {
        do throws(SignInError) {
            let instance: ClientInstance
            do { instance = try self.instance() } catch { throw SignInError.notKept(error) }
            try await SignInService(instance: instance, server: server, oauth: oauth).keep(tokens)
        } catch {
            switch error {
            case .oauth(let refusal): throw refusal
            case .notKept(let problem):
                context.storeFailed("The tokens could not be written to the instance \(instanceName)'s stores: \(problem)")
            }
        }
        await context.announceStores()
    }

    func refresh(_ tokens: OAuthTokens, with oauth: OAuthClient) async throws(OAuthError) -> OAuthTokens {
        let custody: JourneyTokenCustody?
        do {
            custody = try self.custody()
        } catch {
            context.storeFailed("The instance \(TerminalText.line(instanceName))'s token store could not be used (\(error)), so this tab's own tokens are renewed and not kept.")
            return try await oauth.refresh(tokens)
        }
        return try await renew(tokens, in: custody, with: oauth, instanceName: instanceName)
    }

    func forget(revoked: OAuthTokens) {
        guard let clientId = profile.oauth?.clientId else { return }
        context.writing("Forgetting the revoked tokens", instance: instanceName) {
            let instance = try instance()
            if try instance.tokens(on: server, clientId: clientId)?.tokens == revoked { try instance.forget(tokensOn: server, clientId: clientId) }
        }
    }

    /// A journey identity is signed out through this connection (its cookies), and forgotten in
    /// this instance's stores; a DaVinci tab's tokens, left to a tab that became a journey tab,
    /// are signed off at their own environment.
    func signOut(_ held: HeldSignIn) async -> SignOutReport {
        switch held {
        case .journey(let identity):
            let actions = await identity.signOut(through: client)
            context.writing("Forgetting the signed-out session", instance: instanceName) {
                try instance().forget(on: identity.server, clientId: identity.oauth?.clientId)
            }
            await context.announceStores()
            return .journey(actions)
        case .davinci(let flow):
            return await FlowConnection.signOff(flow, through: nil, context: context)
        }
    }

    func call(_ session: SessionCall) async -> TabEvent {
        switch session {
        case .info(let tokenId):
            do throws(JourneyError) { return .sessionInfo(.success(try await client.sessionInfo(tokenId: tokenId))) } catch { return .sessionInfo(.failure(error)) }
        case .logout(let tokenId):
            do throws(JourneyError) { return .loggedOut(.success(try await client.logout(tokenId: tokenId))) } catch { return .loggedOut(.failure(error)) }
        }
    }

    func reconnected(as tab: ClientTab, keepingCookies: Bool) async -> any TabConnection {
        tab.profile.kind.connection(for: tab, context: context, cookies: keepingCookies ? await link.cookieJar : CookieJar())
    }
}
