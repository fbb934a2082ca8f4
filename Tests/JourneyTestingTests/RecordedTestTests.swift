import Foundation
import JourneyEngine
import Orchestrate
import Synchronization
import Testing
@testable import JourneyTesting

/// A journey walked against the demo AM over HTTP, saved as a test (`RecordedTest`), read back
/// and run again: it passes with the secrets it names set in the environment.
struct RecordedTestTests {
    @Test func aRecordedSignInIsATestThatPassesAgainWithItsSecretsSet() async throws {
        try await DemoAMServer.with { server in
            let walked = try await Self.walk("""
            name: SocialLogin
            journey: SocialLogin
            steps:
              - answers: {SelectIdPCallback: localAuthentication}
              - answers: {User Name: demo, Password: Demo-pass1}
            """, on: server)
            let recorded = try RecordedTest(RecordedJourney(exchanges: walked), target: .init(url: server.demo.baseURL, realm: "root"))
            #expect(recorded.yaml.contains("""
            name: "SocialLogin signs in"
            url: "\(server.demo.baseURL)"
            realm: "root"
            journey: "SocialLogin"
            steps:
              - stage: "SocialLoginProvider"
                callbacks: ["SelectIdPCallback"]
            """), "\(recorded.yaml)")
            #expect(recorded.yaml.contains("""
              - stage: "UsernamePassword"
                callbacks: ["NameCallback", "PasswordCallback"]
                prompts: ["User Name", "Password"]
                answers:
                  "User Name": "demo"
                  "Password": "${env:TEST_PASSWORD}"
            expect:
              outcome: success
            """), "\(recorded.yaml)")
            #expect(!recorded.yaml.contains("Demo-pass1"), "the password is never written")
            #expect(recorded.variables == [RecordedTest.Variable(name: "TEST_PASSWORD", key: "Password", step: 2)])
            #expect(recorded.notice == "set TEST_PASSWORD (Password, step 2) before it runs")

            let tests = try TestFileReader(file: "recorded.yaml").tests(in: recorded.yaml)
            #expect(throws: TestFileError.self, "a secret not set stops the run before anything is sent") {
                try PreparedCase.prepare(tests[0], environment: [:])
            }
            let prepared = try PreparedCase.prepare(tests[0], environment: ["TEST_PASSWORD": "Demo-pass1"])
            let result = await TestRunner().run(prepared[0])
            #expect(result.passed, "\(result.failures.map(\.message))")
            #expect(result.steps.map(\.stage) == ["SocialLoginProvider", "UsernamePassword"])
        }
    }

    @Test func aRecordedFailureExpectsItsMessageAndOneVariableForTheSameCode() async throws {
        try await DemoAMServer.with { server in
            let walked = try await Self.walk("""
            name: StepUp
            journey: StepUp
            steps:
              - answers: {User Name: alice, Password: Alice-pass1}
              - answers: {Enter verification code: "12345"}
              - answers: {Enter verification code: "12345"}
              - answers: {Enter verification code: "12345"}
            expect: {outcome: failure}
            """, on: server)
            let recorded = try RecordedTest(RecordedJourney(exchanges: walked), target: .init(profile: "lab"))
            #expect(recorded.yaml.contains("name: \"StepUp fails\"\nprofile: \"lab\"\njourney: \"StepUp\"\n"), "\(recorded.yaml)")
            #expect(recorded.yaml.hasSuffix("expect:\n  outcome: failure\n  message: \"Login failure\"\n"), "AM's message: \(recorded.yaml)")
            #expect(recorded.variables.map(\.name) == ["TEST_PASSWORD", "TEST_ENTER_VERIFICATION_CODE"], "one variable for a code sent three times")
            #expect(recorded.yaml.components(separatedBy: "\"Enter verification code\": \"${env:TEST_ENTER_VERIFICATION_CODE}\"").count == 4)

            let runnable = try RecordedTest(RecordedJourney(exchanges: walked), target: .init(url: server.demo.baseURL))
            let tests = try TestFileReader(file: "recorded.yaml").tests(in: runnable.yaml)
            let prepared = try PreparedCase.prepare(tests[0], environment: ["TEST_PASSWORD": "Alice-pass1", "TEST_ENTER_VERIFICATION_CODE": "12345"])
            let result = await TestRunner().run(prepared[0])
            #expect(result.passed, "\(result.failures.map(\.message))")
        }
    }

    @Test func aJourneyThatHasNotEndedIsNotRecorded() async throws {
        try await DemoAMServer.with { server in
            let walked = try await Self.walk("""
            name: Unfinished
            journey: SecondFactor
            steps:
              - answers: {User Name: demo, Password: Demo-pass1}
            """, on: server)
            #expect(throws: RecordedTest.Problem.self) {
                try RecordedTest(RecordedJourney(exchanges: walked), target: .init(profile: "lab"))
            }
        }
    }

    /// Runs `yaml` against the demo AM and returns every exchange its client made.
    private static func walk(_ yaml: String, after earlier: String? = nil, on server: DemoAMServer) async throws -> [WireExchange] {
        let prepared = try #require(try server.prepare(yaml).first)
        guard case .journey(_, let configuration, _) = prepared.target else { throw RecordingFailed() }
        let kept = Exchanges()
        let client = JourneyClient(server: configuration, wireTap: kept.tap)
        let instance = try ClientInstance(name: "recorded", backend: MemoryRecordStore(), options: prepared.options.journey)
        // One client for both: the later journey starts with the session the earlier one left in its jar.
        if let earlier { _ = await TestRunner().run(try #require(try server.prepare(earlier).first), client: client, instance: instance) }
        _ = await TestRunner().run(prepared, client: client, instance: instance)
        return kept.all
    }

    /// A step-up recorded alone would start without the session it stepped up: the file and
    /// the notice say it needs a sign-in first.
    @Test func aRecordedStepUpSaysItNeedsASignInFirst() async throws {
        try await DemoAMServer.with { server in
            let stepUp = "name: StepUp\njourney: StepUp\nsteps:\n  - answers: {Enter verification code: \"${totp:JBSWY3DPEHPK3PXP}\"}\n"
            let login = "name: Login\njourney: Login\nsteps:\n  - answers: {User Name: demo, Password: Demo-pass1}\n"
            let walked = try await Self.walk(stepUp, after: login, on: server)
            let recorded = try RecordedTest(RecordedJourney(exchanges: walked), target: .init(url: server.demo.baseURL, realm: "root"))
            #expect(recorded.yaml.contains("journey: \"StepUp\""), "\(recorded.yaml)")
            #expect(recorded.needsSignInFirst)
            #expect(recorded.yaml.contains("# This journey stepped up a session signed in before it"), "\(recorded.yaml)")
            #expect(recorded.notice?.contains("it steps up a session signed in before it: sign in first") == true, "\(recorded.notice ?? "")")

            let alone = try await Self.walk(login, on: server)
            #expect(!(try RecordedTest(RecordedJourney(exchanges: alone), target: .init(url: server.demo.baseURL)).needsSignInFirst))
        }
    }

    private struct RecordingFailed: Error {}

    private final class Exchanges: Sendable {
        private let kept = Mutex<[WireExchange]>([])
        var tap: WireTap { { [self] exchange in kept.withLock { $0.append(exchange) } } }
        var all: [WireExchange] { kept.withLock { $0 } }
    }
}
