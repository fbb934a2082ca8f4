import Foundation
import Testing

/// `journey test` as CI runs it: against `journey serve`, files in a folder, exit codes and reports.
struct TestCommandTests {
    /// A folder of test files, removed after `body`.
    private func withFiles(_ files: [String: String], _ body: (URL) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "journey-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in files { try Data(text.utf8).write(to: folder.appending(path: name)) }
        try await body(folder)
    }

    static let login = """
    name: Login signs in
    journey: Login
    steps:
      - stage: UsernamePassword
        answers: {User Name: demo, Password: "${env:DEMO_PASSWORD}"}
    """

    @Test func passingTestsExitZeroAndWriteJUnitAndJSON() async throws {
        let server = try await JourneyProcess.Server()
        try await withFiles(["login.yaml": Self.login]) { folder in
            let junit = folder.appending(path: "junit.xml").path
            let run = try await JourneyProcess.run(["test", folder.path, "--url", server.url, "--junit", junit, "--json"],
                                                   environment: ["DEMO_PASSWORD": "Demo-pass1"])
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
            #expect(object["name"] as? String == "Login signs in" && object["passed"] as? Bool == true)
            let xml = try String(contentsOfFile: junit, encoding: .utf8)
            #expect(xml.contains("<testcase name=\"Login signs in\""))
            #expect(!run.stdout.contains("Demo-pass1") && !run.stderr.contains("Demo-pass1"))
            let two = "tests:\n  - name: First\n    steps: [{answers: {User Name: demo, Password: Demo-pass1}}]\n"
                + "  - name: Second\n    steps: [{answers: {User Name: demo, Password: Demo-pass1}}]\n"
            try Data(two.utf8).write(to: folder.appending(path: "two.yaml"))
            let filtered = try await JourneyProcess.run(["test", folder.appending(path: "two.yaml").path, "--url", server.url,
                                                         "--filter", "SECOND", "-j", "2"])
            #expect(filtered.status == 0, "\(filtered.stdout)\(filtered.stderr)")
            #expect(filtered.stdout.contains("✓ Second") && !filtered.stdout.contains("First"), "\(filtered.stdout)")
        }
        _ = await server.interrupt()
    }

    @Test func aBrokenExpectationExitsOneNamingTheStepAndTheDifference() async throws {
        let server = try await JourneyProcess.Server()
        try await withFiles(["login.yaml": Self.login.replacingOccurrences(of: "stage: UsernamePassword", with: "stage: OTP")]) { folder in
            let run = try await JourneyProcess.run(["test", folder.path, "--url", server.url], environment: ["DEMO_PASSWORD": "Demo-pass1"])
            #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
            #expect(run.stdout.contains("✗ Login signs in"))
            #expect(run.stdout.contains("step 1: stage\n    - expected OTP\n    + got      UsernamePassword"), "\(run.stdout)")
            #expect(run.stdout.contains("the page's callbacks: NameCallback \"User Name\", PasswordCallback \"Password\""))
            #expect(run.stdout.contains("0 passed, 1 failed"))
        }
        _ = await server.interrupt()
    }

    @Test func aMalformedFileExitsTwoNamingTheLineAndNothingIsSent() async throws {
        try await withFiles(["good.yaml": Self.login, "bad.yaml": "name: Bad\nsteps:\n  - stage: UsernamePassword\n    answrs: {}\n"]) { folder in
            // The URL is a closed port: nothing may be sent when a file is bad.
            let run = try await JourneyProcess.run(["test", folder.path, "--url", "http://127.0.0.1:9/am"], environment: ["DEMO_PASSWORD": "x"])
            #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
            #expect(run.stderr.contains("bad.yaml:4: steps[1].answrs: unknown key"), "\(run.stderr)")
            #expect(run.stdout.isEmpty)
            let missing = try await JourneyProcess.run(["test", folder.appending(path: "good.yaml").path, "--url", "http://127.0.0.1:9/am"],
                                                       environment: [:])
            #expect(missing.status == 2, "\(missing.stderr)")
            #expect(missing.stderr.contains("good.yaml:4: steps[1].answers.Password: ${env:DEMO_PASSWORD} is not set"), "\(missing.stderr)")
        }
    }

    /// Every problem of every file is said in one run: four problems, one run, nothing sent.
    @Test func everyProblemOfEveryFileIsSaidInOneRun() async throws {
        let twoTests = "tests:\n  - name: a\n    bogus: 1\n    expect: {outcome: sideways}\n  - name: b\n    journey: ${env:NOT_SET_ANYWHERE}\n"
        try await withFiles(["one.yaml": twoTests, "two.yaml": "name: c\nsteps:\n  - colour: red\n"]) { folder in
            let run = try await JourneyProcess.run(["test", folder.path, folder.appending(path: "gone.yaml").path, "--url", "http://127.0.0.1:9/am"])
            #expect(run.status == 2, "\(run.stderr)")
            for said in ["gone.yaml: no such file or folder", "one.yaml:3: tests[1].bogus: unknown key",
                         "one.yaml:4: tests[1].expect.outcome: \"sideways\" is not an outcome", "one.yaml:5: journey: ${env:NOT_SET_ANYWHERE} is not set",
                         "two.yaml:3: steps[1].colour: unknown key"] {
                #expect(run.stderr.contains(said), "\(said) is not said: \(run.stderr)")
            }
        }
    }

    /// Ctrl-C stops the run: a command still running is stopped with what it started, the
    /// tests that ran are summed up, and the exit is 130.
    @Test func ctrlCStopsARunningCommandAndExits130() async throws {
        let server = try await JourneyProcess.Server()
        try await withFiles([:]) { folder in
            let journeyPID = folder.appending(path: "journey.pid"), sleepPID = folder.appending(path: "sleep.pid")
            try Data("""
            name: Hangs in a command
            journey: Login
            steps:
              - answers:
                  User Name: {command: 'echo $PPID > "$TEST_VAR_dir/journey.pid"; sleep 600 & echo $! > "$TEST_VAR_dir/sleep.pid"; wait'}
            vars: {dir: "\(folder.path)"}
            """.utf8).write(to: folder.appending(path: "hangs.yaml"))
            let run = Task { try await JourneyProcess.run(["test", folder.path, "--url", server.url, "--allow-commands"]) }
            func pid(_ file: URL) async throws -> pid_t {
                for _ in 0..<400 {
                    if let text = try? String(contentsOf: file, encoding: .utf8), let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                        return pid
                    }
                    try await Task.sleep(for: .milliseconds(25))
                }
                throw CancellationError()
            }
            let sleeping = try await pid(sleepPID)
            kill(try await pid(journeyPID), SIGINT)
            let result = try await run.value
            #expect(result.status == 130, "\(result.stdout)\(result.stderr)")
            #expect(result.stderr.contains("interrupted"), "\(result.stderr)")
            let state = (try? String(contentsOfFile: "/proc/\(sleeping)/stat", encoding: .utf8))?.split(separator: ")").last?.split(separator: " ").first
            #expect(state == nil || state == "Z", "the command's child outlived the run")
        }
        _ = await server.interrupt()
    }

    @Test func aFileThatRunsACommandExitsTwoUnlessCommandsAreAllowed() async throws {
        let marker = FileManager.default.temporaryDirectory.appending(path: "ran-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: marker) }
        let shared = "name: Shared\nsteps:\n  - answers:\n      User Name: {command: \"touch '\(marker.path)'; echo demo\"}\n"
        try await withFiles(["shared.yaml": shared]) { folder in
            let refused = try await JourneyProcess.run(["test", folder.path, "--url", "http://127.0.0.1:9/am"])
            #expect(refused.status == 2, "\(refused.stdout)\(refused.stderr)")
            #expect(refused.stderr.contains("shared.yaml:3: steps[1].answers.User Name: runs a shell command") && refused.stderr.contains("--allow-commands"),
                    "\(refused.stderr)")
            #expect(!FileManager.default.fileExists(atPath: marker.path), "the command ran")
            // Allowed, it runs when its page arrives (here the server is a closed port: the test fails before).
            let allowed = try await JourneyProcess.run(["test", folder.path, "--url", "http://127.0.0.1:9/am", "--allow-commands"])
            #expect(allowed.status == 1, "\(allowed.stdout)\(allowed.stderr)")
        }
    }
}
