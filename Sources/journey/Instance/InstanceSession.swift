import Foundation
import JourneyEngine
import Logging

/// What a stored instance needs for a command: its profile, a client carrying its cookies, and
/// the OAuth client when the profile has one. Saves cookies back after each command.
struct InstanceSession {
    let instance: ClientInstance
    let profile: InstanceProfile
    let server: ServerConfiguration
    let client: JourneyClient
    let console: Console

    /// Opens an instance that `journey login` has stored, or explains how to create one.
    static func open(_ instance: ClientInstance, traces: Bool, console: Console) throws -> InstanceSession {
        guard let profile = try instance.profile() else {
            throw InstanceProblem("The instance \"\(instance.name)\" has not signed in yet. Run: journey login --url … --instance \(instance.name)")
        }
        let server = try profile.serverConfiguration()
        var logger = Logger(label: "journeyterm.wire")
        logger.logLevel = traces ? .trace : .info
        let client = JourneyClient(server: server, cookieJar: try instance.cookies(on: server), logger: logger)
        return InstanceSession(instance: instance, profile: profile, server: server, client: client, console: console)
    }

    var session: StoredSession? { get throws { try instance.session(on: server) } }

    func oauthClient() throws -> (OAuthClient, StoredTokens?) {
        guard let configuration = profile.oauth else {
            throw InstanceProblem("The instance \"\(instance.name)\" has no OAuth client. Sign in with --client-id, --redirect-uri and --scope.")
        }
        let stored = try instance.tokens(on: server, clientId: configuration.clientId)
        let endpoints = stored?.endpoints ?? OAuthEndpoints.standard(for: server)
        return (OAuthClient(client: client, configuration: configuration, endpoints: endpoints), stored)
    }

    /// The OAuth client and the tokens it holds, or what to do when there are none.
    func storedTokens() throws -> (OAuthClient, StoredTokens) {
        let (client, stored) = try oauthClient()
        guard let stored else {
            throw InstanceProblem("No tokens are stored for this instance. Sign in with journey login and the OAuth options.")
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

    init(_ description: String) {
        self.description = description
    }
}
