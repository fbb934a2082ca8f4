import JourneyEngine
import Orchestrate
import Renderer

/// A journey tab and its stores: opening on what its instance keeps (a session AM still accepts,
/// a step kept for a browser), and following the session store other tabs share (a sign-in, a
/// sign-out or another user in one tab reaches every tab on its store).
extension TabUpdate where Kind == JourneyTab {
    /// A journey tab shows the stored session while AM accepts it, the step it kept for a
    /// browser, or starts its journey.
    mutating func journeyOpened(_ result: Result<InstanceSnapshot, InstanceProblem>) -> [AppEffect] {
        switch result {
        case .success(let snapshot):
            if let session = snapshot.session {
                let sharers = context.sessionSharers
                let shared = sharers.isEmpty ? "" : " (shared with \(sharers.joined(separator: ", ")))"
                return adopt(session, tokens: snapshot.tokens,
                             why: "Signed in from the instance's stored session\(shared): AM still accepts it.")
            }
            if let handoff = snapshot.browserStep, showKeptBrowserStep(handoff) { return [] }
            let effects = startJourney()
            if let notice = snapshot.notice { tab.banner = ClientTab.Banner(kind: .information, text: notice) }
            return effects
        case .failure(let problem):
            let effects = startJourney()
            tab.banner = ClientTab.Banner(kind: .error, text: problem.message)
            return effects
        }
    }

    /// A journey tab follows its session store: a session another tab signed in, signed out, or
    /// replaced with someone else's, and the tokens minted for it.
    mutating func followSessionStore(_ snapshot: InstanceSnapshot) -> [AppEffect] {
        // A tab walking its request pane's step-up keeps its journey; it hears the outcome there.
        guard !kind.walksStepUp else { return [] }
        var effects: [AppEffect] = []
        let store = tab.stores.session
        let sharers = context.sessionSharers.joined(separator: ", ")
        switch (kind.phase, snapshot.session) {
        case (.signedIn(let success), nil):
            effects += revokeFormerTokens()
            kind.phase = .idle
            kind.sessionInfo = nil
            tab.tokens = nil
            if let elsewhere = snapshot.sessionElsewhere, let tokenId = success.tokenId {
                // One session per store: the one it replaced is ended, not left valid at AM.
                tab.banner = ClientTab.Banner(kind: .information,
                    text: "The session store \"\(store)\" this tab shares with \(sharers) now holds a session for \(TerminalText.line(elsewhere)), so this tab's session is logged out at its server. Give tabs on different servers their own stores (preset multi-user, or n then ←/→).")
                effects.append(.tab(id: tab.id, .logout(tokenId: tokenId)))
            } else {
                tab.banner = ClientTab.Banner(kind: .information,
                    text: "Signed out: the session store \"\(store)\" this tab shares with \(sharers) was signed out.")
            }
        case (.signedIn(let success), let stored?) where stored.success.tokenId != success.tokenId:
            effects += follow(stored, tokens: snapshot.tokens,
                              store: "The session store \"\(store)\"\(sharers.isEmpty ? "" : " (shared with \(sharers))")")
        case (.signedIn, _?):
            if let tokens = snapshot.tokens, tokens.tokens != tab.tokens?.tokens { show(tokens.tokens, endpoints: tokens.endpoints) }
        case (_, let stored?) where followsSharedSignIn():
            effects += adopt(stored, tokens: snapshot.tokens,
                             why: "Signed in through the session store \"\(store)\"\(sharers.isEmpty ? "" : " it shares with \(sharers)").")
        default:
            break
        }
        return effects
    }

    /// A signed-in tab whose session store now holds another session (another tab signed in over
    /// it): the tokens minted for the old session are revoked, AM's view of it and the userinfo
    /// are dropped, and the tab takes the new session, with tokens fetched for it.
    private mutating func follow(_ session: StoredSession, tokens: StoredTokens?, store: String) -> [AppEffect] {
        let before = tab.userName
        let revoked = revokeFormerTokens()
        tab.tokens = nil
        kind.sessionInfo = nil
        tab.userName = nil
        let after = session.userName
        let said: String
        if let after, let before, after != before {
            said = "\(store) now holds \(TerminalText.line(after))'s session instead of \(TerminalText.line(before))'s: this tab follows it"
        } else {
            said = "\(store) holds a new session: this tab follows it"
        }
        let tokensSaid = revoked.isEmpty ? "." : "; the old session's tokens are revoked."
        return revoked + adopt(session, tokens: tokens, why: said + tokensSaid)
    }

    /// A tab that is not walking a journey of its own takes a session its store gained: idle,
    /// finished, or showing its sign-in journey in the background (the session it would get is
    /// there already; the tab on screen may be being typed into, so it is left alone).
    private func followsSharedSignIn() -> Bool {
        switch kind.phase {
        case .idle, .ended: true
        case .answering: !context.isActive && tab.profile.request == tab.profile.signIn
        default: false
        }
    }

    /// Shows the tab signed in with a stored session, with its stored tokens, or fetches tokens
    /// for its OAuth client from the session when it has none.
    private mutating func adopt(_ session: StoredSession, tokens: StoredTokens?, why: String) -> [AppEffect] {
        kind.phase = .signedIn(session.success)
        kind.form = nil
        tab.userName = session.userName ?? tab.userName
        tab.banner = ClientTab.Banner(kind: .information, text: why)
        context.signedIn = true
        if let tokens {
            show(tokens.tokens, endpoints: tokens.endpoints)
            return []
        }
        guard let oauth = tab.profile.oauth, let ssoToken = session.success.tokenId else { return [] }
        tab.tokens = TabTokens(fetching: true)
        return [.tab(id: tab.id, .fetchTokens(ssoToken: ssoToken, oauth))]
    }
}
