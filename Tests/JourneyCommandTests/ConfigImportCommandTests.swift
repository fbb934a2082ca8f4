import DemoAM
import Foundation
import Testing

/// `journey config import`, `export` and `discover` as a person runs them, each profile then
/// used to sign in at a demo AM.
@Suite(.serialized)
struct ConfigImportCommandTests {
    /// An empty config and state folder.
    static func folders() throws -> (environment: [String: String], root: URL) {
        let root = FileManager.default.temporaryDirectory.appending(path: "journey-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let environment = ["XDG_CONFIG_HOME": root.appending(path: "config").path, "XDG_STATE_HOME": root.appending(path: "state").path,
                           "JOURNEY_PROFILES": root.appending(path: "config/journeyterm/profiles.yaml").path]
        return (environment, root)
    }

    static let signIn = ["--answer", "User Name=demo", "--answer", "Password=Demo-pass1"]

    @Test func anImportedPlistSignsInAndExportsForAndroid() async throws {
        let server = try await JourneyProcess.Server()
        let (environment, root) = try Self.folders()
        defer { try? FileManager.default.removeItem(at: root) }
        let plist = root.appending(path: "FRAuthConfig.plist")
        try Data("""
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>forgerock_url</key>
        \t<string>\(server.url)</string>
        \t<key>forgerock_realm</key>
        \t<string>alpha</string>
        \t<key>forgerock_cookie_name</key>
        \t<string>\(DemoAM.sessionCookieName(forRealm: "alpha"))</string>
        \t<key>forgerock_timeout</key>
        \t<string>20</string>
        \t<key>forgerock_oauth_url</key>
        \t<string>\(server.url)</string>
        </dict>
        </plist>
        """.utf8).write(to: plist)

        let imported = try await JourneyProcess.run(["config", "import", plist.path, "--as", "lab"], environment: environment)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("  realm: alpha"))
        #expect(imported.stdout.contains("Not imported, no such option: forgerock_oauth_url"))
        #expect(imported.stdout.hasSuffix("Next: journey login --profile lab\n"))
        let again = try await JourneyProcess.run(["config", "import", plist.path, "--as", "lab"], environment: environment)
        #expect(again.status == 64)
        #expect(again.stderr.contains("There is already a profile lab"))

        let login = try await JourneyProcess.run(["login", "--profile", "lab"] + Self.signIn, environment: environment)
        #expect(login.status == 0, "\(login.stderr)")
        #expect(login.stdout.contains("/alpha"))

        let exported = try await JourneyProcess.run(["config", "export", "lab", "--format", "strings-xml"], environment: environment)
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(exported.stdout.contains("<string name=\"forgerock_url\" translatable=\"false\">\(server.url)</string>"))
        #expect(exported.stdout.contains("<integer name=\"forgerock_timeout\">20</integer>"))
        #expect(!exported.stdout.contains("forgerock_oauth_threshold"), "an option the profile does not set is left to the SDK's default")
        #expect(exported.stderr.hasPrefix("Not in the Android strings.xml: not set in the profile: left out, so the Android SDK's own defaults apply: "),
                "\(exported.stderr)")
        #expect(await server.interrupt() == 0)
    }

    @Test func aDiscoveredProfileSignsIn() async throws {
        let server = try await JourneyProcess.Server()
        let (environment, root) = try Self.folders()
        defer { try? FileManager.default.removeItem(at: root) }
        let found = try await JourneyProcess.run(["config", "discover", server.url, "--realm", "alpha", "--as", "found"], environment: environment)
        #expect(found.status == 0, "\(found.stderr)")
        #expect(found.stdout.contains("cookieName \(DemoAM.sessionCookieName(forRealm: "alpha"))"))
        #expect(found.stdout.contains("authorizeEndpoint: \(server.url)/oauth2/realms/root/realms/alpha/authorize"))
        let login = try await JourneyProcess.run(["login", "--profile", "found"] + Self.signIn, environment: environment)
        #expect(login.status == 0, "\(login.stderr)")

        let traced = try await JourneyProcess.run(["config", "discover", server.url, "--as", "traced", "--trace"], environment: environment)
        #expect(traced.status == 0, "\(traced.stderr)")
        #expect(traced.stderr.contains("→ GET \(server.url)/json/realms/root/serverinfo/*"), "\(traced.stderr)")
        #expect(traced.stderr.contains("← 200"))

        let nowhere = server.url.replacingOccurrences(of: "/am", with: "/nothing")
        let failed = try await JourneyProcess.run(["config", "discover", nowhere, "--as", "nowhere"], environment: environment)
        #expect(failed.status == 3)
        #expect(failed.stdout.contains("✗ authenticate  \(nowhere)/json/realms/root/authenticate"))
        #expect(failed.stderr.contains("No profile was written"))
        #expect(await server.interrupt() == 0)
    }

    @Test func anImportThroughASymlinkedProfilesFileWritesItsTarget() async throws {
        let (environment, root) = try Self.folders()
        defer { try? FileManager.default.removeItem(at: root) }
        // Dotfiles kept in a repository, linked into the config folder.
        let dotfiles = root.appending(path: "dotfiles")
        try FileManager.default.createDirectory(at: dotfiles, withIntermediateDirectories: true)
        let target = dotfiles.appending(path: "profiles.yaml")
        try Data("# mine\nlab:\n  url: http://127.0.0.1:9/am\n".utf8).write(to: target)
        let link = try #require(environment["JOURNEY_PROFILES"])
        try FileManager.default.createDirectory(atPath: (link as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target.path)
        let json = root.appending(path: "forgerock-config.json")
        try Data(#"{"serverConfig": {"baseUrl": "http://127.0.0.1:8/am/"}, "realmPath": "alpha"}"#.utf8).write(to: json)

        let imported = try await JourneyProcess.run(["config", "import", json.path, "--as", "web"], environment: environment)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target.path)
        let text = try String(contentsOf: target, encoding: .utf8)
        #expect(text.hasPrefix("# mine\nlab:\n  url: http://127.0.0.1:9/am\nweb:\n"), "\(text)")
        #expect(try FileManager.default.attributesOfItem(atPath: target.path)[.posixPermissions] as? Int == 0o600)
        let listed = try await JourneyProcess.run(["profiles", "list"], environment: environment)
        #expect(listed.stdout.contains("web              http://127.0.0.1:8/am · realm alpha"), "\(listed.stdout)")
    }
}

/// What `config import` says: the file once, with its format; bad XML in words.
struct ConfigImportWordingTests {
    @Test func theFileIsNamedOnceAndBadXMLIsSaidInWords() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "import-words-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let plist = folder.appending(path: "FRAuthConfig.plist")
        try Data(#"<?xml version="1.0"?><plist version="1.0"><dict><key>forgerock_url</key><string>https://a.example/am</string></dict></plist>"#.utf8)
            .write(to: plist)
        let environment = ["XDG_CONFIG_HOME": folder.path]
        let imported = try await JourneyProcess.run(["config", "import", plist.path, "--as", "ios"], environment: environment)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect((imported.stdout + imported.stderr).contains("Imported \(plist.path) (format: iOS FRAuthConfig.plist)."), "\(imported.stdout)\(imported.stderr)")
        let broken = folder.appending(path: "strings.xml")
        try Data(#"<resources><string name="forgerock_url">x</strin></resources>"#.utf8).write(to: broken)
        let refused = try await JourneyProcess.run(["config", "import", broken.path, "--as", "android"], environment: environment)
        #expect(refused.stderr.contains("it is not well-formed XML: an end tag does not match its start tag"), "\(refused.stderr)")
        #expect(!refused.stderr.contains("XMLParser error"))
    }
}
