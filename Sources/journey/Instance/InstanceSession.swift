import Foundation
import JourneyEngine
import Orchestrate

/// What a stored instance needs for a command: its profile, a client carrying its cookies, and
/// the OAuth client when the profile has one. Saves cookies back after each command.
struct InstanceSession {
    let instance: ClientInstance
    let oauth: OAuthConfiguration?
    let server: ServerConfiguration
    let client: JourneyClient
    /// The transport the client sends through (the instance's TLS settings), for other AM APIs.
    let transport: any HTTPTransport
    let console: Console

    /// The session of a started instance, its client carrying the instance's cookies.
    /// `revealsSecrets`: the trace shows credentials as they went (`--trace-secrets`).
    static func open(_ started: StartedInstance, console: Console, revealsSecrets: Bool = false) throws -> InstanceSession {
        let client = JourneyClient(server: started.server, transport: started.transport,
                                   cookieJar: try started.instance.cookies(on: started.server),
                                   logger: Console.wireLogger(traces: started.traces), revealsSecrets: revealsSecrets)
        return InstanceSession(instance: started.instance, oauth: started.oauth, server: started.server, client: client,
                               transport: started.transport, console: console)
    }

    var session: StoredSession? { get throws { try instance.session(on: server) } }

    /// The stored session, checked with AM unless `cookieCache` still trusts it; nil when there
    /// is none, or when AM no longer accepts it (the instance then forgot it, and says so).
    func checkedSession() async throws -> SessionCheck? {
        let check: SessionCheck?
        do {
            check = try await instance.checkedSession(through: client)
        } catch let error as JourneyError {
            throw InstanceProblem(
                "AM could not be asked whether the instance's session is still valid (\(error.description)).", status: .serverOrNetwork)
        }
        if case .ended(let ended) = check {
            let user = ended.userName.map { " of \(TerminalText.line($0))" } ?? ""
            console.say("ℹ AM no longer accepts the session\(user) (it was logged out or expired), so the instance forgot it and its cookies.")
        }
        return check
    }

    func oauthClient() throws -> (OAuthClient, StoredTokens?) {
        guard let configuration = oauth else {
            throw InstanceProblem("The instance \"\(instance.name)\" has no OAuth client. Sign in with --client-id, --redirect-uri and --scope.")
        }
        let stored = try instance.tokens(on: server, clientId: configuration.clientId)
        let endpoints = stored?.endpoints ?? OAuthEndpoints.standard(for: server)
        return (OAuthClient(client: client, configuration: configuration, endpoints: endpoints), stored)
    }

    /// The OAuth client and the tokens it holds. Without tokens the instance can still mint
    /// some from its SSO session (one it shares with other instances, for example), as the
    /// SDKs' `user.token()` does; with neither, the message says what to do.
    func storedTokens() throws -> (OAuthClient, StoredTokens?) {
        let (client, stored) = try oauthClient()
        let hasSession = try session != nil
        guard stored != nil || hasSession else {
            throw InstanceProblem("The instance \"\(instance.name)\" holds no tokens and no session. Sign in with journey login and the OAuth options.",
                                  status: .notSignedIn)
        }
        return (client, stored)
    }

    func saveCookies() async throws {
        try instance.save(await client.cookieJar, on: server)
    }
}

/// A command cannot run for the instance as it stands; the message says what to do.
struct InstanceProblem: Error, CustomStringConvertible {
    let description: String
    let status: ExitStatus

    init(_ description: String, status: ExitStatus = .usage) {
        self.description = description
        self.status = status
    }
}
