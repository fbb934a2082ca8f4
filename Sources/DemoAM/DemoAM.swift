import Logging

/// An AM-compatible server for demos and tests: journeys, callbacks, sessions, errors and the
/// OAuth 2.0 / OpenID Connect endpoints shaped like PingAM's, served on 127.0.0.1 with everything
/// kept in memory.
///
/// ```swift
/// let server = try await DemoAM.start(.init(port: 0))
/// print(server.banner)
/// // … POST \(server.baseURL)/json/realms/root/authenticate?authIndexType=service&authIndexValue=Login
/// await server.stop()
/// ```
public final class DemoAM: Sendable {
    /// The users every server starts with.
    public static let builtInUsers = [
        DemoUser(
            username: "demo", password: "Demo-pass1", totpSecret: "JBSWY3DPEHPK3PXP", mail: "demo@example.com", givenName: "Demo", familyName: "User"
        ),
        DemoUser(
            username: "alice", password: "Alice-pass1", totpSecret: "KRSXG5CTMVRXEZLU", mail: "alice@example.com", givenName: "Alice", familyName: "Liddell"
        ),
    ]

    /// The journeys served, by `authIndexValue`.
    public static let journeys = JourneyCatalog.all.map { $0.name }

    /// AM's default session cookie name.
    static let sessionCookieName = "iPlanetDirectoryPro"

    /// The port the server listens on.
    public var port: Int { server.port }

    /// `http://127.0.0.1:<port>/am`, the server URL clients are configured with.
    public var baseURL: String { Self.baseURL(port: port) }

    /// Text for people: the URL, realms, journeys and users with their passwords and TOTP secrets.
    public var banner: String { Banner.text(baseURL: baseURL) }

    private let server: RunningServer
    private let state: ServerState

    private init(server: RunningServer, state: ServerState) {
        self.server = server
        self.state = state
    }

    /// Starts a server and returns once it accepts connections.
    ///
    /// - Throws: ``DemoAMError/cannotListen(port:reason:)`` when the port is taken.
    public static func start(_ configuration: DemoAMConfiguration = .init(), logger: Logger = Logger(label: "demo-am")) async throws -> DemoAM {
        let state = await ServerState(configuration: configuration, logger: logger)
        let server = try await RunningServer.launch(router: Routes.router(state: state), port: configuration.port, logger: logger)
        return DemoAM(server: server, state: state)
    }

    /// The "emails" `MagicLink` has sent, oldest first.
    public func outbox() async -> [DemoEmail] {
        await state.sentMail.emails
    }

    /// Stops the server and waits until it has shut down.
    public func stop() async {
        await server.stop()
    }

    static func baseURL(port: Int) -> String {
        "http://127.0.0.1:\(port)/am"
    }
}
