import DemoPingOne
import Logging
import LoopbackHTTP

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

    /// The administrator: signed in (journey Login, root realm), its SSO token reads the
    /// journeys' definitions from AM's admin REST API (`journey map`). It is no demo user.
    public static let administrator = DemoUser(
        username: "amadmin", password: "Admin-pass1", totpSecret: "MFRGGZDFMZTWQ2LK", mail: "amadmin@example.com", givenName: "AM", familyName: "Administrator"
    )

    /// The demo's own journeys, by `authIndexValue`, in the order the demo offers them (exports
    /// given to `journey serve --journeys` come on top).
    public static let journeys = DemoExports.names

    /// The port the server listens on.
    public var port: Int { server.port }

    /// `http://127.0.0.1:<port>/am`, the server URL clients are configured with.
    public var baseURL: String { Self.baseURL(port: port) }

    /// The HTTPS listener's port, when ``DemoAMConfiguration/https`` asked for one.
    public var httpsPort: Int? { https?.server.port }

    /// `https://127.0.0.1:<port>/am`, when there is an HTTPS listener.
    public var httpsBaseURL: String? { httpsPort.map { "https://127.0.0.1:\($0)/am" } }

    /// The HTTPS listener's self-signed certificate as PEM: what a client trusts as its `caBundle`.
    public var certificatePEM: String? { https?.certificate.pem }

    /// The PingOne environment's discovery document, served on the same port.
    public var pingOneDiscoveryEndpoint: String { state.pingOne.discoveryEndpoint(origin: "http://127.0.0.1:\(port)") }

    /// The PingOne environment served beside the demo AM (its outbox of one-time codes).
    public var pingOne: DemoPingOne { state.pingOne }

    /// Base64 SHA-256 of the certificate's SubjectPublicKeyInfo: what a client pins.
    public var certificatePin: String? { https?.certificate.pin }

    /// Text for people: the URLs, realms, journeys and users with their passwords and TOTP secrets.
    public var banner: String {
        Banner.text(baseURL: baseURL, https: https.map { listener in
            Banner.HTTPS(
                baseURL: "https://127.0.0.1:\(listener.server.port)/am", pin: listener.certificate.pin,
                keyDescription: listener.certificate.keyDescription)
        }, state: state)
    }

    private let server: RunningServer
    private let https: HTTPSListener?
    private let state: ServerState

    private init(server: RunningServer, https: HTTPSListener?, state: ServerState) {
        self.server = server
        self.https = https
        self.state = state
    }

    /// Starts a server (and its HTTPS listener, if configured) and returns once it accepts connections.
    ///
    /// - Throws: ``DemoAMError/cannotListen(port:reason:)`` when a port is taken,
    ///   ``DemoAMError/cannotMakeCertificate(reason:)`` when the HTTPS certificate cannot be made.
    public static func start(_ configuration: DemoAMConfiguration = .init(), logger: Logger = Logger(label: "demo-am")) async throws -> DemoAM {
        var exports = TreeExports()
        for file in configuration.journeyExports { exports.read(file.contents, source: file.source, named: file.named) }
        guard exports.problems.isEmpty else { throw DemoAMError.unusableJourneys(exports.problems) }
        if !configuration.journeyExports.isEmpty, exports.trees.isEmpty {
            throw DemoAMError.unusableJourneys(exports.notices + ["none of the files holds a journey that can be served"])
        }
        exports.addDemoJourneys()
        var trees = TreeLibrary(trees: exports.trees, configurations: exports.configurations, stubs: configuration.stubs, notices: exports.notices)
        trees.notices += trees.configurationProblems + trees.stubProblems
        let state = await ServerState(configuration: configuration, trees: trees, logger: logger)
        let router = Routes.router(state: state)
        let server = try await RunningServer.launchDemo(responder: router.buildResponder(), port: configuration.port, logger: logger)
        await state.backend.connect(to: baseURL(port: server.port))
        guard let httpsConfiguration = configuration.https else {
            return DemoAM(server: server, https: nil, state: state)
        }
        do {
            let https = try await HTTPSListener.launch(router: router, configuration: httpsConfiguration, logger: logger)
            return DemoAM(server: server, https: https, state: state)
        } catch {
            await server.stop()
            throw error
        }
    }

    /// A root realm session of the ``administrator``, as signing in with `Login` makes: for
    /// `journey demo`'s map pane, which reads the journeys' definitions with it.
    public func administratorSession() async -> String {
        await state.directory.createSession(username: Self.administrator.username, realm: "/", journey: JourneyIdentity(name: "Login", authLevel: 0, amr: ["pwd"])).tokenId
    }

    /// A line per exported journey served: whether it runs fully, or which nodes ask for their
    /// outcome (or are answered by a stub).
    public var journeyReport: [String] { state.trees.report }

    /// The "emails" `MagicLink` has sent, oldest first.
    public func outbox() async -> [DemoEmail] {
        await state.sentMail.emails
    }

    /// The sessions logged out and tokens revoked so far, oldest first; also `GET /am/demo/revocations`.
    public func revocations() async -> DemoRevocations {
        await state.revocations.record
    }

    /// Stops the server (both listeners) and waits until it has shut down.
    public func stop() async {
        await https?.server.stop()
        await server.stop()
    }

    /// Starts a demo AM (on a free port unless told otherwise), runs `body` with it, and stops
    /// it afterwards, whether `body` returns or throws: how the tests use one. `body` runs on the
    /// caller's actor (the main actor's tests included).
    public static func running(_ configuration: DemoAMConfiguration = DemoAMConfiguration(port: 0),
                               isolation: isolated (any Actor)? = #isolation,
                               _ body: (DemoAM) async throws -> Void) async throws {
        let demo = try await start(configuration)
        do {
            try await body(demo)
        } catch {
            await demo.stop()
            throw error
        }
        await demo.stop()
    }

    static func baseURL(port: Int) -> String {
        "http://127.0.0.1:\(port)/am"
    }
}
