import Foundation
import Subprocess
import SystemPackage
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

        // The reader is gone before the command writes its first line.
        let pipe = try FileDescriptor.pipe()
        try pipe.readEnd.close()
        let result = try await Subprocess.run(.path(FilePath(JourneyProcess.executable.path)), arguments: ["test", tests.path, "--json"],
                                              input: .none, output: .fileDescriptor(pipe.writeEnd, closeAfterSpawningProcess: true),
                                              error: .string(limit: 1 << 20))
        let stderr = result.standardError
        #expect(result.terminationStatus == .signaled(SIGPIPE), "\(result.terminationStatus): \(stderr)")
        #expect(!stderr.contains("Fatal error"), "\(stderr)")
        #expect(!stderr.contains("crashed"), "\(stderr)")
    }
}
