import Foundation
import Testing

/// `journey login --save-test FILE --har FILE` against `journey serve`, then `journey test` of
/// that file against `journey serve --replay` of the HAR, without the demo AM: the real binary
/// as subprocesses.
@Suite(.serialized)
struct SaveTestCommandTests {
    @Test func aSavedTestPassesAgainstTheReplayOfItsHAR() async throws {
        let folder = TokenCommandTests.temporaryStateFolder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let har = folder.appending(path: "login.har").path
        let test = folder.appending(path: "tests/login.yaml").path

        let demo = try await JourneyProcess.Server()
        let recorded = try await JourneyProcess.run(
            ["login", "--tree", "Login", "--answer", "User Name=demo", "--answer", "Password=Demo-pass1", "--url", demo.url,
             "--har", har, "--save-test", test],
            environment: ["XDG_STATE_HOME": folder.appending(path: "recording").path])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        #expect(recorded.stderr.contains("The journey saved as a test in \(test) (journey test \(test); set TEST_PASSWORD (Password, step 1) before it runs)."),
                "\(recorded.stderr)")
        let saved = try String(contentsOfFile: test, encoding: .utf8)
        #expect(saved.contains("\"Password\": \"${env:TEST_PASSWORD}\"") && !saved.contains("Demo-pass1"), "\(saved)")
        let permissions = try FileManager.default.attributesOfItem(atPath: test)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
        #expect(await demo.interrupt() == 0)

        let replay = try await JourneyProcess.Server(arguments: ["serve", "--replay", har, "--port", "0"])
        let passed = try await JourneyProcess.run(["test", test, "--url", replay.url], environment: ["TEST_PASSWORD": "Demo-pass1"])
        #expect(passed.status == 0, "\(passed.stdout)\(passed.stderr)")
        #expect(passed.stdout.contains("✓ Login signs in"), "\(passed.stdout)")
        let unset = try await JourneyProcess.run(["test", test, "--url", replay.url])
        #expect(unset.status == 2, "the secret's variable must be set: \(unset.stderr)")
        #expect(unset.stderr.contains("TEST_PASSWORD"), "\(unset.stderr)")
        #expect(await replay.interrupt() == 0)
    }
}
