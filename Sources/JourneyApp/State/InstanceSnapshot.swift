import DaVinci
import Foundation
import JourneyEngine
import Orchestrate

/// What a tab's instance stores hold, as the runtime last read them: the session (in a store
/// other tabs may share) and the tokens of the tab's OAuth client; for a DaVinci tab, the
/// tokens its flow's application holds (and, when it opens, its environment's endpoints).
public struct InstanceSnapshot: Sendable, Equatable {
    public var session: StoredSession?
    public var tokens: StoredTokens?
    public var flowTokens: StoredFlowTokens?
    /// A DaVinci tab's environment's endpoints, discovered when it opened.
    public var endpoints: OAuthEndpoints?
    /// The server whose session the tab's session store holds instead, when it holds another
    /// server's (a tab on another server, sharing the store, signed in there).
    public var sessionElsewhere: String?
    /// What opening the instance did that the person should know (it signed a previous identity
    /// out at its old server, or dropped a browser step that had expired).
    public var notice: String?
    /// A journey step the instance keeps while the person is in a browser (social login, SAML),
    /// read when the tab opens; its cookies are already in the tab's client.
    public var browserStep: BrowserHandoff?
    /// A DaVinci flow the instance keeps while the person is in a browser (a social sign-on),
    /// read when the tab opens; its cookies are already in the tab's client.
    public var flowBrowserStep: DaVinciBrowserStep?

    /// Tokens minted by another session than `session` (an older one the store held) are left
    /// out: tokens belong to the session that minted them.
    public init(session: StoredSession? = nil, tokens: StoredTokens? = nil, notice: String? = nil) {
        self.session = session
        self.tokens = tokens.flatMap { stored in
            guard stored.tokens.sessionFingerprint != nil else { return stored }
            return session?.success.tokenId.map(stored.tokens.wereMinted(by:)) == true ? stored : nil
        }
        self.notice = notice
    }
}

/// Why a tab's stores changed, as the runtime applies it.
public enum StoreChange: Sendable, Equatable {
    /// A journey of the tab ended with a session (the user name it was typed with).
    case signedIn(LoginSuccess, userName: String?)
    /// The tab logged out: its session, tokens and cookies are forgotten (in every tab that shares them).
    case signedOut
    /// The journey went to a browser at this step: keep it, with the tab's cookies, so this tab
    /// or a later `journey login --redirected` can go on from it.
    case keptBrowserStep(BrowserHandoff)
    /// A DaVinci flow's social sign-on went to a browser: keep the flow, with the tab's cookies
    /// (PingOne's and the interaction's), so this tab or a later run goes on from it.
    case keptFlowBrowserStep(DaVinciBrowserStep)
    /// The kept browser step (a journey's or a flow's) was used or abandoned.
    case forgotBrowserStep
}

extension AppState {
    /// An instance name for a new tab: its name in the store alphabet, unique among the tabs
    /// (but the one `ignoringTab`, which gives its own up).
    func instanceName(for tabName: String, ignoringTab ignored: Int? = nil) -> String {
        let allowed = tabName.map { character -> Character in
            character.isASCII && (character.isLetter || character.isNumber || "._-".contains(character)) ? character : "-"
        }
        var base = String(String(allowed).trimmingCharacters(in: CharacterSet(charactersIn: ".-")).prefix(40))
        if base.isEmpty { base = "tab" }
        var name = base
        var suffix = 2
        while tabs.contains(where: { $0.id != ignored && $0.instanceName == name }) {
            name = "\(base)-\(suffix)"
            suffix += 1
        }
        return name
    }

    /// The other tabs whose instance uses the store named `store`.
    func tabs(sharing store: String, with tab: ClientTab) -> [ClientTab] {
        tabs.filter { $0.id != tab.id && ($0.stores.session == store || $0.stores.tokens == store) }
    }
}
