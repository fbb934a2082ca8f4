import Foundation
import JourneyEngine
import Orchestrate
import Testing

/// Hostile and careless inputs given to `journey` itself (arguments, the environment, the
/// store folder, concurrent runs), against `journey serve`: what issue 17's probe found.
@Suite(.serialized)
struct HostileInputCommandTests {
    private static let answers = ["--answer", "User Name=demo", "--answer", "Password=Demo-pass1"]

    @Test func theClientSecretVariableIsHowIntrospectTakesItsSecret() async throws {
        try await ServedInstances.with { served in
            try await served.login("standard", preset: "step-up")
            let shown = try await JourneyProcess.run(["introspect", "--instance", "standard", "--client-id", "demo-api"],
                                                     environment: served.environment.merging(["JOURNEY_CLIENT_SECRET": "demo-api-secret"]) { $1 })
            #expect(shown.status == 0, "\(shown.stderr)")
            #expect(shown.stdout.contains("active") && !shown.stderr.contains("sets no option"))
        }
    }

    @Test func aHeaderWithAControlCharacterIsRefusedByNameAndNeverStored() async throws {
        try await ServedInstances.with { served in
            let login = ["login", "--url", served.server.url, "--instance", "h"] + Self.answers
            let refused = try await served.run(login + ["--header", "X-Api-Key: secret-value\u{1}"])
            #expect(refused.status == 64)
            #expect(refused.stderr.contains("X-Api-Key") && refused.stderr.contains("U+0001"), "\(refused.stderr)")
            #expect(!refused.stderr.contains("secret-value"), "the value is never printed")
            let instances = try await served.run(["instances"])
            #expect(!instances.stdout.contains("h "), "nothing was kept: \(instances.stdout)")
            let fine = try await served.run(login)
            #expect(fine.status == 0, "a later command does not fail the same way: \(fine.stderr)")
        }
    }

    @Test func storeNamesCannotOverwriteAnInstancesOwnRecordsOrAnotherRole() async throws {
        try await ServedInstances.with { served in
            let login = ["login", "--url", served.server.url] + Self.answers
            let profile = try await served.run(login + ["--instance", "default", "--session-store", "profile-default"])
            #expect(profile.status == 64 && profile.stderr.contains("JourneyTerm's own records"), "\(profile.stderr)")
            let twice = try await served.run(login + ["--instance", "x", "--token-store", "session"] + ServedInstances.standardClient
                                             + ["--redirect-uri", "http://127.0.0.1/callback"])
            #expect(twice.status == 64 && twice.stderr.contains("is named for both a session and OAuth tokens"), "\(twice.stderr)")
            // Another instance's session store named as this one's token store: refused before the journey.
            let first = try await served.run(login + ["--instance", "a", "--session-store", "s1"])
            #expect(first.status == 0, "\(first.stderr)")
            let second = try await served.run(login + ["--instance", "b", "--token-store", "s1"] + ServedInstances.standardClient
                                              + ["--redirect-uri", "http://127.0.0.1/callback"])
            #expect(second.status == 64 && second.stderr.contains("The s1 store holds a session, so it cannot also hold OAuth tokens"),
                    "\(second.stderr)")
            #expect(second.stderr.contains("Name another store for OAuth tokens (--session-store, --token-store or --cookie-store)."),
                    "the command line names its flags: \(second.stderr)")
            let session = try await served.run(["session", "--instance", "a"])
            #expect(session.status == 0, "a's session is intact: \(session.stderr)")
            let revocations = try await ProfileCommandTests.revocations(served.server.url)
            #expect((revocations["sessionsLoggedOut"] as? [Any])?.isEmpty == true, "nothing was signed in and lost")
        }
    }

    /// Ten logins into one instance at once: each displaced session is logged out by the run
    /// that displaced it, every run keeps its tokens, and the last session stays.
    @Test func concurrentLoginsOnOneInstanceOrphanNoSession() async throws {
        try await ServedInstances.with { served in
            let login = ["login", "--url", served.server.url, "--instance", "x", "--redirect-uri", "http://127.0.0.1/callback"]
                + ServedInstances.standardClient + Self.answers
            try await served.login("x", preset: "shared")  // the instance exists; its first session is displaced too
            let results = try await withThrowingTaskGroup(of: JourneyProcess.Result.self) { group in
                for _ in 0..<10 { group.addTask { try await served.run(login) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            for result in results {
                #expect(result.status == 0, "\(result.stderr)")
                #expect(!result.stderr.contains("no OAuth tokens"), "\(result.stderr)")
            }
            let revocations = try await ProfileCommandTests.revocations(served.server.url)
            #expect((revocations["sessionsLoggedOut"] as? [Any])?.count == 10, "every displaced session was logged out: \(revocations)")
            let session = try await served.run(["session", "--instance", "x"])
            #expect(session.status == 0, "the last session is kept and valid: \(session.stderr)")
            let token = try await served.run(["token", "--instance", "x"])
            #expect(token.status == 0, "\(token.stderr)")
        }
    }

    @Test func theStoreFolderFollowsNoLinks() async throws {
        try await ServedInstances.with { served in
            let folder = served.state.appending(path: "journeyterm")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let elsewhere = served.state.appending(path: "elsewhere.json")
            try Data("{}".utf8).write(to: elsewhere)
            try FileManager.default.createSymbolicLink(atPath: folder.appending(path: "session.json").path, withDestinationPath: elsewhere.path)
            try FileManager.default.createSymbolicLink(atPath: folder.appending(path: "cookies-l.lock").path,
                                                       withDestinationPath: served.state.appending(path: "planted.lock").path)
            let login = try await served.run(["login", "--url", served.server.url, "--instance", "l"] + Self.answers)
            #expect(login.status != 0)
            #expect(login.stderr.contains("symbolic link"), "\(login.stderr)")
            #expect(!FileManager.default.fileExists(atPath: served.state.appending(path: "planted.lock").path), "no file was made through a link")
        }
    }

    @Test func nothingToRefreshIsNotBadUsage() async throws {
        try await ServedInstances.with { served in
            let refresh = try await served.run(["token", "--refresh", "--instance", "never"])
            #expect(refresh.status == 1 && refresh.stderr.contains("nothing to refresh"), "\(refresh.stderr)")
        }
    }
}
