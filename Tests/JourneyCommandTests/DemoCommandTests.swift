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

/// `journey demo` without a terminal runs line by line, as the README says: it walks `--tree`
/// from `--answer` and exits with that journey's status, and points to no demo panel.
struct DemoWithoutTerminalTests {
    @Test func theDemoWalksItsJourneyFromAnswersAndExitsWithItsStatus() async throws {
        let signedIn = try await JourneyProcess.run(["demo", "--plain", "--port", "0", "--answer", "User Name=demo", "--answer", "Password=Demo-pass1"])
        #expect(signedIn.status == 0, "\(signedIn.stderr)")
        #expect(signedIn.stdout.contains("Signed in."), "the result goes to stdout, as journey login's does: \(signedIn.stdout)")
        #expect(!signedIn.stderr.contains("demo panel"), "there is no demo panel in line-by-line mode: \(signedIn.stderr)")
        #expect(signedIn.stderr.contains("The banner this demo AM printed when it started lists the users."))

        let refused = try await JourneyProcess.run(["demo", "--port", "0", "--answer", "User Name=demo", "--answer", "Password=wrong"])
        #expect(refused.status == 1, "no terminal: line by line, with the journey's own status: \(refused.stderr)")
        #expect(refused.stderr.contains("Authentication failed"), "\(refused.stderr)")
    }
}
