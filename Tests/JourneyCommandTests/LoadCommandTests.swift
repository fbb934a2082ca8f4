import DemoAM
import Foundation
import Testing

/// `journey load` as a CI job runs it, against the in-process demo AM over loopback.
struct LoadCommandTests {
    static func withDemo(_ body: (String) async throws -> Void) async throws {
        try await DemoAM.running { demo in try await body(demo.baseURL) }
    }

    @Test func aBrokenThresholdExitsOneNamingIt() async throws {
        try await Self.withDemo { url in
            let result = try await JourneyProcess.run([
                "load", "--url", url, "--answer", "User Name=demo", "--answer", "Password=wrong",
                "--users", "2", "--iterations", "4", "--fail-if", "errors > 0", "--fail-if", "p99(start) > 60s",
            ])
            #expect(result.status == 1)
            #expect(result.stdout.contains("errors: 4 (100.00 %): AM failure 4"))
            #expect(result.stdout.contains("failed: fail if errors > 0 (measured 4)"))
            #expect(result.stdout.contains("passed: fail if p99(start) > 60s"))
        }
    }

    @Test func aKeptRunExitsZeroAndWritesItsReports() async throws {
        try await Self.withDemo { url in
            let folder = FileManager.default.temporaryDirectory.appending(path: "load-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let json = folder.appending(path: "load.json")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let result = try await JourneyProcess.run([
                "load", "--url", url, "--answer", "User Name=demo", "--answer", "Password=Demo-pass1",
                "--users", "3", "--iterations", "9", "--fail-if", "errors > 0", "--fail-if", "p95(journey) > 60s",
                "--json", json.path, "--csv", folder.appending(path: "csv").path,
            ])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.hasPrefix("9 journeys in "))
            let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
            let summary = try #require(report["summary"] as? [String: Any])
            #expect(summary["successes"] as? Int == 9)
            #expect((report["thresholds"] as? [[String: Any]])?.map { $0["broken"] as? Bool } == [false, false])
            let steps = try String(contentsOf: folder.appending(path: "csv/steps.csv"), encoding: .utf8)
            #expect(steps.split(separator: "\n").map { $0.split(separator: ",").prefix(3).joined(separator: ",") }
                    == ["name,count,errors", "start,9,0", "UsernamePassword,9,0", "journey,9,0"])
            #expect(FileManager.default.fileExists(atPath: folder.appending(path: "csv/intervals.csv").path))
        }
    }

    @Test func aServerNotOnLoopbackIsRefusedBeforeAnythingIsSent() async throws {
        let result = try await JourneyProcess.run([
            "load", "--url", "https://am.example.com/am", "--iterations", "1",
        ])
        #expect(result.status == 64)
        #expect(result.stderr.contains("Refusing to load am.example.com"))
        #expect(result.stderr.contains("--i-own-this-server"))
    }

    @Test func aRunWithoutAnEndIsRefused() async throws {
        let result = try await JourneyProcess.run(["load", "--url", "http://127.0.0.1:1/am"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("Give --duration or --iterations"))
    }
}
