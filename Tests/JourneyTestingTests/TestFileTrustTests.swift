import Foundation
import JourneyEngine
import Orchestrate
import Testing
@testable import JourneyTesting

/// What a shared test file, a case or a CSV row holds is data: it never becomes shell code, a
/// secret in it never reaches a report, and no file can stall a run or vouch for its server.
struct TestFileTrustTests {
    private func read(_ yaml: String) throws(TestFileError) -> [JourneyTest] {
        try TestFileReader(file: "t.yaml").tests(in: yaml)
    }

    @Test func aReferenceInACommandsTextIsRefusedWithTheWayToWriteIt() throws {
        let error = try #require(throws: TestFileError.self) {
            try read("""
            name: x
            steps:
              - answers:
                  otp: {command: "curl -fsS ${url}/outbox"}
            """)
        }
        #expect(error.line == 4 && error.key == "steps[1].answers.otp.command")
        #expect(error.problem.contains("write \"$TEST_VAR_url\""), "\(error.problem)")
        let resume = try #require(throws: TestFileError.self) {
            try read("name: x\nsteps:\n  - resume: {command: \"echo ${env:LINK}\"}\n")
        }
        #expect(resume.key == "steps[1].resume.command" && resume.problem.contains("write \"$LINK\""), "\(resume.problem)")
    }

    /// A `{command: …}` is code: a file that holds one is refused before anything runs unless
    /// the person running it allows commands; then every variable must fit a command's environment.
    @Test func aFileRunsCommandsOnlyWhenAllowedAndEveryVariableMustReachThem() throws {
        let commands = try read("""
        tests:
          - name: x
            url: http://127.0.0.1:1/am
            vars: {user-name: a, user_name: b}
            steps:
              - answers: {User Name: demo}
              - answers:
                  otp: {command: "cat outbox"}
          - name: y
            url: http://127.0.0.1:1/am
            steps:
              - resume: {command: "cat link"}
        """)
        let refused = try #require(throws: TestFileError.self) { try PreparedCase.prepare(commands[0], environment: [:]) }
        #expect(refused.key == "steps[2].answers.otp" && refused.line == 7 && refused.problem.contains("add --allow-commands"), "\(refused)")
        let resume = try #require(throws: TestFileError.self) { try PreparedCase.prepare(commands[1], environment: [:]) }
        #expect(resume.key == "steps[1].resume" && resume.problem.contains("--allow-commands"))
        #expect(try PreparedCase.prepare(commands[1], overrides: .init(allowsCommands: true), environment: [:]).count == 1)
        // Allowed, two names that reach the command as one are refused.
        let collision = try #require(throws: TestFileError.self) {
            try PreparedCase.prepare(commands[0], overrides: .init(allowsCommands: true), environment: [:])
        }
        #expect(collision.problem == "${user-name} and ${user_name} both reach a command as $TEST_VAR_user_name: rename one", "\(collision)")
        // A variable too large for an environment is refused when a command could read it, and only then.
        let big = "name: z\nurl: http://127.0.0.1:1/am\nvars: {blob: \"\(String(repeating: "x", count: 200 << 10))\"}\nsteps:\n"
        let withCommand = try #require(try read(big + "  - answers: {otp: {command: \"true\"}}\n").first)
        let tooBig = try #require(throws: TestFileError.self) {
            try PreparedCase.prepare(withCommand, overrides: .init(allowsCommands: true), environment: [:])
        }
        #expect(tooBig.key == "vars.blob" && tooBig.problem.contains("a command's environment takes at most 100 KiB"), "\(tooBig)")
        let withoutCommand = try #require(try read(big + "  - answers: {otp: \"${blob}\"}\n").first)
        #expect(try PreparedCase.prepare(withoutCommand, environment: [:]).count == 1)
    }

    @Test func caseAndRowValuesReachACommandInItsEnvironmentNeverAsShellText() async throws {
        let marker = FileManager.default.temporaryDirectory.appending(path: "journey-pwned-\(UUID().uuidString)").path
        let hostile = "demo; touch \(marker); echo y"
        try await DemoAMServer.with { server in
            let yaml = """
            name: Login
            steps:
              - answers:
                  User Name: {command: printf '%s\\n' "$TEST_VAR_user"}
                  Password: Demo-pass1
            cases:
              - {user: demo}
              - {user: "\(hostile)"}
            """
            let results = try await server.run(yaml)
            #expect(results.map(\.passed) == [true, false], "\(results.map(\.failures))")
            let row = try #require(try server.prepare(yaml).first).with(variables: ["user": "$(touch \(marker))"])
            #expect(!(await TestRunner().run(row)).passed)
        }
        #expect(!FileManager.default.fileExists(atPath: marker), "a value ran as shell code")
    }

    @Test func aCommandThatPrintsMoreThanAPipeHoldsStillAnswers() async throws {
        try await DemoAMServer.with { server in
            let result = try #require(try await server.run("""
            name: Login
            steps:
              - answers:
                  User Name: {command: "head -c 200000 /dev/zero | tr '\\\\0' x; echo; echo demo"}
                  Password: Demo-pass1
            """).first)
            #expect(result.passed, "\(result.failures.map(\.message))")
        }
    }

    /// A command that hangs fails its step, and stopping it stops what it started.
    @Test func aCommandPastItsTimeIsStoppedWithEverythingItStarted() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "hang-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pidFile = folder.appending(path: "pid").path
        let command = try ShellCommandText("sleep 600 & echo $! > \"$TEST_VAR_pids\"; wait; echo never")
        let scope = VariableScope(variables: ["pids": TestTemplate(literal: pidFile)], environment: [:])
        let started = ContinuousClock.now
        let error = await #expect(throws: ShellCommand.Failed.self) {
            try await ShellCommand.lastLine(of: command, scope: scope, secrets: SecretValues(), timeLimit: .milliseconds(300))
        }
        #expect(error?.description == "the command ran longer than 300 ms and was stopped")
        #expect(ContinuousClock.now - started < .seconds(30), "the run waited for the command")
        let pid = try #require(Int32(String(decoding: try Data(contentsOf: URL(filePath: pidFile)), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)))
        // The background sleep was killed with its shell: gone, or a zombie waiting for its reaper.
        let state = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8))?.split(separator: ")").last?.split(separator: " ").first
        #expect(state == nil || state == "Z", "the command's child still runs (\(state.map(String.init) ?? "-"))")
    }

    @Test func secretsAreHiddenInEveryReportInEveryFormAtAnyLength() async throws {
        let quoting = #"Wr"o\ng-Name"#
        try await DemoAMServer.with { server in
            let results = try await server.run("""
            tests:
              - name: An environment value with quotes in a field AM echoes
                steps:
                  - answers: {User Name: "${env:TEST_ODD_NAME}", Password: x}
              - name: Case values
                steps:
                  - answers: {User Name: "${user}", Password: "${password}"}
                cases:
                  - {user: demo, password: Demo-pass1, pin: "42"}
                  - {user: "${token}", password: x, token: ab}
                expect: {outcome: failure}
            """, environment: ["TEST_ODD_NAME": quoting])
            #expect(results.map(\.displayName) == [
                "An environment value with quotes in a field AM echoes",
                "Case values [case 1: user=demo, password=‹redacted›, pin=‹redacted›]",
                "Case values [case 2: user=${token}, password=‹redacted›, token=‹redacted›]",
            ])
            #expect(results.map(\.passed) == [false, false, true])
            let junit = JUnitReport.xml(for: results, duration: .seconds(1))
            let json = results.map { JSONReport.object(for: $0).jsonText }.joined(separator: "\n")
            let human = results.flatMap(HumanReport.lines).joined(separator: "\n")
            #expect(junit.contains("‹redacted›") && json.contains("‹redacted›"))
            for report in [junit, json, human] {
                for form in [quoting, #"Wr\"o\\ng-Name"#, #"Wr&quot;o\\ng-Name"#, "Demo-pass1"] {
                    #expect(!report.contains(form), "\(form) in \(report)")
                }
            }
        }
    }

    @Test func aTwoLetterValueIsHiddenWhereItStandsAloneInATrace() async throws {
        try await DemoAMServer.with { server in
            let result = try #require(try await server.run("""
            name: Short secret
            secrets: [who]
            vars: {who: ab}
            steps:
              - answers: {User Name: "${who}", Password: x}
            """).first)
            let trace = result.trace.joined(separator: "\n")
            #expect(!result.passed && trace.contains("→ POST "))
            #expect(!trace.contains("\"ab\"") && trace.contains("\"‹redacted›\""), "\(trace)")
        }
    }

    @Test func secretMarksNameVariablesTheirNamesDoNotGiveAway() throws {
        let test = try #require(try read("""
        name: Marks
        url: http://127.0.0.1:1/am
        secrets: [mot_de_passe]
        vars: {account: {secret: "s3cr3t"}, user: demo}
        cases:
          - {mot_de_passe: hunter2, colour: blue}
        """).first)
        #expect(test.secretVariables == ["mot_de_passe", "account"])
        let prepared = try #require(try PreparedCase.prepare(test, environment: [:]).first)
        #expect(prepared.caseLabel == "case 1: mot_de_passe=‹redacted›, colour=blue")
        #expect(prepared.scope.isSecret("account") && prepared.scope.isSecret("userPassword") && prepared.scope.isSecret("api_key"))
        #expect(!prepared.scope.isSecret("user") && !prepared.scope.isSecret("monkey") && !prepared.scope.isSecret("passenger"))
        for name in ["newpassword", "accesstoken", "clientSecret", "DBPassword", "OTPCode", "TOTPSecret", "PIN2", "api_key"] {
            #expect(SecretNames.looksSecret(name), "\(name)")
        }
        #expect(!SecretNames.looksSecret("keyboard"))
    }

    @Test func variablesExpandInLinearTimeAndAnOversizeResultNamesItsChain() throws {
        var yaml = "name: x\nurl: http://127.0.0.1:1/am\nvars:\n  v0: \"\(String(repeating: "x", count: 64))\"\n"
        for level in 1...20 { yaml += "  v\(level): \"${v\(level - 1)}${v\(level - 1)}\"\n" }
        let fits = try #require(try read(yaml + "steps:\n  - answers: {User Name: \"${v14}\"}\n").first)
        let prepared = try #require(try PreparedCase.prepare(fits, environment: [:]).first)
        #expect(TestTemplate(literal: "").render(in: prepared.scope).isEmpty)
        #expect(try TestTemplate(parsing: "${v14}").render(in: prepared.scope).utf8.count == VariableScope.sizeLimit)
        let over = try #require(try read(yaml + "steps:\n  - answers: {User Name: \"${v20}\"}\n").first)
        let error = try #require(throws: TestFileError.self) { try PreparedCase.prepare(over, environment: [:]) }
        #expect(error.key == "steps[1].answers.User Name")
        #expect(error.problem == "${v15} would be 2 MiB once filled in, over the limit of 1 MiB: ${v20} → ${v19} → ${v18} → … → ${v2} → ${v1} → ${v0}")
    }

    @Test func fortyDoublingLevelsAreRefusedAtOnceAndLoopsNameTheirChain() throws {
        var yaml = "name: x\nurl: http://127.0.0.1:1/am\nvars:\n  v0: xx\n  a: \"${b}\"\n  b: \"-${c}\"\n  c: \"${a}\"\n"
        for level in 1...40 { yaml += "  v\(level): \"${v\(level - 1)}${v\(level - 1)}\"\n" }
        let deep = try #require(try read(yaml + "steps:\n  - answers: {User Name: \"${v40}\"}\n").first)
        let error = try #require(throws: TestFileError.self) { try PreparedCase.prepare(deep, environment: [:]) }
        #expect(error.problem == "variables nest deeper than 32: ${v40} → ${v39} → ${v38} → … → ${v10} → ${v9} → ${v8}")
        let loop = try #require(try read(yaml + "steps:\n  - answers: {User Name: \"${a}\"}\n").first)
        let loopError = try #require(throws: TestFileError.self) { try PreparedCase.prepare(loop, environment: [:]) }
        #expect(loopError.problem == "the variables refer to each other in a loop: ${a} → ${b} → ${c} → ${a}")
    }

    @Test func aTestFileCannotVouchForItsServer() throws {
        let error = try #require(throws: TestFileError.self) {
            try read("name: x\nurl: https://am.example.com/am\nloadAllowed: true\n")
        }
        #expect(error.line == 3 && error.key == "loadAllowed")
        #expect(error.problem.contains("only the person who runs journey load can"))
    }
}
