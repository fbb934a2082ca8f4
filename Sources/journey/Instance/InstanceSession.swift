import Foundation
import JourneyEngine
import Logging

/// What a stored instance needs for a command: its profile, a client carrying its cookies, and
/// the OAuth client when the profile has one. Saves cookies back after each command.
struct InstanceSession {
    let instance: ClientInstance
    let oauth: OAuthConfiguration?
    let server: ServerConfiguration
    let client: JourneyClient
    let console: Console

    /// The session of a started instance, its client carrying the instance's cookies.
    static func open(_ started: StartedInstance, console: Console) throws -> InstanceSession {
        var logger = Logger(label: "journeyterm.wire")
        logger.logLevel = started.traces ? .trace : .info
        let client = JourneyClient(server: started.server, transport: started.transport,
                                   cookieJar: try started.instance.cookies(on: started.server), logger: logger)
        return InstanceSession(instance: started.instance, oauth: started.oauth, server: started.server, client: client,
                               console: console)
    }

    var session: StoredSession? { get throws { try instance.session(on: server) } }

    func oauthClient() throws -> (OAuthClient, StoredTokens?) {
        guard let configuration = oauth else {
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
