import DemoAM
import Foundation
import Testing

/// `journey load` with the client options of `journey login` (`--profile`, flags), and the
/// profile key `loadAllowed` that lets a run go to a server that is not loopback. The server
/// "not on loopback" here is `0.0.0.0`: not loopback by the rule, yet this machine, so an
/// allowed run reaches only the demo AM.
@Suite(.serialized)
struct LoadProfileCommandTests {
    /// The demo AM's URL with its host `0.0.0.0`.
    private static func unspecifiedHost(_ url: String) -> String {
        url.replacingOccurrences(of: "127.0.0.1", with: "0.0.0.0")
    }

    private static let signIn = ["--answer", "User Name=demo", "--answer", "Password=Demo-pass1"]

    @Test func aProfileNamesTheServerAndTheJourneyAsForJourneyLogin() async throws {
        try await DemoAM.running { demo in
            let (environment, _, cleanup) = try ProfileCommandTests.folders("""
            lab:
              url: \(demo.baseURL)
              authServiceName: NoSuchJourney
              headers: ["X-Load: 1"]
            """)
            defer { cleanup() }
            let byProfile = try await JourneyProcess.run(["load", "--profile", "lab"] + Self.signIn + ["--iterations", "2"],
                                                         environment: environment)
            #expect(byProfile.status == 0, "\(byProfile.stderr)")
            #expect(byProfile.stdout.contains("errors: 2 (100.00 %)"), "\(byProfile.stdout)")
            let named = try await JourneyProcess.run(["load", "--profile", "lab", "--tree", "Login"] + Self.signIn
                                                     + ["--iterations", "3", "--fail-if", "errors > 0"], environment: environment)
            #expect(named.status == 0, "\(named.stdout)\(named.stderr)")
            #expect(named.stdout.hasPrefix("3 journeys in "), "\(named.stdout)")
            #expect(named.stdout.contains("UsernamePassword"), "\(named.stdout)")
        }
    }

    @Test func aProfileOffLoopbackIsRefusedWithoutItsKeyAndLoadedWithIt() async throws {
        try await DemoAM.running { demo in
            let url = Self.unspecifiedHost(demo.baseURL)
            let (environment, profiles, cleanup) = try ProfileCommandTests.folders("far:\n  url: \(url)\n")
            defer { cleanup() }
            let run = ["load", "--profile", "far"] + Self.signIn + ["--iterations", "2", "--fail-if", "errors > 0"]
            let refused = try await JourneyProcess.run(run, environment: environment)
            #expect(refused.status == 64)
            #expect(refused.stderr.contains("Refusing to load 0.0.0.0"), "\(refused.stderr)")
            #expect(refused.stderr.contains("--i-own-this-server, or loadAllowed: true"), "\(refused.stderr)")

            try Data("far:\n  url: \(url)\n  loadAllowed: true\n".utf8).write(to: profiles)
            let allowed = try await JourneyProcess.run(run, environment: environment)
            #expect(allowed.status == 0, "\(allowed.stdout)\(allowed.stderr)")
            #expect(allowed.stdout.hasPrefix("2 journeys in "), "\(allowed.stdout)")

            // The key vouches for the profile's server: a --url replaces it, and only the flag allows that.
            let moved = try await JourneyProcess.run(run + ["--url", url],
                                                     environment: environment)
            #expect(moved.status == 64 && moved.stderr.contains("Refusing to load 0.0.0.0"), "\(moved.stderr)")
            // So does JOURNEY_URL, which also takes the profile's place.
            var elsewhere = environment
            elsewhere["JOURNEY_URL"] = url
            let movedByEnvironment = try await JourneyProcess.run(run, environment: elsewhere)
            #expect(movedByEnvironment.status == 64 && movedByEnvironment.stderr.contains("Refusing to load 0.0.0.0"),
                    "\(movedByEnvironment.stderr)")
            // Said in the environment, the key is the person's own word for the server they name.
            try Data("far:\n  url: \(url)\n".utf8).write(to: profiles)
            var owned = environment
            owned["JOURNEY_LOAD_ALLOWED"] = "true"
            let allowedByEnvironment = try await JourneyProcess.run(run, environment: owned)
            #expect(allowedByEnvironment.status == 0, "\(allowedByEnvironment.stdout)\(allowedByEnvironment.stderr)")
        }
    }

    @Test func testFilesTakeTheProfileOverTheirOwnAndItsKey() async throws {
        try await DemoAM.running { demo in
            let (environment, profiles, cleanup) = try ProfileCommandTests.folders("""
            lab:
              url: \(demo.baseURL)
            far:
              url: \(Self.unspecifiedHost(demo.baseURL))
            """)
            defer { cleanup() }
            let test = profiles.deletingLastPathComponent().appending(path: "login.yaml")
            try Data("""
            name: Login signs in
            profile: nowhere
            journey: Login
            steps:
              - answers: {User Name: demo, Password: Demo-pass1}
            expect:
              outcome: success
            """.utf8).write(to: test)
            let run = ["load", test.path, "--iterations", "2", "--fail-if", "errors > 0"]
            let withProfile = try await JourneyProcess.run(run + ["--profile", "lab"], environment: environment)
            #expect(withProfile.status == 0, "\(withProfile.stdout)\(withProfile.stderr)")
            #expect(withProfile.stdout.hasPrefix("2 journeys in "), "\(withProfile.stdout)")

            let refused = try await JourneyProcess.run(run + ["--profile", "far"], environment: environment)
            #expect(refused.status == 64 && refused.stderr.contains("Refusing to load 0.0.0.0"), "\(refused.stderr)")
            try Data((try String(contentsOf: profiles, encoding: .utf8) + "\n  loadAllowed: true\n").utf8).write(to: profiles)
            let allowed = try await JourneyProcess.run(run + ["--profile", "far"], environment: environment)
            #expect(allowed.status == 0, "\(allowed.stdout)\(allowed.stderr)")
            let moved = try await JourneyProcess.run(run + ["--profile", "far", "--url", Self.unspecifiedHost(demo.baseURL)],
                                                     environment: environment)
            #expect(moved.status == 64 && moved.stderr.contains("Refusing to load 0.0.0.0"), "\(moved.stderr)")

            // A test file's own url: takes the place of the profile's server, which is all the key covers.
            let ownURL = profiles.deletingLastPathComponent().appending(path: "own-url.yaml")
            try Data("""
            name: Login signs in
            profile: far
            url: \(Self.unspecifiedHost(demo.baseURL))/
            journey: Login
            steps:
              - answers: {User Name: demo, Password: Demo-pass1}
            expect:
              outcome: success
            """.utf8).write(to: ownURL)
            let ownServer = try await JourneyProcess.run(["load", ownURL.path, "--iterations", "1"], environment: environment)
            #expect(ownServer.status == 64 && ownServer.stderr.contains("Refusing to load 0.0.0.0"), "\(ownServer.stderr)")

            let mixed = try await JourneyProcess.run(run + ["--profile", "lab", "--timeout", "5"], environment: environment)
            #expect(mixed.status == 64 && mixed.stderr.contains("--timeout cannot be used with test files"), "\(mixed.stderr)")
        }
    }

    /// Every place a run sends to is checked, not only the server: an endpoint moved to another
    /// host, a test's API call, a `--cases` row that puts a host in the call's URL.
    @Test func everyDestinationIsCheckedNotOnlyTheServer() async throws {
        try await DemoAM.running { demo in
            let elsewhere = Self.unspecifiedHost(demo.baseURL)
            let endpoint = try await JourneyProcess.run(["load", "--url", demo.baseURL, "--authenticate-endpoint",
                                                         "\(elsewhere)/json/realms/root/authenticate"] + Self.signIn + ["--iterations", "1"])
            #expect(endpoint.status == 64 && endpoint.stderr.contains("Refusing to load 0.0.0.0"), "\(endpoint.stderr)")

            let folder = FileManager.default.temporaryDirectory.appending(path: "load-destinations-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let test = folder.appending(path: "api.yaml")
            try Data("""
            name: Login calls an API
            url: \(demo.baseURL)
            journey: Login
            vars: {api: "\(demo.baseURL.replacingOccurrences(of: "/am", with: ""))"}
            oauthClientId: journeyterm
            oauthRedirectUri: urn:journeyterm:callback
            oauthScope: openid profile email
            steps:
              - answers: {User Name: demo, Password: Demo-pass1}
            expect:
              outcome: success
              request:
                url: ${api}/api/profile
            """.utf8).write(to: test)
            let run = ["load", test.path, "--iterations", "1"]
            let onLoopback = try await JourneyProcess.run(run + ["--fail-if", "errors > 0"])
            #expect(onLoopback.status == 0, "\(onLoopback.stdout)\(onLoopback.stderr)")
            let cases = folder.appending(path: "cases.csv")
            try Data("api\n\(elsewhere.replacingOccurrences(of: "/am", with: ""))\n".utf8).write(to: cases)
            let byRow = try await JourneyProcess.run(run + ["--cases", cases.path])
            #expect(byRow.status == 64 && byRow.stderr.contains("Refusing to load 0.0.0.0"), "\(byRow.stderr)")
            let owned = try await JourneyProcess.run(run + ["--cases", cases.path, "--i-own-this-server"])
            #expect(owned.status == 0, "\(owned.stdout)\(owned.stderr)")
        }
    }
}
