import Foundation
import Testing

/// Several `journey` processes on one instance's stores at once, as when scripts run side by
/// side: none fails, none corrupts a store, and the tokens left behind work.
@Suite(.serialized)
struct StoreContentionCommandTests {
    @Test(.timeLimit(.minutes(2)))
    func sixProcessesRefreshingOneInstanceAtOnceAllSucceed() async throws {
        let server = try await JourneyProcess.Server()
        let state = TokenCommandTests.temporaryStateFolder()
        defer { try? FileManager.default.removeItem(at: state) }
        let environment = ["XDG_STATE_HOME": state.path]
        let login = try await JourneyProcess.run(["login", "--url", server.url, "--tree", "Login", "--instance", "shared",
                                                  "--answer", "User Name=demo", "--answer", "Password=Demo-pass1"]
                                                 + TokenCommandTests.oauth, environment: environment)
        #expect(login.status == 0, "\(login.stderr)")

        // The demo AM rotates refresh tokens: a process that used a refresh token another one
        // had already spent gets invalid_grant and must recover, not fail or leave a torn store.
        let results = try await withThrowingTaskGroup(of: JourneyProcess.Result.self) { group in
            for _ in 0..<6 {
                group.addTask { try await JourneyProcess.run(["token", "--instance", "shared", "--refresh"], environment: environment) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for result in results { #expect(result.status == 0, "\(result.stderr)") }

        let folder = state.appending(path: "journeyterm")
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".json") {
            let data = try Data(contentsOf: folder.appending(path: file))
            #expect((try? JSONSerialization.jsonObject(with: data)) != nil, "\(file) is whole JSON")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).allSatisfy { !$0.contains(".tmp-") },
                "no temporary is left behind")
        let info = try await JourneyProcess.run(["userinfo", "--instance", "shared", "--json"], environment: environment)
        #expect(info.status == 0, "the stored tokens work: \(info.stderr)")
    }
}
