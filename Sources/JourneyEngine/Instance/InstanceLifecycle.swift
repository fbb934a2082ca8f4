import Foundation
import Logging
import Orchestrate

/// Starting an instance with options, by the SDKs' re-start rules (`FRAuth.start(options:)`):
///
/// - the first start keeps what is stored (a person signed in earlier stays signed in);
/// - starting again with equal options changes nothing;
/// - a change of `url`, `realm`, `cookieName`, `oauthClientId`, `oauthRedirectUri` or
///   `oauthScope` logs the old session out and revokes the old tokens **at the old server, with
///   the old endpoints and cookie name**, and clears the stores, before the new options apply;
/// - any other change applies without signing out.
///
/// The instance's record keeps the options it last started with, so the old server is known.
public enum InstanceLifecycle {
    /// Makes the transport for a set of options (their TLS settings, which both kinds take).
    public typealias TransportMaker = @Sendable (CommonOptions) -> any HTTPTransport

    /// Starts the instance with the options and says what happened; a sign-out at the old
    /// server is traced with `logger`.
    public static func start(
        instance name: String, options: JourneyOptions, profileName: String?, backend: any RecordStore,
        transport: TransportMaker = { _ in AsyncHTTPTransport() }, logger: Logger = Logger(label: "journeyterm.wire")
    ) async throws -> (ClientInstance, StartReport) {
        let instance = try ClientInstance(name: name, backend: backend, options: options)
        try instance.checkStores()
        let record = try instance.profile()
        let report: StartReport
        if let record, let old = record.startedOptions, old != options {
            let identity = options.identityChanges(from: old)
            if identity.isEmpty {
                report = .applied(changed: options.changes(from: old))
            } else {
                let actions = await signOut(try instance.using(old), options: old, transport: transport(old.common), logger: logger)
                report = .restarted(identityChanges: identity, oldServer: old.url, actions: actions)
            }
        } else {
            report = record == nil ? .firstStart : .unchanged
        }
        if record?.options != options || record?.profileName != profileName {
            var updated = try InstanceProfile(options: options, profileName: profileName)
            updated.ownSessionStore = record?.ownSessionStore ?? false
            updated.ownTokenStore = record?.ownTokenStore ?? false
            try instance.save(updated)
        }
        return (instance, report)
    }

    /// Logs out and revokes what the instance holds at the server of `options`, then forgets it.
    /// Each step is reported, including the ones AM could not be reached for, and traced with `logger`.
    public static func signOut(_ instance: ClientInstance, options: JourneyOptions, transport: any HTTPTransport,
                               logger: Logger = Logger(label: "journeyterm.wire")) async -> [SignOutAction] {
        guard let server = try? options.serverConfiguration() else { return [] }
        let oauth = try? options.oauthConfiguration()
        let cookies = (try? instance.cookies(on: server)) ?? CookieJar()
        let stored = oauth.flatMap { try? instance.tokens(on: server, clientId: $0.clientId) }
        let session = try? instance.session(on: server)
        let held = HeldIdentity(server: server, oauth: oauth, tokens: stored?.tokens, endpoints: stored?.endpoints,
                                ssoToken: session?.success.tokenId, userName: session?.userName)
        var actions = await held.signOut(through: JourneyClient(server: server, transport: transport, cookieJar: cookies, logger: logger))
        do {
            try instance.forget(on: server, clientId: oauth?.clientId)
            actions.append(.storesCleared)
        } catch {
            actions.append(.failed("clearing the stores: \(error)"))
        }
        return actions
    }
}

/// What starting an instance did.
public enum StartReport: Sendable, Hashable, CustomStringConvertible {
    /// No options were stored before.
    case firstStart
    /// The options equal the ones the instance last started with.
    case unchanged
    /// Options changed that need no new sign-in.
    case applied(changed: [OptionKey])
    /// An identity option changed: the old session and tokens were ended at the old server.
    case restarted(identityChanges: [OptionKey], oldServer: String, actions: [SignOutAction])

    public var description: String {
        switch self {
        case .firstStart:
            "First start: the stored session and tokens, if any, are kept."
        case .unchanged:
            "Options unchanged: nothing to do."
        case .applied(let changed):
            "Applied \(changed.map(\.rawValue).joined(separator: ", ")) without signing out."
        case .restarted(let identity, let oldServer, let actions):
            (["\(identity.map(\.rawValue).joined(separator: ", ")) changed, so the instance signed out at the old server \(TerminalText.line(oldServer)):"]
                + actions.map { "  \($0)" }).joined(separator: "\n")
        }
    }
}

/// One step of signing out at a server.
public enum SignOutAction: Sendable, Hashable, CustomStringConvertible {
    case sessionLoggedOut(at: String, cookieName: String, user: String?, alreadyEnded: Bool)
    case tokensRevoked(at: String, clientId: String)
    case storesCleared
    case failed(String)

    public var description: String {
        switch self {
        case .sessionLoggedOut(let url, let cookieName, let user, let alreadyEnded):
            alreadyEnded
                ? "session\(user.map { " of \(TerminalText.line($0))" } ?? "") had already ended at \(TerminalText.line(url))"
                : "session\(user.map { " of \(TerminalText.line($0))" } ?? "") logged out at \(TerminalText.line(url)) (cookie \(cookieName))"
        case .tokensRevoked(let url, let clientId):
            "tokens of client \(TerminalText.line(clientId)) revoked at \(TerminalText.line(url))"
        case .storesCleared:
            "stored session, tokens and cookies cleared"
        case .failed(let what):
            "could not finish \(what) (the stores are cleared all the same)"
        }
    }
}
