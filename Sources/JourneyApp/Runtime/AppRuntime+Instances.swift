import Foundation
import JourneyEngine
import JourneyProfiles
import Orchestrate

/// The tabs' instance stores: opening a tab's instance, recording what it obtains, and telling
/// every tab what the stores hold after each change, so tabs sharing a store follow each other.
/// Store files are small; each change runs off the UI loop all the same.
extension AppRuntime {
    /// The tab's instance over the runtime's store, with the stores its options name.
    func instance(of tab: ClientTab) throws(StoreError) -> ClientInstance {
        try ClientInstance(name: tab.instanceName, backend: store, options: tab.profile.options.journey)
    }

    /// Starts the tab's instance by the SDKs' rules (options that make a new identity sign the
    /// old one out at its server first), checks a stored session with AM (`cookieCache` may
    /// trust it), and reports `.instanceOpened`.
    func open(_ tab: ClientTab, requestID: Int, client: Task<JourneyClient, Never>) {
        Task { [self] in
            let result: Result<InstanceSnapshot, InstanceProblem>
            do {
                try InstanceNameTaken.check(tab.instanceName, for: .journey, in: store)
                let (instance, report) = try await InstanceLifecycle.start(
                    instance: tab.instanceName, options: tab.profile.options.journey, profileName: tab.profile.profileName,
                    backend: store, transport: transport)
                let check = try await instance.checkedSession(through: await client.value)
                var snapshot = InstanceSnapshot(session: check?.usable, tokens: try tokens(of: tab, instance))
                if case .restarted = report { snapshot.notice = report.description }
                if snapshot.session == nil { try await keptBrowserStep(of: instance, tab: tab, client: client, into: &snapshot) }
                result = .success(snapshot)
            } catch let taken as InstanceNameTaken {
                result = .failure(InstanceProblem("\(taken) Give the profile another name (its tabs' instances are named after it)."))
            } catch let error as JourneyError {
                result = .failure(InstanceProblem("AM could not be asked whether the instance's stored session is still valid (\(error.description)), so the journey starts."))
            } catch {
                result = .failure(InstanceProblem("The instance \(tab.instanceName) could not be opened (\(error)), so the journey starts."))
            }
            post(.tab(id: tab.id, .instanceOpened(requestID: requestID, result)))
        }
    }

    /// The step the instance keeps waiting for a browser, with its cookies given to the tab's
    /// client; one whose journey has expired at AM is forgotten and said instead.
    private func keptBrowserStep(of instance: ClientInstance, tab: ClientTab, client: Task<JourneyClient, Never>,
                                 into snapshot: inout InstanceSnapshot) async throws(StoreError) {
        guard let server = tab.profile.server, let handoff = try instance.browserHandoff(on: server) else { return }
        if let expiry = (try? handoff.step())?.expiresAt, expiry <= Date() {
            try instance.forget(browserHandoffOn: server)
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
        guard let server = tab.profile.server else { return }
        // The journey's cookies go with what is kept unless the options keep no cookies.
        let jar = tab.profile.options.enableCookie ? await client.value.cookieJar : nil
        switch change {
        // A change the stores did not take changed nothing the other tabs could follow.
        case .signedIn(let success, let userName):
            guard await keepNewSession(success, userName: userName, cookies: jar, of: tab, on: server) else { return }
        case .signedOut:
            guard writing("Signing out", of: tab, { try $0.forget(on: server, clientId: tab.profile.oauth?.clientId) }) else { return }
        case .keptBrowserStep(let handoff):
            writing("The step left for a browser", of: tab) {
                try $0.keep(handoff.with(cookies: jar ?? CookieJar(), leavingOut: server.cookieName), on: server)
            }
            return
        case .forgotBrowserStep:
            writing("Forgetting the step left for a browser", of: tab) { try $0.forget(browserHandoffOn: server) }
            return
        }
        // Sessions and tokens changed: the tabs that share them follow.
        post(.storesRead(snapshots(of: state.tabs)))
    }

    /// Keeps a session the tab signed in with, replacing the one its session store held by the
    /// SDKs' rule (that one is logged out at AM, and the tokens it minted revoked: tabs sharing
    /// the store follow the new session). One sign-in at a time per session store. False when
    /// the stores could not keep it (the tab is told).
    private func keepNewSession(_ success: LoginSuccess, userName: String?, cookies: CookieJar?, of tab: ClientTab,
                                on server: ServerConfiguration) async -> Bool {
        do {
            let instance = try instance(of: tab)
            try await instance.keepingNewSession(on: server) { previous in
                if let old = previous?.success.tokenId, old != success.tokenId {
                    let other = JourneyClient(server: server, transport: transport(tab.profile.options.common), logger: logger, wireTap: tap(tab.id))
                    await SignInService.endReplacedSession(old, of: instance, on: server, through: other, oauth: tab.profile.oauth)
                }
                try instance.save(StoredSession(success: success, userName: userName), on: server)
                if let cookies { try instance.save(cookies, on: server) }
            }
            return true
        } catch {
            post(.tab(id: tab.id, .storeFailed(InstanceProblem("The session could not be written to the instance \(tab.instanceName)'s stores: \(error)"))))
            return false
        }
    }

    /// Changes the tab's instance stores; a store that cannot be written is reported to the tab
    /// (`.storeFailed`), never dropped. False when the change could not be made.
    @discardableResult
    func writing(_ what: String, of tab: ClientTab, _ change: (ClientInstance) throws -> Void) -> Bool {
        writing(what, instance: tab.instanceName, tabID: tab.id) { try change(try instance(of: tab)) }
    }

    /// The same for any instance a tab uses (a DaVinci instance, the journey instance it was).
    @discardableResult
    func writing(_ what: String, instance name: String, tabID: Int, _ change: () throws -> Void) -> Bool {
        do {
            try change()
            return true
        } catch {
            post(.tab(id: tabID, .storeFailed(InstanceProblem("\(what) could not be written to the instance \(TerminalText.line(name))'s stores: \(error)"))))
            return false
        }
    }

    /// Keeps tokens the tab minted (`SignInService.keep`: with the session that minted them,
    /// revoking those of an older session), and tells the tabs. Tokens whose session is no longer
    /// stored (the tab logged out while they were on their way) are revoked: `.noSession`. Stores
    /// that cannot keep them are said to the tab, which still holds them.
    func keep(minted tokens: OAuthTokens, with oauth: OAuthClient, of tab: ClientTab, in state: AppState) async throws(OAuthError) {
        guard let server = tab.profile.server else {
            try? await oauth.revoke(tokens)
            throw .noSession
        }
        do throws(SignInError) {
            let instance: ClientInstance
            do { instance = try self.instance(of: tab) } catch { throw SignInError.notKept(error) }
            try await SignInService(instance: instance, server: server, oauth: oauth).keep(tokens)
        } catch {
            switch error {
            case .oauth(let refusal): throw refusal
            case .notKept(let problem):
                // The tab still holds them; the person hears that the stores do not.
                post(.tab(id: tab.id, .storeFailed(InstanceProblem("The tokens could not be written to the instance \(tab.instanceName)'s stores: \(problem)"))))
            }
        }
        post(.storesRead(snapshots(of: state.tabs)))
    }

    /// Forgets revoked tokens in the tab's stores, unless the stores hold other tokens by now (a
    /// new session's), and tells the tabs.
    func forget(_ revoked: OAuthTokens, of tab: ClientTab, in state: AppState) {
        if let configuration = tab.profile.davinci {
            writing("Forgetting the revoked tokens", instance: tab.instanceName, tabID: tab.id) {
                let instance = try flowInstance(of: tab)
                if try instance.tokens(for: configuration)?.tokens == revoked { try instance.forgetTokens(for: configuration) }
            }
            post(.storesRead(snapshots(of: state.tabs)))
            return
        }
        guard let server = tab.profile.server, let clientId = tab.profile.oauth?.clientId else { return }
        writing("Forgetting the revoked tokens", of: tab) { instance in
            if try instance.tokens(on: server, clientId: clientId)?.tokens == revoked { try instance.forget(tokensOn: server, clientId: clientId) }
        }
        post(.storesRead(snapshots(of: state.tabs)))
    }

    /// Forgets what an identity signed out at its server held in the tab's stores.
    func forget(_ held: HeldIdentity, of tab: ClientTab, in state: AppState) {
        writing("Forgetting the signed-out session", of: tab) { try $0.forget(on: held.server, clientId: held.oauth?.clientId) }
        post(.storesRead(snapshots(of: state.tabs)))
    }

    /// The same, in the stores of the journey instance a tab was before it became a DaVinci tab.
    func forget(_ held: HeldIdentity, of former: FormerInstance, tabID: Int, in state: AppState) {
        writing("Forgetting the signed-out session", instance: former.name, tabID: tabID) {
            try ClientInstance(name: former.name, backend: store, options: former.options.journey).forget(on: held.server, clientId: held.oauth?.clientId)
        }
        post(.storesRead(snapshots(of: state.tabs)))
    }

    /// What each tab's stores hold for its server and OAuth client.
    /// A tab whose stores cannot be read has no snapshot (it follows nothing it cannot see) and is
    /// told why.
    func snapshots(of tabs: [ClientTab]) -> [Int: InstanceSnapshot] {
        var snapshots: [Int: InstanceSnapshot] = [:]
        for tab in tabs {
            do {
                snapshots[tab.id] = try snapshot(of: tab)
            } catch {
                post(.tab(id: tab.id, .storeFailed(InstanceProblem(
                    "The instance \(TerminalText.line(tab.instanceName))'s stores could not be read (\(error)), so this tab does not follow them until they can."))))
            }
        }
        return snapshots
    }

    private func snapshot(of tab: ClientTab) throws -> InstanceSnapshot {
        switch tab.profile.kind {
        case .davinci(let configuration):
            var snapshot = InstanceSnapshot()
            snapshot.flowTokens = try flowInstance(of: tab).tokens(for: configuration)
            return snapshot
        case .journey(let server):
            let instance = try instance(of: tab)
            var snapshot = InstanceSnapshot(session: try instance.session(on: server), tokens: try tokens(of: tab, instance))
            if snapshot.session == nil, let record = try store.read(instance.stores.session), record.owner != ClientInstance.owner(server) {
                snapshot.sessionElsewhere = record.owner.serverURL
            }
            return snapshot
        }
    }

    private func tokens(of tab: ClientTab, _ instance: ClientInstance) throws(StoreError) -> StoredTokens? {
        guard let server = tab.profile.server, let clientId = tab.profile.oauth?.clientId else { return nil }
        return try instance.tokens(on: server, clientId: clientId)
    }
}
