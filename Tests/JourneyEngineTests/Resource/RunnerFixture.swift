import DemoAM
import Foundation
import JourneyEngine
import Orchestrate
import Testing

/// A demo AM on loopback and instances in one memory store, signed in as `journey login` does:
/// a journey, the session stored, tokens minted from it and stored.
struct RunnerFixture {
    let demo: DemoAM
    let backend: any RecordStore

    static let passwords = ["demo": "Demo-pass1", "alice": "Alice-pass1"]
    static let totpSecrets = ["demo": "JBSWY3DPEHPK3PXP", "alice": "KRSXG5CTMVRXEZLU"]

    /// Runs `body` with a fresh demo AM (on any free port), stopping it however `body` ends.
    static func with(_ configuration: DemoAMConfiguration = DemoAMConfiguration(), backend: any RecordStore = MemoryRecordStore(),
                     _ body: (RunnerFixture) async throws -> Void) async throws {
        var configuration = configuration
        configuration.port = 0
        let demo = try await DemoAM.start(configuration)
        do {
            try await body(RunnerFixture(demo: demo, backend: backend))
        } catch {
            await demo.stop()
            throw error
        }
        await demo.stop()
    }

    /// `http://127.0.0.1:<port><path>`: the resource server beside the demo AM.
    func resource(_ path: String) -> URL {
        URL(string: String(demo.baseURL.dropLast("/am".count)) + path)!
    }

    func options(_ preset: StoragePreset, clientId: String = "journeyterm", scope: String = "openid profile") throws -> JourneyOptions {
        try JourneyOptions(values: [
            .url: .text(demo.baseURL), .preset: .text(preset.rawValue), .oauthClientId: .text(clientId),
            .oauthRedirectUri: .text("http://127.0.0.1/callback"), .oauthScope: .text(scope),
        ])
    }

    /// The instance `name` under `options`, with no sign-in; its client sends through `transport`.
    func instance(_ name: String, _ options: JourneyOptions, transport: any HTTPTransport = AsyncHTTPTransport()) throws -> SignedIn {
        let server = try options.serverConfiguration()
        let instance = try ClientInstance(name: name, backend: backend, options: options)
        let client = JourneyClient(server: server, transport: transport, cookieJar: try instance.cookies(on: server))
        let configuration = try #require(try options.oauthConfiguration())
        return SignedIn(instance: instance, server: server, options: options, client: client,
                        oauth: OAuthClient(client: client, configuration: configuration, endpoints: .standard(for: server)))
    }

    /// Signs `user` in with the Login journey and stores the session and fresh tokens.
    @discardableResult
    func signIn(_ name: String, _ options: JourneyOptions, as user: String = "demo",
                transport: any HTTPTransport = AsyncHTTPTransport()) async throws -> SignedIn {
        let signedIn = try instance(name, options, transport: transport)
        let success = try await signedIn.client.walk(JourneyRequest(.journey("Login"))) { step in
            try DemoAMJourneyTests.answer(step, ["User Name=\(user)", "Password=\(Self.passwords[user] ?? "")"])
        }
        try signedIn.instance.save(StoredSession(success: success, userName: user), on: signedIn.server)
        let tokens = try await signedIn.oauth.signIn(ssoToken: try #require(success.tokenId)).tokens
        try signedIn.instance.save(StoredTokens(tokens: tokens, endpoints: signedIn.oauth.endpoints), on: signedIn.server,
                                   clientId: signedIn.oauth.configuration.clientId)
        try signedIn.instance.save(await signedIn.client.cookieJar, on: signedIn.server)
        return signedIn
    }

    /// The current TOTP code of a built-in user.
    static func code(of user: String = "demo") throws -> String {
        let secret = try #require(totpSecrets[user])
        return try #require(TOTP.code(secret: secret))
    }

    /// A six-digit code that is none of the user's codes for the windows the demo accepts.
    static func wrongCode(of user: String = "demo") throws -> String {
        let secret = try #require(totpSecrets[user])
        let valid = Set([-60.0, -30, 0, 30, 60].compactMap { TOTP.code(secret: secret, at: Date().addingTimeInterval($0)) })
        return try #require((0..<10).map { String(repeating: String($0), count: 6) }.first { !valid.contains($0) })
    }
}

/// One instance with its own client (its cookie jar) and OAuth client.
struct SignedIn {
    let instance: ClientInstance
    let server: ServerConfiguration
    let options: JourneyOptions
    let client: JourneyClient
    let oauth: OAuthClient

    var session: StoredSession? { get throws { try instance.session(on: server) } }
    var tokens: StoredTokens? { get throws { try instance.tokens(on: server, clientId: oauth.configuration.clientId) } }

    /// Calls the resource through a `ResourceRunner`, answering journeys from `answers`
    /// (`PROMPT=VALUE`); returns the outcome, the hops reported and the journeys walked.
    func call(_ call: ResourceCall, answers: [String] = [], presenting choice: ResourceRunner.CredentialChoice = .automatic)
        async -> (outcome: ResourceOutcome, hops: [ResourceHop], journeys: [JourneyRequest]) {
        let runner = ResourceRunner(instance: instance, client: client, oauth: oauth, signInJourney: "Login")
        var hops: [ResourceHop] = []
        var journeys: [JourneyRequest] = []
        let outcome = await runner.run(call, presenting: choice, walk: { journey in
            journeys.append(journey)
            do {
                return .success(try await client.walk(journey) { step in try DemoAMJourneyTests.answer(step, answers) })
            } catch let error as JourneyError {
                return .failure(error)
            } catch {
                Issue.record("the walk failed with \(error)")
                return .failure(.cancelled)
            }
        }, report: { hops.append($0) })
        return (outcome, hops, journeys)
    }
}

extension ResourceOutcome {
    /// The answer's status and JSON body, when the resource answered.
    var answer: (status: Int, json: JSONValue?)? {
        guard case .answered(let response) = self else { return nil }
        return (response.status, try? JSONValue.parse(response.body))
    }
}
