import DaVinci
import JourneyEngine
import Orchestrate
import Renderer

/// Tabs as stored instances: opening one signed in when its stored session is still valid,
/// recording what a tab obtains, and following the stores other tabs share (a sign-in or a
/// sign-out in one tab reaches every tab that shares its session store).
extension AppState {
    /// Opens the tab's stored instance; the journey starts only when it holds no usable session.
    /// A DaVinci tab discovers its environment's endpoints too, and its flow starts unless the
    /// instance keeps tokens from an earlier sign-on.
    public mutating func open(tab index: Int) -> [AppEffect] {
        let requestID = makeRequestID()
        let opening = RequestInFlight(requestID: requestID, purpose: .open)
        switch tabs[index].client {
        case .journey: tabs[index].journey?.phase = .busy(opening)
        case .davinci: tabs[index].davinci?.phase = .busy(opening)
        }
        return [.openInstance(tabID: tabs[index].id, requestID: requestID)]
    }

    /// The tab's instance was read (or could not be): each kind goes on its own way.
    mutating func instanceOpened(_ result: Result<InstanceSnapshot, InstanceProblem>, tabID: Int, requestID: Int) -> [AppEffect] {
        guard let index = index(ofTab: tabID), let opening = tabs[index].inFlight,
              opening.requestID == requestID, opening.purpose == .open else { return [] }
        switch (tabs[index].client, result) {
        case (.journey, _): return journeyOpened(result, tab: index)
        case (.davinci, .success(let snapshot)): return davinciOpened(snapshot, tab: index)
        case (.davinci, .failure(let problem)):
            davinciNotOpened(problem, tab: index)
            return []
        }
    }

    /// A journey tab shows the stored session while AM accepts it, the step it kept for a
    /// browser, or starts its journey.
    private mutating func journeyOpened(_ result: Result<InstanceSnapshot, InstanceProblem>, tab index: Int) -> [AppEffect] {
        switch result {
        case .success(let snapshot):
            if let session = snapshot.session {
                let sharers = tabs(sharing: tabs[index].stores.session, with: tabs[index]).map(\.name)
                let shared = sharers.isEmpty ? "" : " (shared with \(sharers.joined(separator: ", ")))"
                return adopt(session, tokens: snapshot.tokens, tab: index,
                             why: "Signed in from the instance's stored session\(shared): AM still accepts it.")
            }
            if let handoff = snapshot.browserStep, showKeptBrowserStep(handoff, tab: index) { return [] }
            let effects = startJourney(tab: index)
            if let notice = snapshot.notice { tabs[index].banner = ClientTab.Banner(kind: .information, text: notice) }
            return effects
        case .failure(let problem):
            let effects = startJourney(tab: index)
            tabs[index].banner = ClientTab.Banner(kind: .error, text: problem.message)
            return effects
        }
    }

    /// What every tab's stores hold now: tabs follow a session their store gained or lost.
    mutating func storesRead(_ snapshots: [Int: InstanceSnapshot]) -> [AppEffect] {
        var effects: [AppEffect] = []
        // A tab walking its request pane's step-up keeps its journey; it hears the outcome there.
        for index in tabs.indices where !walksResourceJourney(index) {
            guard let snapshot = snapshots[tabs[index].id] else { continue }
            switch tabs[index].client {
            case .journey(let journey): effects += followSessionStore(snapshot, journey: journey, tab: index)
            case .davinci: followTokenStore(snapshot.flowTokens, tab: index)
            }
        }
        return effects
    }

    /// A journey tab follows its session store: a session another tab signed in, signed out, or
    /// replaced with someone else's, and the tokens minted for it.
    private mutating func followSessionStore(_ snapshot: InstanceSnapshot, journey: JourneyTab, tab index: Int) -> [AppEffect] {
        var effects: [AppEffect] = []
        let store = tabs[index].stores.session
        let sharers = tabs(sharing: store, with: tabs[index]).map(\.name).joined(separator: ", ")
        switch (journey.phase, snapshot.session) {
        case (.signedIn(let success), nil):
            effects += revokeFormerTokens(tab: index)
            tabs[index].journey?.phase = .idle
            tabs[index].journey?.sessionInfo = nil
            tabs[index].tokens = nil
            if let elsewhere = snapshot.sessionElsewhere, let tokenId = success.tokenId {
                // One session per store: the one it replaced is ended, not left valid at AM.
                tabs[index].banner = ClientTab.Banner(kind: .information,
                    text: "The session store \"\(store)\" this tab shares with \(sharers) now holds a session for \(TerminalText.line(elsewhere)), so this tab's session is logged out at its server. Give tabs on different servers their own stores (preset multi-user, or n then ←/→).")
                effects.append(.logout(tabID: tabs[index].id, tokenId: tokenId))
            } else {
                tabs[index].banner = ClientTab.Banner(kind: .information,
                    text: "Signed out: the session store \"\(store)\" this tab shares with \(sharers) was signed out.")
            }
        case (.signedIn(let success), let stored?) where stored.success.tokenId != success.tokenId:
            effects += follow(stored, tokens: snapshot.tokens, tab: index,
                              store: "The session store \"\(store)\"\(sharers.isEmpty ? "" : " (shared with \(sharers))")")
        case (.signedIn, _?):
            if let tokens = snapshot.tokens, tokens.tokens != tabs[index].tokens?.tokens { show(tokens.tokens, endpoints: tokens.endpoints, tab: index) }
        case (_, let stored?) where followsSharedSignIn(index):
            effects += adopt(stored, tokens: snapshot.tokens, tab: index,
                             why: "Signed in through the session store \"\(store)\"\(sharers.isEmpty ? "" : " it shares with \(sharers)").")
        default:
            break
        }
        return effects
    }

    /// A signed-in tab whose session store now holds another session (another tab signed in over
    /// it): the tokens minted for the old session are revoked, AM's view of it and the userinfo
    /// are dropped, and the tab takes the new session, with tokens fetched for it.
    private mutating func follow(_ session: StoredSession, tokens: StoredTokens?, tab index: Int, store: String) -> [AppEffect] {
        let before = tabs[index].userName
        let revoked = revokeFormerTokens(tab: index)
        tabs[index].tokens = nil
        tabs[index].journey?.sessionInfo = nil
        tabs[index].userName = nil
        let after = session.userName
        let said: String
        if let after, let before, after != before {
            said = "\(store) now holds \(TerminalText.line(after))'s session instead of \(TerminalText.line(before))'s: this tab follows it"
        } else {
            said = "\(store) holds a new session: this tab follows it"
        }
        let tokensSaid = revoked.isEmpty ? "." : "; the old session's tokens are revoked."
        return revoked + adopt(session, tokens: tokens, tab: index, why: said + tokensSaid)
    }

    /// Revokes (in the background) the tokens the tab shows, minted for a session it no longer has.
    private func revokeFormerTokens(tab index: Int) -> [AppEffect] {
        guard let oauth = tabs[index].profile.oauth, let held = tabs[index].tokens,
              let tokens = held.tokens, let endpoints = held.endpoints else { return [] }
        return [.revokeTokens(tabID: tabs[index].id, tokens, oauth, endpoints)]
    }

    /// A DaVinci tab follows its token store: tokens another tab sharing it signed on with, refreshed
    /// or signed off. A tab walking its own flow on screen is left alone.
    private mutating func followTokenStore(_ stored: StoredFlowTokens?, tab index: Int) {
        let store = tabs[index].stores.tokens
        let sharers = tabs(sharing: store, with: tabs[index]).map(\.name)
        let shared = sharers.isEmpty ? "" : " it shares with \(sharers.joined(separator: ", "))"
        guard let flow = tabs[index].davinci else { return }
        switch (flow.phase, stored) {
        case (.signedOn, nil):
            tabs[index].davinci?.phase = .idle
            tabs[index].tokens = nil
            tabs[index].userName = nil
            tabs[index].banner = ClientTab.Banner(kind: .information, text: "Signed off: the token store \"\(store)\"\(shared) was signed off.")
        case (.signedOn, let stored?) where stored.tokens != tabs[index].tokens?.tokens:
            show(stored.tokens, endpoints: stored.endpoints, tab: index)
            tabs[index].userName = stored.userName ?? tabs[index].userName
        case (.idle, let stored?), (.ended, let stored?):
            adoptFlowTokens(stored, tab: index, why: "Signed on through the token store \"\(store)\"\(shared).")
        case (.answering, let stored?) where index != activeIndex:
            adoptFlowTokens(stored, tab: index, why: "Signed on through the token store \"\(store)\"\(shared).")
        default:
            break
        }
    }

    /// A tab that is not walking a journey of its own takes a session its store gained: idle,
    /// finished, or showing its sign-in journey in the background (the session it would get is
    /// there already; the tab on screen may be being typed into, so it is left alone).
    private func followsSharedSignIn(_ index: Int) -> Bool {
        switch tabs[index].journey?.phase {
        case .idle?, .ended?: true
        case .answering?: index != activeIndex && tabs[index].profile.request == tabs[index].profile.signIn
        default: false
        }
    }

    /// Shows the tab signed in with a stored session, with its stored tokens, or fetches tokens
    /// for its OAuth client from the session when it has none.
    private mutating func adopt(_ session: StoredSession, tokens: StoredTokens?, tab index: Int, why: String) -> [AppEffect] {
        tabs[index].journey?.phase = .signedIn(session.success)
        tabs[index].journey?.form = nil
        tabs[index].userName = session.userName ?? tabs[index].userName
        tabs[index].banner = ClientTab.Banner(kind: .information, text: why)
        hint = nil
        if let tokens {
            show(tokens.tokens, endpoints: tokens.endpoints, tab: index)
            return []
        }
        guard let oauth = tabs[index].profile.oauth, let ssoToken = session.success.tokenId else { return [] }
        tabs[index].tokens = TabTokens(fetching: true)
        return [.fetchTokens(tabID: tabs[index].id, ssoToken: ssoToken, oauth)]
    }

    /// Puts tokens from the stores in the tab's inspector (the ID token's claims kept while it is the same).
    private mutating func show(_ tokens: OAuthTokens, endpoints: OAuthEndpoints, tab index: Int) {
        var inspector = tabs[index].tokens ?? TabTokens()
        if inspector.tokens?.idToken != tokens.idToken { inspector.idTokenClaims = nil }
        inspector.tokens = tokens
        inspector.endpoints = endpoints
        tabs[index].tokens = inspector
    }
}
