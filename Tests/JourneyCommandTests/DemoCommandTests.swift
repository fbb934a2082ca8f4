import Foundation
import TestPorts
import Testing

/// `journey demo` before its screen opens: the port it is asked for.
struct DemoCommandTests {
    @Test func aPortAskedForAndTakenIsRefusedAtOnceWithWhatToDo() async throws {
        let taken = ClosedPort()
        let refused = try await JourneyProcess.run(["demo", "--port", "\(taken.port)"])
        #expect(refused.status == 64, "\(refused.stdout)\(refused.stderr)")
        #expect(refused.stderr.contains("127.0.0.1:\(taken.port)") && refused.stderr.contains("Without --port the demo takes 8180"), "\(refused.stderr)")
        #expect(!refused.stderr.contains("Usage:"), "a run-time refusal, not a usage error")
        let outOfRange = try await JourneyProcess.run(["demo", "--port", "70000"])
        #expect(outOfRange.status == 64 && outOfRange.stderr.contains("--port must be between 0 and 65535"), "\(outOfRange.stderr)")
    }
}
