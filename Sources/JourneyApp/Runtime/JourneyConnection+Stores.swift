import JourneyEngine
import Orchestrate

/// What a journey tab records in its stores: the session it signed in with (replacing the one
/// the store held, by the SDKs' rule), its sign-out, and the step it keeps for a browser.
extension JourneyConnection {
    func record(_ change: StoreChange) async {
        // The journey's cookies go with what is kept unless the options keep no cookies.
        let jar = profile.options.enableCookie ? await client.cookieJar : nil
        switch change {
        // A change the stores did not take changed nothing the other tabs could follow.
        case .signedIn(let success, let userName):
            guard await keepNewSession(success, userName: userName, cookies: jar) else { return }
        case .signedOut:
            guard context.writing("Signing out", instance: instanceName, {
                try instance().forget(on: server, clientId: profile.oauth?.clientId)
            }) else { return }
        case .keptBrowserStep(let handoff):
            context.writing("The step left for a browser", instance: instanceName) {
                try instance().keep(handoff.with(cookies: jar ?? CookieJar(), leavingOut: server.cookieName), on: server)
            }
            return
        case .forgotBrowserStep:
            context.writing("Forgetting the step left for a browser", instance: instanceName) { try instance().forget(browserHandoffOn: server) }
            return
        case .keptFlowBrowserStep:
            return
        }
        // Sessions and tokens changed: the tabs that share them follow.
        await context.announceStores()
    }

    /// Keeps a session the tab signed in with, replacing the one its session store held by the
    /// SDKs' rule (that one is logged out at AM, and the tokens it minted revoked: tabs sharing
    /// the store follow the new session). One sign-in at a time per session store. False when
    /// the stores could not keep it (the tab is told).
    private func keepNewSession(_ success: LoginSuccess, userName: String?, cookies: CookieJar?) async -> Bool {
        do {
            let instance = try instance()
            try await instance.keepingNewSession(on: server) { previous in
                if let old = previous?.success.tokenId, old != success.tokenId {
                    let other = JourneyClient(server: server, transport: context.transport(profile.options.common), logger: context.logger,
                                              wireTap: context.tap)
                    await SignInService.endReplacedSession(old, of: instance, on: server, through: other, oauth: profile.oauth)
                }
                try instance.save(StoredSession(success: success, userName: userName), on: server)
                if let cookies { try instance.save(cookies, on: server) }
            }
            return true
        } catch {
            context.storeFailed("The session could not be written to the instance \(instanceName)'s stores: \(error)")
            return false
        }
    }
}
