import DemoAM
import Foundation
import JourneyEngine
import Orchestrate
import Synchronization
import Testing

/// `cookieCache` against the demo AM over loopback HTTP, and `oauthCache` in front of the
/// file-backed token store, each with a clock the test moves.
@Suite struct InstanceCachingTests {
    // MARK: cookieCache

    /// What a cookieCache test works with: an instance signed in at a demo AM, the clock it
    /// reads (set to when the session was obtained), and a client that logs its requests.
    struct SignedIn {
        let instance: ClientInstance
        let server: ServerConfiguration
        let clock: TestClock
        let log: RequestLog
        let client: JourneyClient
    }

    /// Runs `body` with an instance of this `cookieCache` signed in at a fresh demo AM; with
    /// `endedBehindItsBack`, AM has logged its session out without the instance knowing.
    static func withSignedIn(cookieCache: String, endedBehindItsBack: Bool, _ body: (SignedIn) async throws -> Void) async throws {
        let demo = try await DemoAM.start(DemoAMConfiguration(port: 0))
        do {
            let clock = TestClock()
            let options = try InstanceLifecycleTests.options(demo.baseURL, [.cookieCache: cookieCache])
            let instance = try ClientInstance(name: "lab", backend: MemoryRecordStore(), options: options, now: clock.read)
            try await InstanceLifecycleTests.signIn(instance, options)
            let server = try options.serverConfiguration()
            let stored = try #require(try instance.session(on: server))
            clock.set(stored.created)
            if endedBehindItsBack {
                #expect(try await JourneyClient(server: server).logout(tokenId: try #require(stored.success.tokenId)) == .loggedOut)
            }
            let log = RequestLog()
            let client = JourneyClient(server: server, transport: log.transport, cookieJar: try instance.cookies(on: server))
            try await body(SignedIn(instance: instance, server: server, clock: clock, log: log, client: client))
        } catch {
            await demo.stop()
            throw error
        }
        await demo.stop()
    }

    @Test func withCookieCacheZeroAStoredSessionIsCheckedAndAnEndedOneForgotten() async throws {
        try await Self.withSignedIn(cookieCache: "0", endedBehindItsBack: true) { lab in
            let check = try await lab.instance.checkedSession(through: lab.client)
            guard case .ended(let ended) = check else {
                Issue.record("expected the ended session, got \(String(describing: check))")
                return
            }
            #expect(ended.userName == "demo")
            #expect(lab.log.actions == ["validate"])
            #expect(try lab.instance.session(on: lab.server) == nil)
            #expect(try lab.instance.cookies(on: lab.server).cookies.isEmpty)
            #expect(await lab.client.cookieJar.cookies.isEmpty, "the jar is not saved back with the dead session's cookie")
            #expect(try lab.instance.tokens(on: lab.server, clientId: "journeyterm") != nil, "tokens stay: they can still be refreshed")
            #expect(try await lab.instance.checkedSession(through: lab.client) == nil)
        }
    }

    @Test func withCookieCacheAStoredSessionIsTrustedWithoutARequestUntilItsTimeIsUp() async throws {
        try await Self.withSignedIn(cookieCache: "300", endedBehindItsBack: true) { lab in
            lab.clock.advance(by: 299)
            guard case .trusted(let trusted, let age) = try await lab.instance.checkedSession(through: lab.client) else {
                Issue.record("expected the session to be trusted")
                return
            }
            #expect(trusted.success.tokenId != nil)
            #expect(age == 299)
            #expect(lab.log.actions.isEmpty, "AM is not asked within cookieCache")

            lab.clock.advance(by: 1)
            let after = try await lab.instance.checkedSession(through: lab.client)
            #expect(after.map { if case .ended = $0 { true } else { false } } == true)
            #expect(lab.log.actions == ["validate"])
            #expect(try lab.instance.session(on: lab.server) == nil)
        }
    }

    @Test func aConfirmedSessionRecordsItsCheckAndIsTrustedFromThen() async throws {
        try await Self.withSignedIn(cookieCache: "60", endedBehindItsBack: false) { lab in
            lab.clock.advance(by: 90)
            let confirmed = try await lab.instance.checkedSession(through: lab.client)
            #expect(confirmed == .confirmed(try #require(try lab.instance.session(on: lab.server))))
            #expect(try lab.instance.session(on: lab.server)?.checked == lab.clock.read())
            #expect(lab.log.actions == ["validate"])

            lab.clock.advance(by: 59)
            guard case .trusted(_, let age) = try await lab.instance.checkedSession(through: lab.client) else {
                Issue.record("expected the checked session to be trusted")
                return
            }
            #expect(age == 59, "measured from the check, not from the sign-in")
            #expect(lab.log.actions == ["validate"])
        }
    }

    // MARK: oauthCache

    static func tokens(_ accessToken: String) -> StoredTokens {
        var changed = OAuthTokens.sample(refreshToken: "refresh")
        changed.accessToken = accessToken
        let server = try! ServerConfiguration(url: "http://127.0.0.1:8180/am")
        return StoredTokens(tokens: changed, endpoints: .standard(for: server))
    }

    /// An instance with this `oauthCache` and a clock the test moves, and another instance
    /// writing the same token store in the same folder (as another process would).
    static func withTokenStore(oauthCache: String,
                               _ body: (_ instance: ClientInstance, _ elsewhere: ClientInstance, ServerConfiguration, TestClock) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "journeyterm-caching-\(UUID().uuidString)", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let clock = TestClock()
        let options = try JourneyOptions(values: [.url: .text("http://127.0.0.1:8180/am"), .oauthCache: .text(oauthCache)])
        let instance = try ClientInstance(name: "ui", backend: try FileRecordStore(folder: folder), options: options, now: clock.read)
        let elsewhere = try ClientInstance(name: "cli", backend: try FileRecordStore(folder: folder))
        try body(instance, elsewhere, try options.serverConfiguration(), clock)
    }

    @Test func oauthCacheReusesTheTokensItReadUntilItsTimeIsUp() throws {
        try Self.withTokenStore(oauthCache: "60") { cached, elsewhere, server, clock in
            try elsewhere.save(Self.tokens("first"), on: server, clientId: "app")
            #expect(try cached.tokens(on: server, clientId: "app")?.tokens.accessToken == "first")
            try elsewhere.save(Self.tokens("second"), on: server, clientId: "app")
            clock.advance(by: 59)
            #expect(try cached.tokens(on: server, clientId: "app")?.tokens.accessToken == "first", "within oauthCache: not read again")
            clock.advance(by: 1)
            #expect(try cached.tokens(on: server, clientId: "app")?.tokens.accessToken == "second", "after oauthCache: read again")

            // What the instance saves itself is what it reuses; what it forgets is gone at once.
            try cached.save(Self.tokens("third"), on: server, clientId: "app")
            try elsewhere.save(Self.tokens("fourth"), on: server, clientId: "app")
            #expect(try cached.tokens(on: server, clientId: "app")?.tokens.accessToken == "third")
            try cached.forget(tokensOn: server, clientId: "app")
            #expect(try cached.tokens(on: server, clientId: "app") == nil)
        }
    }

    @Test func oauthCacheZeroReadsTheStoreEveryTime() throws {
        try Self.withTokenStore(oauthCache: "0") { instance, elsewhere, server, _ in
            try elsewhere.save(Self.tokens("first"), on: server, clientId: "app")
            #expect(try instance.tokens(on: server, clientId: "app")?.tokens.accessToken == "first")
            try elsewhere.save(Self.tokens("second"), on: server, clientId: "app")
            #expect(try instance.tokens(on: server, clientId: "app")?.tokens.accessToken == "second")
        }
    }
}

/// A clock a test moves by hand.
final class TestClock: Sendable {
    private let now = Mutex(Date())

    var read: @Sendable () -> Date { { self.now.withLock { $0 } } }

    func set(_ date: Date) {
        now.withLock { $0 = date }
    }

    func advance(by seconds: TimeInterval) {
        now.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}

/// The requests a client sent over real HTTP, by AM session action (`?_action=…`).
final class RequestLog: Sendable {
    private let requests = Mutex<[HTTPRequest]>([])

    var transport: LoggingTransport { LoggingTransport(log: self) }

    /// Each request's `_action` query parameter, or its path when it has none.
    var actions: [String] {
        requests.withLock { $0 }.map { request in
            URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "_action" }?.value
                ?? request.url.path()
        }
    }

    fileprivate func append(_ request: HTTPRequest) {
        requests.withLock { $0.append(request) }
    }
}

/// Sends through `AsyncHTTPTransport` and notes each request in a `RequestLog`.
struct LoggingTransport: HTTPTransport {
    let log: RequestLog
    private let real = AsyncHTTPTransport()

    init(log: RequestLog) {
        self.log = log
    }

    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        log.append(request)
        return try await real.send(request)
    }
}
