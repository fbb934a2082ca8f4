import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// Profiles, the environment and flags as a person uses them: `journey config show`,
/// `journey profiles …`, and `journey login --profile` followed by an edit of the profile that
/// moves it to another server (the instance signs out at the old one).
@Suite(.serialized)
struct ProfileCommandTests {
    /// A fresh config and state folder, with `profiles.yaml` holding `text`.
    static func folders(_ text: String) throws -> (environment: [String: String], profiles: URL, cleanup: () -> Void) {
        let root = FileManager.default.temporaryDirectory.appending(path: "journey-profiles-\(UUID().uuidString)")
        let config = root.appending(path: "config/journeyterm")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        let profiles = config.appending(path: "profiles.yaml")
        try Data(text.utf8).write(to: profiles)
        let environment = ["XDG_CONFIG_HOME": root.appending(path: "config").path, "XDG_STATE_HOME": root.appending(path: "state").path]
        return (environment, profiles, { try? FileManager.default.removeItem(at: root) })
    }

    /// A new profile saved by an editor that changed nothing still has the example address: it
    /// is not kept, and the file is as it was; an edited one is.
    @Test func aNewProfileLeftAsTheExampleIsNotKept() async throws {
        let (environment, profiles, cleanup) = try Self.folders("lab:\n  url: http://127.0.0.1:9/am\n")
        defer { cleanup() }
        let before = try String(contentsOf: profiles, encoding: .utf8)
        let untouched = try await JourneyProcess.run(["profiles", "edit", "newone"], environment: environment.merging(["EDITOR": "true", "VISUAL": ""]) { $1 })
        #expect(untouched.status == 64, "\(untouched.stderr)")
        #expect(untouched.stderr.contains("still had the example address https://am.example.com/am, so it is not kept"), "\(untouched.stderr)")
        #expect(try String(contentsOf: profiles, encoding: .utf8) == before, "the file is as it was")
        // An editor that sets the address keeps the profile (the path is its last argument).
        let script = profiles.deletingLastPathComponent().appending(path: "set-url.sh")
        try Data("#!/bin/sh\nfor f; do :; done\nsed -i 's#am.example.com#idp.example.org#' \"$f\"\n".utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: script.path)
        let edited = try await JourneyProcess.run(["profiles", "edit", "other"], environment: environment.merging(["EDITOR": script.path, "VISUAL": ""]) { $1 })
        #expect(edited.status == 0, "\(edited.stderr)")
        #expect(try String(contentsOf: profiles, encoding: .utf8).contains("https://idp.example.org/am"))
    }

    @Test func configShowNamesTheSourceOfEveryValue() async throws {
        let (environment, profiles, cleanup) = try Self.folders("lab:\n  url: http://127.0.0.1:9/am\n  realm: alpha\n")
        defer { cleanup() }
        let shown = try await JourneyProcess.run(["config", "show", "--profile", "lab", "--timeout", "5", "--json"],
                                                 environment: environment.merging(["JOURNEY_COOKIE_NAME": "envCookie"]) { $1 })
        #expect(shown.status == 0, "\(shown.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
        let options = try #require(json["options"] as? [String: [String: Any]])
        #expect(options["realm"]?["value"] as? String == "alpha")
        #expect(options["realm"]?["source"] as? String == "profile lab (\(profiles.path):3)")
        #expect(options["timeout"]?["source"] as? String == "flag --timeout")
        #expect(options["cookieName"]?["source"] as? String == "environment JOURNEY_COOKIE_NAME")
        #expect(options["authServiceName"]?["source"] as? String == "default")
        let listed = try await JourneyProcess.run(["profiles", "list"], environment: environment)
        #expect(listed.stdout.contains("lab              http://127.0.0.1:9/am · realm alpha"), "\(listed.stdout)")
        let validated = try await JourneyProcess.run(["profiles", "validate"], environment: environment)
        #expect(validated.status == 0 && validated.stdout.contains("✓ lab"), "\(validated.stdout)\(validated.stderr)")
    }

    @Test func configShowWithNothingNamedListsTheDefaultsAndWhatIsStillNeeded() async throws {
        let (environment, _, cleanup) = try Self.folders("lab:\n  url: http://127.0.0.1:9/am\n")
        defer { cleanup() }
        let shown = try await JourneyProcess.run(["config", "show"], environment: environment)
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("cookieName                iPlanetDirectoryPro"), "\(shown.stdout)")
        #expect(shown.stdout.contains("Still needed: url"), "\(shown.stdout)")
        let json = try await JourneyProcess.run(["config", "show", "--json"], environment: environment)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((object["options"] as? [String: [String: Any]])?["realm"]?["value"] as? String == "root")
        // A value given without a url is still refused: something was asked for.
        let realmOnly = try await JourneyProcess.run(["config", "show", "--realm", "alpha"], environment: environment)
        #expect(realmOnly.status == 64, "\(realmOnly.stdout)")
    }

    @Test func badValuesAreRefusedBeforeAnythingIsSent() async throws {
        let (environment, profiles, cleanup) = try Self.folders("lab:\n  url: http://127.0.0.1:9/am\n  timeout: 0\n  realmm: x\n")
        defer { cleanup() }
        let refused = try await JourneyProcess.run(["login", "--profile", "lab"], environment: environment)
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("\(profiles.path):4: unknown option \"realmm\" in profile lab. Did you mean realm?"), "\(refused.stderr)")
        let validate = try await JourneyProcess.run(["profiles", "validate"], environment: environment)
        #expect(validate.status == 64)
    }

    @Test func aBrokenProfileBlocksOnlyItself() async throws {
        let server = try await JourneyProcess.Server()
        let text = "bad:\n  url: http://127.0.0.1:9/am\n  timeout: -3\nodd:\n  url: http://127.0.0.1:9/am\n  realmm: x\ngood:\n  url: \(server.url)\n"
        let (environment, profiles, cleanup) = try Self.folders(text)
        defer { cleanup() }
        let listed = try await JourneyProcess.run(["profiles", "list"], environment: environment)
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains("good             \(server.url) · realm root"), "\(listed.stdout)")
        #expect(listed.stdout.contains("bad              cannot be used:\n  timeout \"-3\" cannot be used"), "\(listed.stdout)")
        #expect(listed.stdout.contains("(from profile bad (\(profiles.path):3))"), "the problem names where it comes from")
        #expect(listed.stdout.contains("odd              cannot be used:\n  \(profiles.path):6: unknown option \"realmm\" in profile odd. Did you mean realm?"),
                "\(listed.stdout)")
        let login = try await JourneyProcess.run(["login", "--profile", "good", "--answer", "User Name=demo", "--answer", "Password=Demo-pass1"],
                                                 environment: environment)
        #expect(login.status == 0, "\(login.stderr)")
        let refused = try await JourneyProcess.run(["login", "--profile", "odd"], environment: environment)
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("\(profiles.path):6: unknown option \"realmm\""), "\(refused.stderr)")
        #expect(await server.interrupt() == 0)
    }

    @Test func aCommandWithoutAProfileDoesNotDependOnTheProfilesFile() async throws {
        let oversized = "lab:\n  url: http://127.0.0.1:9/am\n" + String(repeating: "# padding to more than the limit\n", count: 40_000)
        for text in ["lab:\n  url: http://127.0.0.1:9/am\nother:\n  realmm: x\n", "lab:\n  url: [unclosed\n", oversized] {
            let (environment, _, cleanup) = try Self.folders(text)
            defer { cleanup() }
            let login = try await JourneyProcess.run(["login", "--url", "http://127.0.0.1:1/am", "--tree", "x"], environment: environment)
            #expect(login.status == 3, "\(login.stderr)")
            #expect(login.stderr.contains("Could not connect to http://127.0.0.1:1/am"), "\(login.stderr)")
        }
    }

    @Test func aProfilesFileOverTheLimitIsRefusedWithItsSizeAndTheLimit() async throws {
        let text = "lab:\n  url: http://127.0.0.1:9/am\n" + String(repeating: "# padding to more than the limit\n", count: 40_000)
        let (environment, profiles, cleanup) = try Self.folders(text)
        defer { cleanup() }
        for arguments in [["profiles", "list"], ["login", "--profile", "lab"]] {
            let refused = try await JourneyProcess.run(arguments, environment: environment)
            #expect(refused.status == 64)
            #expect(refused.stderr.contains("\(profiles.path): it is 1,320,034 bytes (1.3 MiB), more than the 1,048,576 bytes (1.0 MiB)"),
                    "\(refused.stderr)")
        }
    }

    @Test func editingTheProfilesServerSignsOutAtTheOldServer() async throws {
        let old = try await JourneyProcess.Server()
        let new = try await JourneyProcess.Server()
        let oauth = "  oauthClientId: journeyterm\n  oauthRedirectUri: http://127.0.0.1/callback\n  oauthScope: openid profile\n"
        let (environment, profiles, cleanup) = try Self.folders("lab:\n  url: \(old.url)\n" + oauth)
        defer { cleanup() }
        let login = try await JourneyProcess.run(["login", "--profile", "lab", "--answer", "User Name=demo",
                                                  "--answer", "Password=Demo-pass1"], environment: environment)
        #expect(login.status == 0, "\(login.stderr)")
        let same = try await JourneyProcess.run(["token"], environment: environment)
        #expect(same.status == 0, "\(same.stderr)")
        #expect(!same.stderr.contains("signed out"))

        try Data("lab:\n  url: \(new.url)\n\(oauth)".utf8).write(to: profiles)
        let moved = try await JourneyProcess.run(["session"], environment: environment)
        #expect(moved.stderr.contains("url changed, so the instance signed out at the old server \(old.url)"), "\(moved.stderr)")
        #expect(moved.stderr.contains("revoked at \(old.url)/oauth2/realms/root/token/revoke"))
        let oldRecord = try await Self.revocations(old.url)
        #expect((oldRecord["sessionsLoggedOut"] as? [[String: Any]])?.first?["user"] as? String == "demo")
        #expect((oldRecord["tokensRevoked"] as? [[String: Any]])?.isEmpty == false)
        let newRecord = try await Self.revocations(new.url)
        #expect((newRecord["sessionsLoggedOut"] as? [Any])?.isEmpty == true)
        #expect((newRecord["tokensRevoked"] as? [Any])?.isEmpty == true)
    }

    static func revocations(_ base: String) async throws -> [String: Any] {
        let (data, _) = try await URLSession.shared.data(from: try #require(URL(string: base + "/demo/revocations")))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }
}
