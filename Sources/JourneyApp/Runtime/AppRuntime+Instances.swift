import Foundation
import JourneyEngine
import Orchestrate

/// The tabs' instance stores: opening a tab's instance, recording what it obtains, and telling
/// every tab what the stores hold after each change, so tabs sharing a store follow each other.
/// Store files are small; each change runs off the UI loop all the same.
extension AppRuntime {
    /// The tab's instance over the runtime's store, with the stores its options name.
    func instance(of tab: ClientTab) throws(StoreError) -> ClientInstance {
        try ClientInstance(name: tab.instanceName, backend: store, options: tab.profile.options)
    }

    /// Starts the tab's instance by the SDKs' rules (options that make a new identity sign the
    /// old one out at its server first), checks a stored session with AM (`cookieCache` may
    /// trust it), and reports `.instanceOpened`.
    func open(_ tab: ClientTab, requestID: Int, client: Task<JourneyClient, Never>) {
        Task { [self] in
            let result: Result<InstanceSnapshot, InstanceProblem>
            do {
                let (instance, report) = try await InstanceLifecycle.start(
                    instance: tab.instanceName, options: tab.profile.options, profileName: tab.profile.profileName,
                    backend: store, transport: transport)
                let check = try await instance.checkedSession(through: await client.value)
                var snapshot = InstanceSnapshot(session: check?.usable, tokens: try tokens(of: tab, instance))
                if case .restarted = report { snapshot.notice = report.description }
                if snapshot.session == nil { try await keptBrowserStep(of: instance, tab: tab, client: client, into: &snapshot) }
                result = .success(snapshot)
            } catch let error as JourneyError {
                result = .failure(InstanceProblem("AM could not be asked whether the instance's stored session is still valid (\(error.description)), so the journey starts."))
            } catch {
                result = .failure(InstanceProblem("The instance \(tab.instanceName) could not be opened (\(error)), so the journey starts."))
            }
            post(.instanceOpened(tabID: tab.id, requestID: requestID, result))
        }
    }

    /// The step the instance keeps waiting for a browser, with its cookies given to the tab's
    /// client; one whose journey has expired at AM is forgotten and said instead.
    private func keptBrowserStep(of instance: ClientInstance, tab: ClientTab, client: Task<JourneyClient, Never>,
                                 into snapshot: inout InstanceSnapshot) async throws(StoreError) {
        guard let handoff = try instance.browserHandoff(on: tab.profile.server) else { return }
        if let expiry = (try? handoff.step())?.expiresAt, expiry <= Date() {
            try instance.forget(browserHandoffOn: tab.profile.server)
            snapshot.notice = "The journey this instance kept waiting for a browser ran out at AM "
                + "(\(ReadableDuration.until(expiry, from: Date()))), so it starts again."
            return
        }
        await client.value.restore(handoff.cookies)
        snapshot.browserStep = handoff
    }

    /// Returns once every store change asked so far is applied.
    func storeChangesSettled() async {
        await storeChanges.withLock { $0 }?.value
    }

    /// Applies a change to the tab's stores after the changes asked before it, then reports what
    /// every tab's stores hold.
    func record(_ change: StoreChange, of tab: ClientTab, client: Task<JourneyClient, Never>, in state: AppState) {
        storeChanges.withLock { last in
            let before = last
            last = Task { [self] in
                await before?.value
                await apply(change, of: tab, client: client, in: state)
            }
        }
    }

    private func apply(_ change: StoreChange, of tab: ClientTab, client: Task<JourneyClient, Never>, in state: AppState) async {
        if let instance = try? instance(of: tab) {
            let server = tab.profile.server
            switch change {
            case .signedIn(let success, let userName):
                try? instance.save(StoredSession(success: success, userName: userName), on: server)
                if tab.profile.options.enableCookie { try? instance.save(await client.value.cookieJar, on: server) }
            case .signedOut:
                try? instance.forget(on: server, clientId: tab.profile.oauth?.clientId)
            case .keptBrowserStep(let handoff):
                // The journey's cookies go with it unless the options keep no cookies.
                let jar = tab.profile.options.enableCookie ? await client.value.cookieJar : CookieJar()
                try? instance.keep(handoff.with(cookies: jar, leavingOut: server.cookieName), on: server)
                return
            case .forgotBrowserStep:
                try? instance.forget(browserHandoffOn: server)
                return
            }
        }
        // Sessions and tokens changed: the tabs that share them follow.
        post(.storesRead(snapshots(of: state.tabs)))
    }

    /// Refreshes the tab's tokens under its token store's renewal lock, from the tokens the store
    /// holds now: another tab or a `journey token --refresh` may just have rotated the refresh
    /// token. Without a usable store (or its lock), from the tab's own tokens as before.
    func refresh(_ tokens: OAuthTokens, with oauth: OAuthClient, endpoints: OAuthEndpoints,
                 of tab: ClientTab?) async throws(OAuthError) -> OAuthTokens {
        if let tab, tab.profile.isFlow { return try await refreshFlowTokens(tokens, with: oauth, endpoints: endpoints, of: tab) }
        guard let tab, let clientId = tab.profile.oauth?.clientId, let instance = try? instance(of: tab) else {
            return try await oauth.refresh(tokens)
        }
        do {
            return try await instance.renewingTokens(on: tab.profile.server, clientId: clientId) { current in
                (keep: nil, result: try await oauth.refresh(current?.tokens ?? tokens))
            }
        } catch let error as OAuthError {
            throw error
        } catch {
            return try await oauth.refresh(tokens)
        }
    }

    /// Keeps tokens the tab minted (`SignInService.keep`: with the session that minted them,
    /// revoking those of an older session), and tells the tabs. Tokens whose session is no longer
    /// stored (the tab logged out while they were on their way) are revoked: `.noSession`.
    func keep(minted tokens: OAuthTokens, with oauth: OAuthClient, of tab: ClientTab, in state: AppState) async throws(OAuthError) {
        guard let instance = try? instance(of: tab) else {
            try? await oauth.revoke(tokens)
            throw .noSession
        }
        do throws(SignInError) {
            try await SignInService(instance: instance, server: tab.profile.server, oauth: oauth).keep(tokens)
        } catch {
            // Not kept by the store: the tab still holds them (TokenReport cannot say so yet).
            if case .oauth(let refusal) = error { throw refusal }
        }
        post(.storesRead(snapshots(of: state.tabs)))
    }

    /// Keeps tokens the tab obtained in its instance's token store, and tells the tabs; false
    /// (nothing kept) when the session that minted them is no longer stored: the tab logged out
    /// while they were on their way, so the caller revokes them.
    @discardableResult
    func keep(_ tokens: OAuthTokens, endpoints: OAuthEndpoints, of tab: ClientTab, in state: AppState) -> Bool {
        guard let clientId = tab.profile.oauth?.clientId, let instance = try? instance(of: tab) else { return false }
        let server = tab.profile.server
        guard (try? instance.holdsSession(thatMinted: tokens, on: server)) == true else { return false }
        try? instance.save(StoredTokens(tokens: tokens, endpoints: endpoints), on: server, clientId: clientId)
        post(.storesRead(snapshots(of: state.tabs)))
        return true
    }

    /// Forgets the tab's revoked tokens, and tells the tabs.
    func forgetTokens(of tab: ClientTab, in state: AppState) {
        if let configuration = tab.profile.flow {
            try? flowInstance(of: tab).forgetTokens(for: configuration)
            post(.storesRead(snapshots(of: state.tabs)))
            return
        }
        guard let clientId = tab.profile.oauth?.clientId, let instance = try? instance(of: tab) else { return }
        try? instance.forget(tokensOn: tab.profile.server, clientId: clientId)
        post(.storesRead(snapshots(of: state.tabs)))
    }

    /// Forgets what an identity signed out at its server held in the tab's stores.
    func forget(_ held: HeldIdentity, of tab: ClientTab, in state: AppState) {
        try? instance(of: tab).forget(on: held.server, clientId: held.oauth?.clientId)
        post(.storesRead(snapshots(of: state.tabs)))
    }

    /// The same, in the stores of the journey instance a tab was before it became a DaVinci tab.
    func forget(_ held: HeldIdentity, of former: FormerInstance, in state: AppState) {
        try? ClientInstance(name: former.name, backend: store, options: former.options).forget(on: held.server, clientId: held.oauth?.clientId)
        post(.storesRead(snapshots(of: state.tabs)))
    }

    /// What each tab's stores hold for its server and OAuth client.
    func snapshots(of tabs: [ClientTab]) -> [Int: InstanceSnapshot] {
        var snapshots: [Int: InstanceSnapshot] = [:]
        for tab in tabs {
            if let configuration = tab.profile.flow {
                guard let instance = try? flowInstance(of: tab) else { continue }
                var snapshot = InstanceSnapshot()
                snapshot.flowTokens = (try? instance.tokens(for: configuration)) ?? nil
                snapshots[tab.id] = snapshot
                continue
            }
            guard let instance = try? instance(of: tab) else { continue }
            var snapshot = InstanceSnapshot(session: (try? instance.session(on: tab.profile.server)) ?? nil,
                                            tokens: (try? tokens(of: tab, instance)) ?? nil)
            if snapshot.session == nil, let record = (try? store.read(instance.stores.session)) ?? nil,
               record.owner != ClientInstance.owner(tab.profile.server) {
                snapshot.sessionElsewhere = record.owner.serverURL
            }
            snapshots[tab.id] = snapshot
        }
        return snapshots
    }

    private func tokens(of tab: ClientTab, _ instance: ClientInstance) throws(StoreError) -> StoredTokens? {
        guard let clientId = tab.profile.oauth?.clientId else { return nil }
        return try instance.tokens(on: tab.profile.server, clientId: clientId)
    }
}
