import Foundation
import Testing

/// `journey … | head`: when the reader of standard output goes away, `journey` ends as a
/// command ended by SIGPIPE does (status 141 in a shell), with no crash report.
struct ClosedPipeCommandTests {
    @Test func aClosedStandardOutputEndsTheCommandWithoutACrash() async throws {
        let server = try await JourneyProcess.Server()
        let tests = FileManager.default.temporaryDirectory.appending(path: "closed-pipe-\(UUID().uuidString).yaml")
        defer { try? FileManager.default.removeItem(at: tests) }
        try Data("""
        name: a password sign-in
        url: \(server.url)
        journey: Login
        steps:
          - answers: {User Name: demo, Password: Demo-pass1}
        expect:
          outcome: success
        """.utf8).write(to: tests)

        let process = Process()
        process.executableURL = JourneyProcess.executable
        process.arguments = ["test", tests.path, "--json"]
        process.standardInput = FileHandle.nullDevice
        // The reader is gone before the command writes its first line.
        let output = Pipe()
        try output.fileHandleForReading.close()
        process.standardOutput = output
        let errors = Pipe()
        process.standardError = errors
        let collected = Collector(errors.fileHandleForReading)
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            process.terminationHandler = { _ in continuation.resume() }
            do { try process.run() } catch { continuation.resume(throwing: error) }
        }
        let stderr = await collected.finish()
        #expect(process.terminationReason == .uncaughtSignal, "\(stderr)")
        #expect(process.terminationStatus == SIGPIPE, "\(stderr)")
        #expect(!stderr.contains("Fatal error"), "\(stderr)")
        #expect(!stderr.contains("crashed"), "\(stderr)")
    }
}
