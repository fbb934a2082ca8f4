import DaVinci
import JourneyEngine
import JourneyProfiles
import Orchestrate
import TerminalKit

/// A DaVinci tab's tokens: opening on the ones its instance keeps, following the token store
/// other tabs share, signing on at the flow's end, and signing off.
extension TabUpdate where Kind == DaVinciTab {
    /// The tab opened: its environment's endpoints are known; it shows the tokens its instance
    /// keeps, or runs its flow.
    mutating func davinciOpened(_ snapshot: InstanceSnapshot) -> [AppEffect] {
        kind.endpoints = snapshot.endpoints
        guard let stored = snapshot.flowTokens else {
            if let kept = snapshot.flowBrowserStep, let endpoints = snapshot.endpoints {
                showKeptFlowBrowserStep(kept, endpoints: endpoints)
                return []
            }
            // What the tab said while it opened (a sign-out at the old server) stays up.
            let said = tab.banner
            defer { tab.banner = said }
            return startFlow()
        }
        adoptFlowTokens(stored, why: "Signed on with the tokens the instance \(tab.instanceName) keeps. Enter runs the flow again; l signs off.")
        return []
    }

    /// The instance could not be opened (a store of the other kind, PingOne unreachable).
    mutating func davinciNotOpened(_ problem: InstanceProblem) {
        kind.phase = .ended
        tab.banner = ClientTab.Banner(kind: .error, text: problem.message + " Press Enter to try again.")
    }

    /// Shows the tab signed on with tokens it did not sign on for itself: kept by its instance,
    /// or put in a token store it shares by another tab.
    mutating func adoptFlowTokens(_ stored: StoredFlowTokens, why: String) {
        signedOn(stored, claims: nil)
        tab.banner = ClientTab.Banner(kind: .information, text: why)
        context.signedIn = true
    }

    mutating func signedOn(_ stored: StoredFlowTokens, claims: TokenClaims?) {
        kind.flow = nil
        kind.form = nil
        kind.phase = .signedOn
        tab.userName = stored.userName
        var inspector = TabTokens()
        inspector.tokens = stored.tokens
        inspector.endpoints = stored.endpoints
        inspector.idTokenClaims = claims
        tab.tokens = inspector
    }

    /// A DaVinci tab follows its token store: tokens another tab sharing it signed on with, refreshed
    /// or signed off. A tab walking its own flow on screen is left alone.
    mutating func followTokenStore(_ stored: StoredFlowTokens?) {
        let store = tab.stores.tokens
        let sharers = context.tokenSharers
        let shared = sharers.isEmpty ? "" : " it shares with \(sharers.joined(separator: ", "))"
        switch (kind.phase, stored) {
        case (.signedOn, nil):
            kind.phase = .idle
            tab.tokens = nil
            tab.userName = nil
            tab.banner = ClientTab.Banner(kind: .information, text: "Signed off: the token store \"\(store)\"\(shared) was signed off.")
        case (.signedOn, let stored?) where stored.tokens != tab.tokens?.tokens:
            show(stored.tokens, endpoints: stored.endpoints)
            tab.userName = stored.userName ?? tab.userName
        case (.idle, let stored?), (.ended, let stored?):
            adoptFlowTokens(stored, why: "Signed on through the token store \"\(store)\"\(shared).")
        case (.answering, let stored?) where !context.isActive:
            adoptFlowTokens(stored, why: "Signed on through the token store \"\(store)\"\(shared).")
        default:
            break
        }
    }

    /// `l` in a DaVinci tab: the tokens are revoked, the PingOne session ended, the stores forgotten.
    mutating func signOffFlow() -> [AppEffect] {
        guard case .signedOn = kind.phase, let held = tab.heldFlow else { return [] }
        tab.tokens = nil
        tab.userName = nil
        kind.phase = .idle
        tab.banner = ClientTab.Banner(kind: .information, text: "Signing off at PingOne…")
        return [.tab(id: tab.id, .signOut(.davinci(held)))]
    }
}

extension TabShared {
    /// What the tab holds at its environment, to sign off there.
    var heldFlow: HeldFlow? {
        guard let configuration = profile.davinci else { return nil }
        let tokens = tokens.flatMap { inspector in
            inspector.tokens.flatMap { tokens in
                inspector.endpoints.map { StoredFlowTokens(tokens: tokens, endpoints: $0, userName: userName) }
            }
        }
        return HeldFlow(instanceName: instanceName, configuration: configuration, stores: stores,
                        tls: profile.options.davinciTLS, tokens: tokens)
    }
}

/// What a DaVinci tab holds at its environment, for signing off there: the configuration and
/// stores it ran with, and its tokens if it has any.
public struct HeldFlow: Sendable, Hashable {
    public let instanceName: String
    public let configuration: DaVinciConfiguration
    public let stores: InstanceStores
    /// The TLS settings the environment was reached with.
    public let tls: DaVinciInstanceRecord.TLSSettings
    public let tokens: StoredFlowTokens?
}
