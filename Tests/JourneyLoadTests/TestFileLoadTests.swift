import DemoAM
import Foundation
import JourneyEngine
import JourneyLoad
import JourneyTesting
import Orchestrate
import TestPorts
import Testing

/// `journey load PATHS…`: test files run as load against the demo AM over real HTTP on loopback,
/// each virtual user keeping its client instance across its iterations.
struct TestFileLoadTests {
    /// A password sign-in whose session gets OAuth tokens, then a call to the demo API with them.
    static let profile = """
    name: Profile
    journey: Login
    oauthClientId: journeyterm
    oauthRedirectUri: urn:journeyterm:callback
    oauthScope: openid profile email
    steps:
      - stage: UsernamePassword
        answers: {User Name: demo, Password: Demo-pass1}
    expect:
      outcome: success
      request:
        url: ${origin}/api/profile
        status: 200
    """

    static func cases(_ yaml: String, url: String) throws -> [PreparedCase] {
        try TestFileReader(file: "load.yaml").tests(in: yaml).flatMap { test in
            try PreparedCase.prepare(test, overrides: .init(url: url), environment: [:])
        }
    }

    static func iterations(_ count: Int, of scenario: TestFileScenario) async -> [IterationResult] {
        let user = scenario.makeVirtualUser(number: 0)
        var results: [IterationResult] = []
        for _ in 0..<count { results.append(await user.runIteration(variables: [:], pacing: StepPacing())) }
        return results
    }

    @Test func aVirtualUserKeepsItsInstanceSoItsNewTokensRevokeTheLastIterations() async throws {
        try await DemoAM.running { demo in
            let scenario = try TestFileScenario(cases: try Self.cases(Self.profile, url: demo.baseURL))
            let results = await Self.iterations(3, of: scenario)
            #expect(results.map(\.failure) == [nil, nil, nil])
            #expect(results.map { $0.steps.map(\.name) } == Array(repeating: ["start", "UsernamePassword"], count: 3))
            // Each sign-in's tokens displace those the instance kept from the last one's session,
            // which are revoked as the SDKs revoke them: only a kept instance has any to displace.
            #expect(await demo.revocations().tokensRevoked.count >= 2)
        }
    }

    @Test func signingInOnceRepeatsOnlyTheRequestWithTheKeptSession() async throws {
        try await DemoAM.running { demo in
            let scenario = try TestFileScenario(cases: try Self.cases(Self.profile, url: demo.baseURL), signIn: .once)
            let results = await Self.iterations(3, of: scenario)
            #expect(results.map(\.failure) == [nil, nil, nil])
            #expect(results.map { $0.steps.map(\.name) } == [["start", "UsernamePassword"], ["request"], ["request"]])
        }
    }

    @Test func signingInOnceRefreshesATokenDueWithinTheThreshold() async throws {
        // Tokens that work 10 s are due at once under the default threshold of 30 s.
        try await DemoAM.running(DemoAMConfiguration(port: 0, accessTokenLifetime: .seconds(10))) { demo in
            let scenario = try TestFileScenario(cases: try Self.cases(Self.profile, url: demo.baseURL), signIn: .once)
            let summary = await LoadRunner(plan: LoadPlan(users: 1, stop: .iterations(3)), scenario: scenario).run()
            #expect(summary.errors == 0)
            #expect(summary.steps.first { $0.name == "token refresh" }?.latency.count == 2)
            #expect(summary.steps.first { $0.name == "request" }?.latency.count == 2)
        }
    }

    @Test func aRenewalRefusedWithTheSessionEndedIsAnAMFailureOnTokenRefresh() async throws {
        // Refresh tokens that no longer work the moment they are issued, and tokens always due.
        let configuration = DemoAMConfiguration(port: 0, accessTokenLifetime: .seconds(10), refreshTokenLifetime: .zero)
        try await DemoAM.running(configuration) { demo in
            let prepared = try #require(try Self.cases(Self.profile, url: demo.baseURL).first)
            guard case .journey(_, let server, _) = prepared.target else { Issue.record("not a journey"); return }
            let client = JourneyClient(server: server)
            let instance = try ClientInstance(name: "load-test", backend: MemoryRecordStore(), options: prepared.options.journey)
            let signedIn = await TestRunner().run(prepared, client: client, instance: instance)
            #expect(signedIn.passed, "\(signedIn.failures.map(\.message))")
            let tokenId = try #require(try instance.session(on: server)?.success.tokenId)
            _ = try await client.logout(tokenId: tokenId)

            let call = await KeptSessionRequest(prepared).run(client: client, instance: instance)
            let iteration = TestFileScenario.iteration(from: call)
            #expect(iteration.steps.map(\.name) == ["token refresh"])
            #expect(iteration.failure?.kind == .amFailure)
            #expect(iteration.steps.first?.failure == iteration.failure)
        }
    }

    @Test func signingInOnceIsRefusedForATestWithoutARequest() throws {
        let bare = Self.profile.components(separatedBy: "  request:")[0]
        let cases = try Self.cases(bare, url: "http://127.0.0.1:8180/am")
        let error = #expect(throws: TestFileScenarioError.self) { try TestFileScenario(cases: cases, signIn: .once) }
        #expect(error?.description.contains("the test Profile (load.yaml) has none: add a request: to it") == true)
        #expect(throws: Never.self) { try TestFileScenario(cases: cases, signIn: .every) }
    }

    @Test func aRefusedPasswordIsAnAMFailureAndAWrongPageAnExpectation() async throws {
        try await DemoAM.running { demo in
            let refused = Self.profile.replacingOccurrences(of: "Password: Demo-pass1", with: "Password: Wrong-pass1")
            let wrongPage = Self.profile.replacingOccurrences(of: "stage: UsernamePassword", with: "stage: OneTimePassword")
            var kinds: [FailureKind?] = []
            for yaml in [refused, wrongPage] {
                let scenario = try TestFileScenario(cases: try Self.cases(yaml, url: demo.baseURL))
                kinds.append(await Self.iterations(1, of: scenario)[0].failure?.kind)
            }
            #expect(kinds == [.amFailure, .expectation])
        }
    }

    @Test func aJourneyAMDoesNotKnowIsItsHTTPStatus() async throws {
        try await DemoAM.running { demo in
            let unknown = Self.profile.replacingOccurrences(of: "journey: Login", with: "journey: NoSuchJourney")
            let result = await Self.iterations(1, of: try TestFileScenario(cases: try Self.cases(unknown, url: demo.baseURL)))[0]
            #expect(result.failure?.kind == .httpStatus(400))
        }
    }

    @Test func aClosedPortIsAConnectionError() async throws {
        let closed = ClosedPort()
        let scenario = try TestFileScenario(cases: try Self.cases(Self.profile, url: closed.url("/am")))
        let result = await Self.iterations(1, of: scenario)[0]
        #expect(result.failure?.kind == .connection)
        #expect(result.failure?.message.contains("outcome") == true)
    }

    @Test func anAPIThatCannotBeReachedIsAConnectionErrorAndAMismatchedStatusAnExpectation() async throws {
        let closed = ClosedPort()
        try await DemoAM.running { demo in
            let unreachable = Self.profile.replacingOccurrences(of: "${origin}/api/profile", with: closed.url("/api/profile"))
            let wrongStatus = Self.profile.replacingOccurrences(of: "status: 200", with: "status: 201")
            var kinds: [FailureKind?] = []
            for yaml in [unreachable, wrongStatus] {
                let scenario = try TestFileScenario(cases: try Self.cases(yaml, url: demo.baseURL))
                kinds.append(await Self.iterations(1, of: scenario)[0].failure?.kind)
            }
            #expect(kinds == [.connection, .expectation])
        }
    }

    @Test func signingInOnceKeepsTheRowItSignedInWithForItsCalls() async throws {
        let closed = ClosedPort()
        try await DemoAM.running { demo in
            let yaml = Self.profile.replacingOccurrences(of: "${origin}/api/profile", with: "${api}/api/profile")
                + "\nvars: {api: \"${origin}\"}\n"
            let scenario = try TestFileScenario(cases: try Self.cases(yaml, url: demo.baseURL), signIn: .once)
            let user = scenario.makeVirtualUser(number: 0)
            let signedIn = await user.runIteration(variables: ["api": demo.baseURL.replacingOccurrences(of: "/am", with: "")], pacing: StepPacing())
            // The next row is another person's; the kept session's calls stay the first row's.
            let call = await user.runIteration(variables: ["api": closed.url("")], pacing: StepPacing())
            #expect(signedIn.failure == nil)
            #expect(call.steps.map(\.name) == ["request"])
            #expect(call.failure == nil, "\(String(describing: call.failure))")
        }
    }
}
