import Foundation
import Testing

/// `journey load PATHS…` runs journey test files as load, and `journey load --worker` runs
/// their cases for Locust, a JSON line in and out.
struct LoadTestFilesCommandTests {
    private static func testFile(url: String) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appending(path: "load-\(UUID().uuidString).yaml")
        try Data("""
        name: Login signs in
        url: \(url)
        journey: Login
        steps:
          - stage: UsernamePassword
            answers: {User Name: demo, Password: Demo-pass1}
        expect:
          outcome: success
        """.utf8).write(to: file)
        return file
    }

    @Test func testFilesRunAsLoadWithTheirStepsNamedAndTheirGates() async throws {
        let server = try await JourneyProcess.Server()
        let file = try Self.testFile(url: server.url)
        defer { try? FileManager.default.removeItem(at: file) }
        let kept = try await JourneyProcess.run(["load", file.path, "--users", "2", "--iterations", "6", "--fail-if", "errors > 0%"])
        #expect(kept.status == 0, "\(kept.stdout)\(kept.stderr)")
        #expect(kept.stdout.contains("6 journeys"), "\(kept.stdout)")
        #expect(kept.stdout.contains("start"), "\(kept.stdout)")
        #expect(kept.stdout.contains("UsernamePassword"), "\(kept.stdout)")
        let broken = try await JourneyProcess.run(["load", file.path, "--users", "1", "--iterations", "2", "--fail-if", "p50(journey) > 0ms"])
        #expect(broken.status == 1, "\(broken.stdout)\(broken.stderr)")
    }

    /// With `--sign-in once`, most iterations are API calls: the summary counts iterations, not journeys.
    @Test func signingInOnceCountsIterationsNotJourneys() async throws {
        let server = try await JourneyProcess.Server()
        let file = FileManager.default.temporaryDirectory.appending(path: "load-once-\(UUID().uuidString).yaml")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("""
        name: Profile with a kept session
        url: \(server.url)
        oauthClientId: journeyterm
        oauthRedirectUri: urn:journeyterm:callback
        oauthScope: openid profile email
        journey: Login
        steps:
          - answers: {User Name: demo, Password: Demo-pass1}
        expect:
          outcome: success
          request: {url: "${origin}/api/profile", status: 200}
        """.utf8).write(to: file)
        let run = try await JourneyProcess.run(["load", file.path, "--users", "1", "--iterations", "4", "--sign-in", "once", "--fail-if", "errors > 0%"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("4 iterations in") && !run.stdout.contains("journeys"), "\(run.stdout)")
        #expect(run.stdout.contains("each user's first iteration signs in"), "\(run.stdout)")
        #expect(run.stdout.contains("passed: fail if errors > 0%"), "\(run.stdout)")
    }

    @Test func aRowOfCasesReplacesTheTestsVariables() async throws {
        let server = try await JourneyProcess.Server()
        let folder = FileManager.default.temporaryDirectory.appending(path: "load-cases-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let test = folder.appending(path: "login.yaml")
        try Data("""
        name: Login with a password from the cases
        url: \(server.url)
        journey: Login
        vars: {password: not-the-password}
        steps:
          - answers: {User Name: demo, Password: "${password}"}
        expect:
          outcome: success
        """.utf8).write(to: test)
        let cases = folder.appending(path: "cases.csv")
        try Data("password\nDemo-pass1\n".utf8).write(to: cases)
        let run = ["load", test.path, "--users", "1", "--iterations", "3", "--fail-if", "errors > 0%"]
        let withoutCases = try await JourneyProcess.run(run)
        #expect(withoutCases.status == 1, "\(withoutCases.stdout)")
        let withCases = try await JourneyProcess.run(run + ["--cases", cases.path])
        #expect(withCases.status == 0, "\(withCases.stdout)\(withCases.stderr)")
    }

    /// A `--cases` row is data: a command reads it from its environment, and no row becomes
    /// shell code.
    @Test func aRowOfCasesNeverRunsAsShellCode() async throws {
        let server = try await JourneyProcess.Server()
        let folder = FileManager.default.temporaryDirectory.appending(path: "load-rows-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let marker = folder.appending(path: "PWNED").path
        let test = folder.appending(path: "login.yaml")
        try Data("""
        name: Login with the user a command prints
        url: \(server.url)
        journey: Login
        vars: {user: demo}
        steps:
          - answers:
              User Name: {command: printf '%s\\n' "$TEST_VAR_user"}
              Password: Demo-pass1
        """.utf8).write(to: test)
        let cases = folder.appending(path: "cases.csv")
        try Data("user\n\"x; touch \(marker); echo y\"\n\"$(touch \(marker))\"\ndemo\n".utf8).write(to: cases)
        let load = ["load", test.path, "--users", "1", "--iterations", "3", "--cases", cases.path]
        // A file that runs commands runs only when the person says so.
        let refused = try await JourneyProcess.run(load)
        #expect(refused.status == 64 && refused.stderr.contains("steps[1].answers.User Name: runs a shell command") && refused.stderr.contains("--allow-commands"),
                "\(refused.stderr)")
        let run = try await JourneyProcess.run(load + ["--allow-commands"])
        // Each row reached the command as it was written: AM refused the two odd user names and signed demo in.
        #expect(run.stdout.contains("3 journeys") && run.stdout.contains("errors: 2 (66.67 %): AM failure 2"), "\(run.stdout)\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: marker), "a row ran as shell code")
    }

    @Test func aWorkerAnswersEachRequestWithTheCasesSteps() async throws {
        let server = try await JourneyProcess.Server()
        let file = try Self.testFile(url: server.url)
        defer { try? FileManager.default.removeItem(at: file) }
        let worker = try await JourneyProcess.run(["load", "--worker", file.path], input: "{\"id\": 1}\n{\"id\": 2, \"case\": 5}\n")
        let lines = worker.stdout.split(separator: "\n").map(String.init)
        #expect(worker.status == 0)
        #expect(lines.first?.hasPrefix("{\"ready\":{\"cases\":[{\"index\":0,\"name\":\"Login signs in\"}]}}") == true, "\(lines)")
        let reply = try #require(lines.first { $0.contains("\"id\":1") })
        #expect(reply.contains("\"name\":\"start\""), "\(reply)")
        #expect(reply.contains("\"name\":\"UsernamePassword\""), "\(reply)")
        #expect(reply.contains("\"failure\":null"), "\(reply)")
        #expect(lines.contains { $0.contains("\"id\":2") && $0.contains("no case 5") }, "\(lines)")
    }

    /// A worker checks the servers as `journey load` does: `0.0.0.0` is not loopback by the rule
    /// (yet this machine, so the allowed run reaches only the local demo AM).
    @Test func aWorkerRefusesAServerThatIsNotLoopbackUnlessOwned() async throws {
        let server = try await JourneyProcess.Server()
        let file = try Self.testFile(url: server.url)
        defer { try? FileManager.default.removeItem(at: file) }
        let elsewhere = server.url.replacingOccurrences(of: "127.0.0.1", with: "0.0.0.0")
        let refused = try await JourneyProcess.run(["load", "--worker", file.path, "--url", elsewhere])
        #expect(refused.status == 2)
        #expect(refused.stdout.hasPrefix("{\"error\":") && refused.stdout.contains("Refusing to load 0.0.0.0"), "\(refused.stdout)")
        #expect(!refused.stdout.contains("ready"))
        let owned = try await JourneyProcess.run(["load", "--worker", file.path, "--url", elsewhere, "--i-own-this-server"])
        #expect(owned.status == 0, "\(owned.stdout)\(owned.stderr)")
        #expect(owned.stdout.hasPrefix("{\"ready\":"), "\(owned.stdout)")
    }

    @Test func answersGivenBesideTestFilesAreRefusedNotIgnored() async throws {
        let file = try Self.testFile(url: "http://127.0.0.1:9/am")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try await JourneyProcess.run(["load", file.path, "--answer", "Password=Other-pass1", "--iterations", "1"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--answer and --answers are for a run without test files"), "\(result.stderr)")
    }
}
