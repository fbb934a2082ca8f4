import Foundation
import JourneyEngine
import Testing

/// `journey --version`: the version and nothing else, before any subcommand runs.
struct VersionCommandTests {
    @Test func versionPrintsTheVersionAndExitsZero() async throws {
        let result = try await JourneyProcess.run(["--version"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == JourneyTermVersion.current + "\n")
    }
}
