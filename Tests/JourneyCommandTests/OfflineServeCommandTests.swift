import Foundation
import Testing

/// `journey serve --journeys --users --stubs` as a person runs it: exported journeys served over
/// HTTP to the users of a file, signed in with `journey login`.
@Suite(.serialized)
struct OfflineServeCommandTests {
    private static let fixtures = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "DemoAMTests/Fixtures")

    private static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appending(path: "offline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func exportedJourneysSignInTheUsersOfTheFile() async throws {
        let folder = try Self.folder()
        let stubs = folder.appending(path: "stubs.yaml")
        try "Check the risk: low\nCheck the weather: sunny\nConfirm it is you: maybe\n".write(to: stubs, atomically: true, encoding: .utf8)
        let server = try await JourneyProcess.Server(arguments: [
            "serve", "--port", "0", "--journeys", Self.fixtures.appending(path: "exports").path,
            "--users", Self.fixtures.appending(path: "users.yaml").path, "--stubs", stubs.path,
        ], ready: { $0.contains("Press Ctrl-C") })
        #expect(server.banner.contains("  bjensen  mail bjensen@example.com  (password as in the users file)") && !server.banner.contains("Babs-pass1"),
                "the users are listed without their passwords: \(server.banner)")
        #expect(server.banner.contains("Exported journeys:") && server.banner.contains("  Login: runs fully"), "\(server.banner)")
        #expect(server.banner.contains("  RiskCheck: Check the risk (ScriptedDecisionNode) answers low"), "\(server.banner)")
        #expect(server.banner.contains("  the stub Check the weather names no node of the journeys served"), "\(server.banner)")
        #expect(server.banner.contains("  the stub Confirm it is you is not used: the server runs RiskCheck: Confirm it is you (MessageNode) itself"),
                "\(server.banner)")

        let environment = ["XDG_STATE_HOME": folder.appending(path: "state").path]
        let login = try await JourneyProcess.run(["login", "--url", server.url, "--tree", "Login", "--json", "--instance", "bjensen",
                                                  "--answer", "User Name=bjensen", "--answer", "Password=Babs-pass1"], environment: environment)
        #expect(login.status == 0, "\(login.stderr)")
        let refused = try await JourneyProcess.run(["login", "--url", server.url, "--tree", "RiskCheck", "--json", "--instance", "wrong",
                                                    "--answer", "User Name=scarter", "--answer", "Password=not-it"], environment: environment)
        #expect(refused.status == 1, "\(refused.stderr)")
        let demoUser = try await JourneyProcess.run(["login", "--url", server.url, "--tree", "Login", "--json", "--instance", "demo",
                                                     "--answer", "User Name=demo", "--answer", "Password=Demo-pass1"], environment: environment)
        #expect(demoUser.status != 0, "the users file stands in for the demo users")
        #expect(await server.interrupt() == 0)
    }

    /// The tests of RiskCheck take its low outcome and a wrong password, never the high one.
    @Test func journeyTestCoverageSaysWhatTheTestsReached() async throws {
        let folder = try Self.folder()
        let server = try await JourneyProcess.Server(arguments: [
            "serve", "--port", "0", "--journeys", Self.fixtures.appending(path: "exports").path,
            "--users", Self.fixtures.appending(path: "users.yaml").path,
        ])
        let report = folder.appending(path: "coverage.json")
        let run = try await JourneyProcess.run(["test", Self.fixtures.appending(path: "tests").path, "--coverage-json", report.path],
                                               environment: ["TEST_AM_URL": server.url])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("RiskCheck: nodes 4/5 (80%), outcomes 5/8 (62%)"), "\(run.stdout)")
        #expect(run.stdout.contains("never reached: Confirm it is you (MessageNode)"), "\(run.stdout)")
        #expect(run.stdout.contains("never taken: Check the risk → high, Confirm it is you → false, Confirm it is you → true"), "\(run.stdout)")
        #expect(run.stdout.contains("Login: nodes 0/8 (0%)"), "journeys no test ran are listed too: \(run.stdout)")
        let record = try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [[String: Any]]
        let journeys = record?.first?["journeys"] as? [[String: Any]]
        // The demo's own journeys run on the same engine, and are covered too (the exports replace its Login and Registration).
        #expect(journeys?.map { $0["name"] as? String } == [
            "Captcha", "ConfirmTransaction", "EmailOneTimePassword", "Login", "MagicLink", "ProgressiveProfile", "PushApproval",
            "RecaptchaEnterprise", "Registration", "RiskCheck", "SecondFactor", "SocialLogin", "StepUp",
        ])
        #expect(await server.interrupt() == 0)

        let map = try await JourneyProcess.run(["map", "RiskCheck", "--journeys", Self.fixtures.appending(path: "exports").path,
                                                "--coverage", report.path, "--width", "100"])
        #expect(map.status == 0, "\(map.stderr)")
        #expect(map.stdout.hasPrefix("RiskCheck: nodes 4/5 (80%), outcomes 5/8 (62%)\n"), "\(map.stdout)")
        for reached in ["✓ User Name Collector", "✓ Password Collector", "✓ Data Store Decision", "✓ Check the risk"] {
            #expect(map.stdout.contains(reached), "\(reached): \(map.stdout)")
        }
        #expect(map.stdout.contains("│ Confirm it is you") && !map.stdout.contains("✓ Confirm it is you"), "never reached, not marked")

        let againstAM = try await JourneyProcess.run(["test", Self.fixtures.appending(path: "tests").path, "--coverage", "--url", "http://127.0.0.1:9/am"])
        #expect(againstAM.status == 2, "\(againstAM.stderr)")
    }

    /// The admin API serves the exported definitions: `journey map` draws them from the server.
    @Test func theServedExportsAreMappedFromTheLiveServer() async throws {
        let folder = try Self.folder()
        let server = try await JourneyProcess.Server(arguments: [
            "serve", "--port", "0", "--journeys", Self.fixtures.appending(path: "exports").path,
            "--users", Self.fixtures.appending(path: "users.yaml").path,
        ])
        let environment = ["XDG_STATE_HOME": folder.appending(path: "state").path]
        let admin = try await JourneyProcess.run(["login", "--url", server.url, "--instance", "admin", "--answer", "User Name=amadmin",
                                                  "--answer", "Password=Admin-pass1"], environment: environment)
        #expect(admin.status == 0, "\(admin.stderr)")
        let map = try await JourneyProcess.run(["map", "Login", "--instance", "admin", "--expand", "--width", "120"], environment: environment)
        #expect(map.status == 0, "\(map.stderr)")
        for text in ["Start: Login", "· Platform Username", "↳ runs ProgressiveProfile", "Inner tree ProgressiveProfile", "· Preferences"] {
            #expect(map.stdout.contains(text), "\(text): \(map.stdout)")
        }
        #expect(await server.interrupt() == 0)
    }

    @Test func aBrokenExportOrUsersFileExitsSixtyFourNamingIt() async throws {
        let folder = try Self.folder()
        let broken = folder.appending(path: "Broken.journey.json")
        try #"{"tree":{"_id":"Broken","entryNodeId":"missing","nodes":{}}}"#.write(to: broken, atomically: true, encoding: .utf8)
        let export = try await JourneyProcess.run(["serve", "--port", "0", "--journeys", broken.path])
        #expect(export.status == 64)
        #expect(export.stderr.contains("\(broken.path): journey Broken is not served: its entryNodeId missing is not one of its nodes"), "\(export.stderr)")
        let users = folder.appending(path: "users.yaml")
        try "users:\n  - password: no-name\n".write(to: users, atomically: true, encoding: .utf8)
        let file = try await JourneyProcess.run(["serve", "--port", "0", "--users", users.path])
        #expect(file.status == 64)
        #expect(file.stderr.contains("The users file \(users.path) cannot be used: user 1: it has no userName"), "\(file.stderr)")
        let device = try await JourneyProcess.run(["serve", "--port", "0", "--journeys", "/dev/zero"])
        #expect(device.status == 64 && device.stderr.contains("/dev/zero: it is not a regular file"), "\(device.stderr)")
    }
}
