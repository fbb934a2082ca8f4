import Testing
@testable import JourneyTesting

/// Tests run against the demo AM over HTTP: what passes, and what a failure says.
struct TestRunnerTests {
    static let login = """
    name: Login
    journey: Login
    steps:
      - stage: UsernamePassword
        callbacks: [NameCallback, PasswordCallback]
        prompts: [User Name, Password]
        answers: {User Name: demo, Password: Demo-pass1}
    expect: {outcome: success, within: 30s}
    """

    @Test func aPasswordSignInPasses() async throws {
        try await DemoAMServer.with { server in
            let result = try #require(try await server.run(Self.login).first)
            #expect(result.passed, "\(result.failures.map(\.message))")
            #expect(result.steps.map(\.step) == [1] && result.steps.first?.stage == "UsernamePassword")
            #expect(result.trace.isEmpty, "a passing test keeps no trace")
        }
    }

    @Test func aBrokenExpectationNamesTheStepAndTheDifference() async throws {
        try await DemoAMServer.with { server in
            let broken = Self.login.replacingOccurrences(of: "stage: UsernamePassword", with: "stage: OneTimePassword")
            let result = try #require(try await server.run(broken).first)
            #expect(!result.passed)
            let failure = try #require(result.failures.first)
            #expect(failure.message == "step 1: expected stage `OneTimePassword`, got `UsernamePassword`")
            #expect(failure.details.first == "the page's callbacks: NameCallback \"User Name\", PasswordCallback \"Password\"")
            #expect(result.trace.first?.hasPrefix("→ POST ") == true, "the failed run's exchanges are its trace")
        }
    }

    @Test func aWrongPasswordIsAFailureWithAMsMessage() async throws {
        try await DemoAMServer.with { server in
            let wrong = """
            name: Wrong password
            steps:
              - answers: {User Name: demo, Password: Wrong-pass1}
            expect: {outcome: failure, message: login failure}
            """
            let passed = try #require(try await server.run(wrong).first)
            #expect(passed.passed, "\(passed.failures.map(\.message))")
            let expectedSuccess = try #require(try await server.run(wrong.replacingOccurrences(of: "outcome: failure, message: login failure",
                                                                                             with: "outcome: success")).first)
            #expect(expectedSuccess.failures.map(\.message) == ["step 1: expected outcome `success`, got `failure`"])
            #expect(expectedSuccess.failures.first?.details == ["the server's message: Login failure"])
            #expect(expectedSuccess.trace.allSatisfy { !$0.contains("Wrong-pass1") }, "the password is redacted in the trace")
            #expect(expectedSuccess.trace.contains { $0.contains("‹redacted›") })
        }
    }

    @Test func aMissingPageAndAnExtraPageAreNamed() async throws {
        try await DemoAMServer.with { server in
            let extra = try #require(try await server.run("""
            name: Too few steps
            journey: SecondFactor
            steps:
              - answers: {User Name: demo, Password: Demo-pass1}
            """).first)
            #expect(extra.failures.map(\.message) == ["step 2: expected steps `the run to end after 1 pages`, got `another page (stage SecondFactorChoice)`"])
            let missing = try #require(try await server.run("""
            name: Too many steps
            steps:
              - answers: {User Name: demo, Password: Demo-pass1}
              - stage: OneTimePassword
            """).first)
            #expect(missing.failures.map(\.message) == ["step 2: expected steps `a page with stage OneTimePassword`, got `the run ended after 1 pages`"])
        }
    }

    @Test func eachCaseRunsWithItsVariables() async throws {
        try await DemoAMServer.with { server in
            let results = try await server.run("""
            name: Users
            vars: {password: Demo-pass1}
            steps:
              - answers: {User Name: "${user}", Password: "${password}"}
            cases:
              - {user: demo}
              - {user: alice, password: Alice-pass1}
              - {user: alice}
            """)
            #expect(results.map(\.displayName) == ["Users [case 1: user=demo]", "Users [case 2: user=alice, password=‹redacted›]", "Users [case 3: user=alice]"])
            #expect(results.map(\.passed) == [true, true, false])
        }
    }

    @Test func aTOTPCodeAndTheTokensClaimsPass() async throws {
        try await DemoAMServer.with { server in
            let yaml = """
            name: Second factor
            \(DemoAMServer.oauth)
            journey: SecondFactor
            steps:
              - answers: {User Name: demo, Password: Demo-pass1}
              - stage: SecondFactorChoice
                answers: {ChoiceCallback: Authenticator app}
              - stage: OneTimePassword
                answers: {Enter verification code: "${totp:JBSWY3DPEHPK3PXP}"}
            expect:
              claims: {auth_level: 10, amr: [otp, pwd]}
            """
            let result = try #require(try await server.run(yaml).first)
            #expect(result.passed, "\(result.failures.map(\.message))")
            let wrongClaims = try #require(try await server.run(yaml.replacingOccurrences(of: "auth_level: 10", with: "auth_level: 2")).first)
            #expect(wrongClaims.failures.map(\.message) == ["expected claims.auth_level `2`, got `10`"])
        }
    }

    @Test func aRequestStepsUpWithATOTPCode() async throws {
        try await DemoAMServer.with { server in
            let yaml = """
            name: Balance
            \(DemoAMServer.oauth)
            steps:
              - answers: {User Name: demo, Password: Demo-pass1}
            expect:
              request:
                url: ${origin}/api/balance
                answers: {Enter verification code: "${totp:JBSWY3DPEHPK3PXP}"}
                status: 200
            """
            let result = try #require(try await server.run(yaml).first)
            #expect(result.passed, "\(result.failures.map(\.message))")
            let noCode = try #require(try await server.run(yaml.replacingOccurrences(of: "answers: {Enter verification code: \"${totp:JBSWY3DPEHPK3PXP}\"}",
                                                                                     with: "method: GET")).first)
            #expect(noCode.failures.map(\.message) == ["expected request.answers `an answer for Enter verification code`, got `none`"])
        }
    }
}
