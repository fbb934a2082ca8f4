import Testing
@testable import JourneyTesting

/// What a test's answers get from the run itself: `${unique}` (a value of each run and case, for
/// what a run creates) and `{command: …}` (a shell command run when the page arrives, such as
/// one reading a code from the demo's outbox). Against the demo AM and PingOne over HTTP.
struct GeneratedAnswersTests {
    static let registration = """
    name: Sign up
    journey: Registration
    steps:
      - stage: Registration
        answers:
          Username: ${unique}
          First Name: Test
          Last Name: Person
          Email Address: ${unique}@example.com
          Password: Sign-up-pass1
          IDToken7question: What's your favorite color?
          IDToken7answer: blue
          IDToken8question: Who was your first employer?
          IDToken8answer: Acme
          terms: "true"
    cases:
      - {first: one}
      - {first: two}
    """

    @Test func uniqueIsNewForEachCaseAndRunSoRegistrationPassesTwice() async throws {
        try await DemoAMServer.with { server in
            let first = try await server.run(Self.registration)
            let again = try await server.run(Self.registration)
            #expect((first + again).map(\.passed) == [true, true, true, true], "\((first + again).flatMap(\.failures).map(\.message))")
            let values = try server.prepare(Self.registration) + server.prepare(Self.registration)
            let rendered = try values.map { try TestTemplate(parsing: "${unique}").render(in: $0.scope) }
            #expect(Set(rendered).count == 4)
            #expect(rendered.allSatisfy { $0.count == 10 && $0.allSatisfy { $0.isLowercase || $0.isNumber } }, "\(rendered)")
        }
    }

    @Test func aVariableNamedUniqueKeepsItsValue() async throws {
        try await DemoAMServer.with { server in
            let prepared = try #require(try server.prepare("name: x\nvars: {unique: mine}\n").first)
            #expect(try TestTemplate(parsing: "${unique}").render(in: prepared.scope) == "mine")
        }
    }

    /// alice's code is "sent" when her password is taken: only a command run when the code's
    /// form arrives can read it from the outbox (the only code there on a new demo server).
    @Test func aCommandAnswerReadsTheCodeWhenItsFormArrives() async throws {
        try await DemoAMServer.with { server in
            let outbox = server.demo.pingOneDiscoveryEndpoint.replacingOccurrences(of: "/as/.well-known/openid-configuration", with: "/demo/outbox")
            let yaml = server.flowTest("""
            name: Code
            steps:
              - answers: {username: alice, password: Alice-pass1}
              - stage: One-time code
                answers:
                  otp: {command: "curl -fsS \(outbox) | grep -o '[0-9]\\\\{6\\\\}' | tail -n 1"}
            expect: {claims: {sub: alice}}
            """)
            let result = try #require(try await server.run(yaml).first)
            #expect(result.passed, "\(result.failures.map(\.message))")
            let failing = try #require(try await server.run(yaml.replacingOccurrences(of: "curl -fsS", with: "exit 3; curl")).first)
            #expect(failing.failures.map(\.message) == ["step 2: expected answers.otp.command `a value on its output`, got `the command exited with 3`"])
        }
    }

    @Test func aCommandAnswersAJourneyPage() async throws {
        try await DemoAMServer.with { server in
            let result = try #require(try await server.run("""
            name: Password from a command
            steps:
              - answers: {User Name: demo, Password: {command: "echo ignored; echo Demo-pass1"}}
            """).first)
            #expect(result.passed, "\(result.failures.map(\.message))")
        }
    }

    @Test func aCommandWhereNoPageArrivesIsRefusedWithItsLine() throws {
        for (yaml, line, key) in [
            ("name: x\nvars:\n  user: {command: echo demo}\n", 3, "vars.user"),
            ("name: x\ncases:\n  - {user: {command: echo demo}}\n", 3, "cases[1].user"),
            ("name: x\nexpect:\n  request:\n    url: http://x\n    answers: {Code: {command: echo 1}}\n", 5, "expect.request.answers.Code"),
            ("name: x\nsteps:\n  - answers: {Code: {run: echo 1}}\n", 3, "steps[1].answers.Code"),
        ] {
            let error = try #require(throws: TestFileError.self) { try TestFileReader(file: "t.yaml").tests(in: yaml) }
            #expect(error.line == line && error.key == key && error.problem.contains("{command: "), "\(error)")
        }
    }

    /// demo-session-only ends signed on at PingOne without a code: no tokens, a failed sign-on
    /// as `journey login` counts it, which a test can expect.
    @Test func aFlowEndingWithoutACodeIsAnExpectedFailure() async throws {
        try await DemoAMServer.with { server in
            let result = try #require(try await server.run(server.flowTest("""
            name: Session only
            steps:
              - answers: {username: demo, password: Demo-pass1, Work phone: US 5551234567 ext 42}
            expect: {outcome: failure, message: without an authorization code}
            """).replacingOccurrences(of: "flow: default", with: "flow: demo-session-only")).first)
            #expect(result.passed, "\(result.failures.map(\.message))")
        }
    }
}
