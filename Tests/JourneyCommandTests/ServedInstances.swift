import DemoAM
import Foundation
import Testing

/// A `journey serve` and a temporary `$XDG_STATE_HOME` of one test: runs `journey` against them
/// and signs instances in as a person would.
struct ServedInstances {
    let server: JourneyProcess.Server
    let state = TokenCommandTests.temporaryStateFolder()
    var environment: [String: String] { ["XDG_STATE_HOME": state.path] }

    static let passwords = ["demo": "Demo-pass1", "alice": "Alice-pass1"]
    static let totpSecrets = ["demo": "JBSWY3DPEHPK3PXP", "alice": "KRSXG5CTMVRXEZLU"]

    /// The OAuth options of the step-up preset's two instances.
    static let standardClient = ["--client-id", "journeyterm", "--scope", "openid profile"]
    static let transactionsClient = ["--client-id", "journeyterm-transactions", "--scope", "openid profile WRITE_TRANSACTION"]

    /// Runs `body`, then stops the server and removes the stores, however `body` ends.
    static func with(_ body: (ServedInstances) async throws -> Void) async throws {
        let served = ServedInstances(server: try await JourneyProcess.Server())
        defer { try? FileManager.default.removeItem(at: served.state) }
        try await body(served)
        #expect(await served.server.interrupt() == 0)
    }

    /// `http://127.0.0.1:<port><path>`: the demo's resource server.
    func resource(_ path: String) -> String {
        String(server.url.dropLast("/am".count)) + path
    }

    func run(_ arguments: [String]) async throws -> JourneyProcess.Result {
        try await JourneyProcess.run(arguments, environment: environment)
    }

    /// `journey login` of `user` into `instance`; records an issue when it fails.
    func login(_ instance: String, preset: String, client: [String] = standardClient, as user: String = "demo") async throws {
        let login = try await run(["login", "--url", server.url, "--redirect-uri", "http://127.0.0.1/callback", "--preset", preset,
                                   "--instance", instance, "--answer", "User Name=\(user)",
                                   "--answer", "Password=\(Self.passwords[user] ?? "")"] + client)
        #expect(login.status == 0, "login \(instance): \(login.stderr)")
    }

    /// The current TOTP code of a built-in user.
    static func code(of user: String = "demo") throws -> String {
        let secret = try #require(totpSecrets[user])
        return try #require(TOTP.code(secret: secret))
    }

    /// stdout as one JSON object.
    static func object(_ result: JourneyProcess.Result) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)\n\(result.stderr)")
    }
}
