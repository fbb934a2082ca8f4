import DaVinci
import Foundation
import JourneyEngine
import Logging
import Orchestrate
import Synchronization

/// A tab's link to its server and to its instance's stores, one implementation per kind of tab
/// (``JourneyConnection``, ``FlowConnection``). The runtime holds one per tab and does every
/// effect that needs the server or the stores through it; a new kind of tab is one more of these.
protocol TabConnection: Sendable {
    var context: ConnectionContext { get }
    /// The stored instance the connection reads and writes (the tab's when it was made).
    var instanceName: String { get }
    /// The link the tab's requests go through: its cookie jar, its transport, its trace.
    var link: ClientConnection { get }
    /// Opens the tab's stored instance: what it keeps, checked with its server.
    func open() async -> Result<InstanceSnapshot, InstanceProblem>
    /// What the tab's stores hold now.
    func snapshot() throws -> InstanceSnapshot
    /// An OAuth client for the tab's tokens at `endpoints`, through the tab's link.
    func oauth(_ configuration: OAuthConfiguration, _ endpoints: OAuthEndpoints) -> OAuthClient
    /// Exchanges what a sign-in ended with for tokens and keeps them in the instance's stores
    /// (`TokenCustody.keep`); the event says what came of it.
    func exchangeAndKeep(_ grant: TokenGrant) async -> TabEvent
    /// Renews the tab's tokens by the engine's one rule (`TokenCustody.renew`).
    func refresh(_ tokens: OAuthTokens, with oauth: OAuthClient) async throws(OAuthError) -> OAuthTokens
    /// Forgets revoked tokens in the tab's stores, unless they hold others by now.
    func forget(revoked: OAuthTokens)
    /// Signs out what the tab held where it was issued, and forgets it in the stores it was kept in.
    func signOut(_ held: HeldSignIn) async -> SignOutReport
    /// Records a change in the tab's stores.
    func record(_ change: StoreChange) async
    /// Asks the server about the tab's session, or ends it.
    func call(_ session: SessionCall) async -> TabEvent
    /// A connection with the tab's new options; `keepingCookies` carries the cookie jar over.
    func reconnected(as tab: ClientTab, keepingCookies: Bool) async -> any TabConnection
}

/// What a sign-in ended with, to exchange for tokens.
public enum TokenGrant: Sendable {
    /// A journey's SSO session, with a step-up's requirements.
    case session(ssoToken: String, OAuthConfiguration, TokenRequirements)
    /// A DaVinci flow's authorization code, for the request `requestID`.
    case code(String, DaVinciFlow, requestID: Int)
}

/// A call about the tab's session at its server.
public enum SessionCall: Sendable {
    case info(tokenId: String)
    case logout(tokenId: String)
}

extension ClientProfile.Kind {
    /// A connection of this kind for `tab`: the one place a kind of profile becomes a kind of
    /// connection (as `makeTab` makes its tab).
    func connection(for tab: ClientTab, context: ConnectionContext, cookies: CookieJar = CookieJar()) -> any TabConnection {
        switch self {
        case .journey(let server): JourneyConnection(tab: tab, server: server, context: context, cookies: cookies)
        case .davinci(let configuration): FlowConnection(tab: tab, configuration: configuration, context: context, cookies: cookies)
        }
    }
}

extension TabConnection {
    /// A kind without an AM session (a DaVinci tab never asks) answers that nothing was done.
    func call(_ session: SessionCall) async -> TabEvent {
        switch session {
        case .info: .sessionInfo(.failure(.cancelled))
        case .logout: .loggedOut(.failure(.cancelled))
        }
    }

    /// Renews tokens kept in `custody` under its renewal lock; without a store to keep them
    /// in, the tab's own tokens are renewed for it alone. A store that cannot be used is said
    /// to the tab: before the renewal, its own tokens are renewed and not kept; after it, the
    /// tab keeps the renewed tokens the store could not take.
    func renew<Custody: TokenCustody>(_ tokens: OAuthTokens, in custody: Custody?, with oauth: OAuthClient,
                                      instanceName: String) async throws(OAuthError) -> OAuthTokens {
        guard let custody else { return try await oauth.refresh(tokens) }
        let name = TerminalText.line(instanceName)
        do {
            let renewed = try await custody.renew(refresh: { try await oauth.refresh($0) }, revoke: { try? await oauth.revoke($0) })
            return Custody.tokens(of: renewed)
        } catch let error as OAuthError {
            throw error
        } catch let notKept as TokensNotKept<Custody.Stored> {
            context.storeFailed("The renewed tokens could not be written to the instance \(name)'s stores (\(notKept.problem)); this tab keeps them.")
            return Custody.tokens(of: notKept.renewed)
        } catch {
            context.storeFailed("The instance \(name)'s token store could not be used (\(error)), so this tab's own tokens are renewed and not kept.")
            return try await oauth.refresh(tokens)
        }
    }
}

/// What a tab's connection needs from the runtime: where instances are stored, how transports
/// are made, the wire log, where events go, and the order store changes are applied in.
struct ConnectionContext: Sendable {
    let tabID: Int
    let store: any RecordStore
    let transport: InstanceLifecycle.TransportMaker
    let logger: Logger
    let post: @Sendable (AppEvent) -> Void
    let storeChanges: StoreChangeQueue
    /// Tells every tab what its stores hold now (after a change other tabs may share).
    let announceStores: @Sendable () async -> Void

    /// Hands each exchange of the tab's link to the app, for its trace.
    var tap: WireTap {
        { [post, tabID] exchange in post(.tab(id: tabID, .traced(exchange))) }
    }

    /// Says to the tab that its stores could not be used; what it obtained is not kept.
    func storeFailed(_ message: String) {
        post(.tab(id: tabID, .storeFailed(InstanceProblem(message))))
    }

    /// Changes an instance's stores; a store that cannot be written is said to the tab, never
    /// dropped. False when the change could not be made.
    @discardableResult
    func writing(_ what: String, instance name: String, _ change: () throws -> Void) -> Bool {
        do {
            try change()
            return true
        } catch {
            storeFailed("\(what) could not be written to the instance \(TerminalText.line(name))'s stores: \(error)")
            return false
        }
    }
}

/// Store changes applied one after another in the order asked, so the stores (and the snapshots
/// the tabs follow) change in that order.
final class StoreChangeQueue: Sendable {
    private let last = Mutex<Task<Void, Never>?>(nil)

    func enqueue(_ change: @escaping @Sendable () async -> Void) {
        last.withLock { last in
            let before = last
            last = Task {
                await before?.value
                await change()
            }
        }
    }

    /// Returns once every change asked so far is applied.
    func settled() async {
        await last.withLock { $0 }?.value
    }
}
