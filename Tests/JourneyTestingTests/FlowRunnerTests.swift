import Testing
@testable import JourneyTesting

/// DaVinci flows as tests, against the demo PingOne beside the demo AM: forms by name, fields by
/// key or label, the flow's outcome.
struct FlowRunnerTests {
    @Test func aSignOnFormPassesAndAWrongFormNameNamesTheStep() async throws {
        try await DemoAMServer.with { server in
            let yaml = server.flowTest("""
            name: Sign on
            steps:
              - stage: Sign On
                prompts: [Username, Password]
                contains: [TEXT, PASSWORD, SUBMIT_BUTTON]
                answers: {username: demo, Password: Demo-pass1}
            expect: {outcome: success}
            """)
            let result = try #require(try await server.run(yaml).first)
            #expect(result.passed, "\(result.failures.map(\.message))")
            #expect(result.steps.map(\.stage) == ["Sign On"])
            let broken = try #require(try await server.run(yaml.replacingOccurrences(of: "stage: Sign On", with: "stage: Sign In")).first)
            #expect(broken.failures.map(\.message) == ["step 1: expected stage `Sign In`, got `Sign On`"])
            #expect(broken.failures.first?.details.first?.hasPrefix("the form's fields: LABEL") == true)
        }
    }

    @Test func aSecondFormACheckboxAndAFailedFlow() async throws {
        try await DemoAMServer.with { server in
            let terms = try #require(try await server.run(server.flowTest("""
            name: Terms
            steps:
              - answers: {username: bob, password: Bob-pass1}
              - stage: Terms of use
                answers: {acceptTerms: "yes"}
            """)).first)
            #expect(terms.passed, "\(terms.failures.map(\.message))")
            let locked = try #require(try await server.run(server.flowTest("""
            name: Locked
            steps:
              - answers: {username: locked, password: Locked-pass1}
            expect: {outcome: failure, message: locked}
            """)).first)
            #expect(locked.passed, "\(locked.failures.map(\.message))")
            let missing = try #require(try await server.run(server.flowTest("""
            name: No password
            steps:
              - answers: {username: demo}
            """)).first)
            #expect(missing.failures.map(\.message) == ["step 1: expected answers `an answer for Password`, got `none`"])
        }
    }

    @Test func aJourneyKeyOnAFlowIsRefused() async throws {
        try await DemoAMServer.with { server in
            let error = try #require(throws: TestFileError.self) {
                try server.prepare(server.flowTest("name: x\njourney: Login\n").replacingOccurrences(of: "flow: default\n", with: ""))
            }
            #expect(error.key == "journey" && error.problem.contains("flow:"))
        }
    }
}
