import Foundation
import Testing

/// What a failed command prints: a command line that cannot be read gets its usage; a command
/// that ran and failed (a bad configuration value) says what is wrong and where it came from,
/// without a usage block.
struct ErrorOutputCommandTests {
    @Test func aBadValueSaysWhatAndWhereWithoutUsage() async throws {
        let result = try await JourneyProcess.run(["login", "--url", "http://127.0.0.1:1/am", "--realm", "a b"])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("journey: realm \"a b\" cannot be used"), "\(result.stderr)")
        #expect(result.stderr.contains("(from flag --realm)"))
        #expect(!result.stderr.contains("Usage:"), "\(result.stderr)")
    }

    @Test func anUnknownOptionShowsTheUsage() async throws {
        let result = try await JourneyProcess.run(["login", "--no-such-option"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("Unknown option '--no-such-option'"))
        #expect(result.stderr.contains("Usage: journey login"))
    }
}
