import Foundation
import Testing
@testable import JourneyTesting

/// Test files are read key by key: what cannot run is refused with the file, line and key.
struct TestFileReaderTests {
    private func read(_ yaml: String) throws(TestFileError) -> [JourneyTest] {
        try TestFileReader(file: "t.yaml").tests(in: yaml)
    }

    @Test func aTestIsReadWithEveryKey() throws {
        let tests = try read("""
        name: Sign in
        url: http://127.0.0.1:8180/am
        journey: Login
        vars: {user: demo}
        steps:
          - stage: UsernamePassword
            callbacks: [NameCallback, PasswordCallback]
            contains: [PasswordCallback]
            prompts: [User Name, Password]
            answers: {User Name: "${user}", Password: "${env:PW}"}
            within: 500ms
          - resume: {command: echo link}
        expect:
          outcome: failure
          message: Login failure
          within: 2s
          claims: {auth_level: 2, amr: [pwd, otp]}
          request: {url: "${origin}/api/balance", method: post, answers: {Enter verification code: "${totp:JBSWY3DPEHPK3PXP}"}, status: 200}
        cases:
          - {user: alice}
        """)
        let test = try #require(tests.first)
        #expect(test.name == "Sign in" && test.line == 1)
        #expect(test.options[.url]?.description == "http://127.0.0.1:8180/am")
        #expect(test.steps.count == 2 && test.steps[0].line == 6 && test.steps[0].within == .milliseconds(500))
        #expect(test.steps[0].answers.map(\.name) == ["User Name", "Password"])
        #expect(test.steps[0].contains == ["PasswordCallback"])
        #expect(test.expect.outcome == .failure && test.expect.within == .seconds(2))
        #expect(test.expect.claims.map(\.value) == [.value("2"), .list(["pwd", "otp"])])
        #expect(test.expect.request?.method == "POST" && test.expect.request?.status == 200)
        #expect(test.cases.first?.label(number: 1, secret: { _ in false }) == "case 1: user=alice")
    }

    @Test func anUnknownKeyIsRefusedWithItsLine() {
        #expect(throws: TestFileError(file: "t.yaml", line: 4, key: "steps[1].answer",
                                      problem: "unknown key; a step takes stage, callbacks, contains, prompts, answers, within and resume")) {
            try read("""
            name: A typo
            steps:
              - stage: UsernamePassword
                answer: {User Name: demo}
            """)
        }
    }

    @Test func aBadValueIsRefusedWithItsKeyAndLine() throws {
        let error = try #require(throws: TestFileError.self) {
            try read("name: x\nexpect:\n  outcome: passed\n")
        }
        #expect(error.description == "t.yaml:3: expect.outcome: \"passed\" is not an outcome; use success or failure")
        let duration = try #require(throws: TestFileError.self) { try read("name: x\nexpect: {within: soon}\n") }
        #expect(duration.key == "expect.within" && duration.line == 2)
        let totp = try #require(throws: TestFileError.self) {
            try read("name: x\nsteps:\n  - answers: {otp: \"${totp:not base32!}\"}\n")
        }
        #expect(totp.key == "steps[1].answers.otp" && totp.problem.contains("base32"))
    }

    @Test func yamlThatDoesNotParseNamesItsLine() throws {
        let error = try #require(throws: TestFileError.self) { try read("name: x\nsteps:\n  - stage: [a\n") }
        #expect(error.line != nil && error.key == nil && error.problem.hasPrefix("not YAML"), "\(error)")
        #expect(throws: TestFileError.self) { try read("steps: []\n") }
    }

    @Test func aMissingVariableIsRefusedBeforeAnythingRuns() throws {
        let test = try #require(try read("""
        name: x
        url: http://127.0.0.1:1/am
        vars: {user: demo}
        steps:
          - answers: {User Name: "${user}", Password: "${env:TEST_PASSWORD_NOT_SET}"}
        """).first)
        let error = try #require(throws: TestFileError.self) { try PreparedCase.prepare(test, environment: [:]) }
        #expect(error.description == "t.yaml:5: steps[1].answers.Password: ${env:TEST_PASSWORD_NOT_SET} is not set")
        let prepared = try PreparedCase.prepare(test, environment: ["TEST_PASSWORD_NOT_SET": "set"])
        #expect(prepared.count == 1)
        guard case .journey("Login", _, _) = prepared.first?.target else {
            Issue.record("without journey:, the options' authServiceName (Login) runs")
            return
        }
    }

    @Test func aCaseVariableMissingNamesTheCase() throws {
        let test = try #require(try read("""
        name: x
        url: http://127.0.0.1:1/am
        steps:
          - answers: {User Name: "${user}"}
        cases:
          - {user: demo}
          - {other: alice}
        """).first)
        let error = try #require(throws: TestFileError.self) { try PreparedCase.prepare(test, environment: [:]) }
        #expect(error.problem == "${user} is not set (case 2: other=alice)")
    }

    @Test func templatesFillVariablesEnvironmentAndCodes() throws {
        let scope = VariableScope(variables: ["user": try TestTemplate(parsing: "${env:NAME}-x"), "loop": try TestTemplate(parsing: "${loop}")],
                                  environment: ["NAME": "demo"])
        let secrets = SecretValues()
        #expect(try TestTemplate(parsing: "a ${user} b").render(in: scope, secrets: secrets) == "a demo-x b")
        var audit = TemplateAudit(scope: scope)
        #expect(audit.problem(filling: try TestTemplate(parsing: "${loop}")) == "${loop} refers to itself")
        let code = try TestTemplate(parsing: "${totp:JBSWY3DPEHPK3PXP}").render(in: scope, secrets: secrets)
        #expect(code.count == 6 && code.allSatisfy(\.isNumber))
        #expect(secrets.hidden(in: "demo \(code)", replacement: "‹r›") == "‹r› ‹r›")
        #expect(throws: TemplateProblem.self) { try TestTemplate(parsing: "${user") }
    }
}

/// `--profile` and `--url` override what every test names.
struct RunOverrideTests {
    @Test func theProfileAndURLOverridesReplaceTheTests() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "journey-testing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let profiles = folder.appending(path: "profiles.yaml")
        try Data("lab:\n  url: http://127.0.0.1:8181/am\n  realm: alpha\nother:\n  url: http://127.0.0.1:8282/am\n".utf8).write(to: profiles)
        let test = try #require(try TestFileReader(file: "t.yaml").tests(in: "name: x\nprofile: lab\nurl: ${env:NOT_SET_HERE}\n").first)
        let environment = ["JOURNEY_PROFILES": profiles.path]
        #expect(throws: TestFileError.self) { try PreparedCase.prepare(test, environment: environment) }
        let moved = try #require(try PreparedCase.prepare(test, overrides: .init(url: "http://127.0.0.1:9999/am"), environment: environment).first)
        guard case .journey(_, let server, _) = moved.target else { throw TestFileError(file: "", line: nil, key: nil, problem: "not a journey") }
        #expect(server.baseURL.absoluteString == "http://127.0.0.1:9999/am" && server.realm.description.contains("alpha"))
        let other = try #require(try PreparedCase.prepare(test, overrides: .init(profile: "other", url: "http://127.0.0.1:9999/am"),
                                                         environment: environment).first)
        guard case .journey(_, let otherServer, _) = other.target else { throw TestFileError(file: "", line: nil, key: nil, problem: "not a journey") }
        #expect(!otherServer.realm.description.contains("alpha"), "the other profile has no realm alpha")
    }
}

/// A file's problems are all found in one reading, so one run lists every one of them.
struct TestFileEveryProblemTests {
    @Test func everyProblemOfAFileIsFoundInOneReading() {
        let (tests, problems) = TestFileReader(file: "bad.yaml").read("""
        tests:
          - name: one
            journey: Login
            bogus: 1
            steps:
              - stage: A
                colour: red
            expect:
              outcome: sideways
              extra: yes
          - name: two
            unknownkey: x
            realm: root
          - journey: Login
        """)
        #expect(tests.isEmpty, "a file with a problem runs nothing")
        #expect(problems.map(\.description) == [
            "bad.yaml:4: tests[1].bogus: unknown key; a test takes name, profile, journey, flow, vars, secrets, steps, expect, cases and options such as url or realm",
            "bad.yaml:7: tests[1].steps[1].colour: unknown key; a step takes stage, callbacks, contains, prompts, answers, within and resume",
            "bad.yaml:9: tests[1].expect.outcome: \"sideways\" is not an outcome; use success or failure",
            "bad.yaml:10: tests[1].expect.extra: unknown key; expect takes outcome, message, within, claims and request",
            "bad.yaml:12: tests[2].unknownkey: unknown key; a test takes name, profile, journey, flow, vars, secrets, steps, expect, cases and options such as url or realm",
            "bad.yaml:14: tests[3]: a test needs a name:",
        ])
    }

    @Test func aKeyGivenTwiceIsSaidWithoutACopyOfTheFile() {
        let (_, problems) = TestFileReader(file: "twice.yaml").read("name: x\nrealm: root\nrealm: alpha\n")
        #expect(problems.map(\.description) == ["twice.yaml:2: not YAML: the key realm is given twice in one mapping"])
    }

    @Test func aFileThatCannotBeReadSaysWhy() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "reader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = TestFileReader.read(path: folder.appending(path: "missing.yaml").path)
        #expect(missing.problems.map(\.problem) == ["the file cannot be read: no such file"])
        let isFolder = TestFileReader.read(path: folder.path)
        #expect(isFolder.problems.first?.problem.hasPrefix("the file cannot be read: ") == true)
        #expect(isFolder.problems.first?.problem != "the file cannot be read: ", "a reason is given")
    }
}
