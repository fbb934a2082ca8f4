import Foundation
import Testing

/// A run's options are what its flags, environment and profile say: an instance's options from
/// an earlier run apply only to a run that names no server, and `config show` says so.
@Suite(.serialized)
struct RememberedOptionsCommandTests {
    @Test func aRealmFromAnEarlierRunIsNotReusedWhenAServerIsNamed() async throws {
        try await SessionCacheCommandTests.withServer { server, environment in
            let answers = ["--answer", "User Name=demo", "--answer", "Password=Demo-pass1"]
            let wrong = try await JourneyProcess.run(["login", "--url", server.url, "--realm", "nosuch"] + answers, environment: environment)
            #expect(wrong.status != 0)
            #expect(wrong.stderr.contains("Realm /nosuch not found") && wrong.stderr.contains("realm: flag --realm"), "\(wrong.stderr)")

            // The URL alone: the realm is the default, not the one the instance last ran with.
            let shown = try await JourneyProcess.run(["config", "show", "--url", server.url], environment: environment)
            #expect(shown.stdout.contains("realm") && shown.stdout.range(of: #"realm\s+root\s+default"#, options: .regularExpression) != nil,
                    "\(shown.stdout)")
            let login = try await JourneyProcess.run(["login", "--url", server.url] + answers, environment: environment)
            #expect(login.status == 0, "\(login.stderr)")

            // Naming nothing goes on with the instance as it last ran, and says so.
            let kept = try await JourneyProcess.run(["config", "show"], environment: environment)
            #expect(kept.stdout.contains("kept by instance default from its last run"), "\(kept.stdout)")
            let again = try await JourneyProcess.run(["login", "--realm", "nosuch"] + answers, environment: environment)
            #expect(again.stderr.contains("url: kept by instance default from its last run; realm: flag --realm"), "\(again.stderr)")
        }
    }
}
