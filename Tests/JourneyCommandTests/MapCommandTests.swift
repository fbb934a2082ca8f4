import DemoAM
import Foundation
import Testing

/// `journey map` as a person runs it: from export files, and from `journey serve` with an
/// administrator's session.
@Suite(.serialized)
struct MapCommandTests {
    private static let fixtures = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "JourneyMapsTests/Fixtures").path

    @Test func aJourneyFromAnExportIsDrawnAndItsInnerTreeBelowIt() async throws {
        let map = try await JourneyProcess.run(["map", "ExampleLogin", "--journeys", Self.fixtures, "--expand", "--width", "100"])
        #expect(map.status == 0, "\(map.stderr)")
        for name in ["Start: ExampleLogin", "Sign-in page", "Check the password", "Complete the profile", "Three tries", "↳ runs ExampleProfile",
                     "Inner tree ExampleProfile (run by ExampleLogin)", "Profile incomplete?", "Save the profile", "Success", "Failure"] {
            #expect(map.stdout.contains(name), "\(name)")
        }
        #expect(map.stdout.split(separator: "\n").allSatisfy { $0.count <= 100 })
        let mermaid = try await JourneyProcess.run(["map", "ExampleLogin", "--journeys", Self.fixtures, "--format", "mermaid"])
        #expect(mermaid.stdout.hasPrefix("flowchart TD\n"))
        let listed = try await JourneyProcess.run(["map", "--journeys", Self.fixtures])
        #expect(listed.stdout.contains("ExampleLogin  4 nodes, runs ExampleProfile"))
    }

    @Test func aProfilesJourneysStandInForTheFlag() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "journey-map-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let profiles = folder.appending(path: "profiles.yaml")
        try "lab:\n  url: http://127.0.0.1:9/am\n  journeys:\n    - \(Self.fixtures)/Login.journey.json\n".write(to: profiles, atomically: true, encoding: .utf8)
        let map = try await JourneyProcess.run(["map", "ExampleLogin", "--profile", "lab"], environment: ["JOURNEY_PROFILES": profiles.path])
        #expect(map.status == 0, "\(map.stderr)")
        #expect(map.stdout.contains("Start: ExampleLogin") && map.stdout.contains("Three tries"))
    }

    @Test func anUnknownJourneyOrABrokenFileIsSaid() async throws {
        let unknown = try await JourneyProcess.run(["map", "Nope", "--journeys", Self.fixtures])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("No journey named Nope") && unknown.stderr.contains("ExampleLogin"))
        let missing = try await JourneyProcess.run(["map", "Login", "--journeys", "/nonexistent/export.json"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("/nonexistent/export.json: there is no such file or folder"))
        let narrow = try await JourneyProcess.run(["map", "--journeys", Self.fixtures, "--width", "5"])
        #expect(narrow.status == 64)
    }

    @Test func theJourneysNameMayFollowThePath() async throws {
        let map = try await JourneyProcess.run(["map", "--journeys", Self.fixtures, "ExampleLogin", "--width", "100"])
        #expect(map.status == 0, "\(map.stderr)")
        #expect(map.stdout.contains("Start: ExampleLogin"))
    }

    @Test func theLiveDemoAMIsReadWithAnAdministratorsSessionOnly() async throws {
        try await ServedInstances.with { served in
            let none = try await served.run(["map", "Login", "--instance", "nobody", "--url", served.server.url])
            #expect(none.status == 1, "\(none.stderr)")
            #expect(none.stderr.contains("holds no session to read journey definitions with"), "\(none.stderr)")
            let user = try await served.run(["login", "--url", served.server.url, "--instance", "user", "--answer", "User Name=demo", "--answer", "Password=Demo-pass1"])
            #expect(user.status == 0, "\(user.stderr)")
            let refused = try await served.run(["map", "Login", "--instance", "user"])
            #expect(refused.status == 1, "\(refused.stderr)")
            #expect(refused.stderr.contains("no administrator (403)"))

            let admin = try await served.run(["login", "--url", served.server.url, "--instance", "admin", "--answer", "User Name=\(DemoAM.administrator.username)",
                                              "--answer", "Password=\(DemoAM.administrator.password)"])
            #expect(admin.status == 0, "\(admin.stderr)")
            let map = try await served.run(["map", "SecondFactor", "--instance", "admin"])
            #expect(map.status == 0, "\(map.stderr)")
            for name in ["Start: SecondFactor", "Sign In", "· User Name", "Check the password", "Choose a second factor", "One-time code", "Three tries at the app's code", "Emailed code"] {
                #expect(map.stdout.contains(name), "\(name)")
            }
            let list = try await served.run(["map", "--instance", "admin"])
            #expect(Set(list.stdout.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }) == Set(DemoAM.journeys))
        }
    }
}
