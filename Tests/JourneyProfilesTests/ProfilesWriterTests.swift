import Foundation
import JourneyEngine
import JourneyProfiles
import Orchestrate
import Testing

@Suite struct ProfilesWriterTests {
    static let existing = """
    # Team profiles — keep this comment
    lab:   # the lab AM
      url: https://am.lab.example.com/am
      realm: alpha    # odd spacing stays

    # production, below lab
    prod:
      url: https://am.example.com/am
    """

    static let values: [OptionKey: OptionValue] = [
        .url: .text("https://new.example.com/am"), .realm: .text("beta"), .timeout: .text("12"),
        .enableCookie: .text("false"), .cookieName: .text("null"), .authServiceName: .text("Bob's\"Login\""),
        .sslPinningPublicKeyHashes: .list([SDKExampleFiles.pinA, SDKExampleFiles.pinB]),
    ]

    @Test func appendsAProfileAndKeepsTheRestByteForByte() async throws {
        let file = try profilesFile(Self.existing)
        let written = try ProfilesWriter(file: file).write(profile: "new", values: Self.values)
        let text = try String(contentsOfFile: file.path, encoding: .utf8)
        #expect(text.hasPrefix(Self.existing + "\n"))
        #expect(written.name == "new" && written.path == file.path && written.line == 9 && !written.replaced)
        #expect(text.split(separator: "\n", omittingEmptySubsequences: false)[8] == "new:")
        let resolved = try OptionsResolver.resolve(OptionLayers(environment: [:], profileName: "new", profilesFile: file))
        #expect(resolved.options.url == "https://new.example.com/am")
        #expect(resolved.options.cookieName == "null")
        #expect(resolved.options.enableCookie == false)
        #expect(resolved.options.timeoutSeconds == 12)
        #expect(resolved.options.authServiceName == "Bob's\"Login\"")
        #expect(resolved.options.sslPinningPublicKeyHashes == [SDKExampleFiles.pinA, SDKExampleFiles.pinB])
        #expect(resolved.sources[.realm] == .profile(name: "new", file: file.path, line: 11))
    }

    @Test func refusesAnExistingNameAndLeavesTheFileAlone() throws {
        let file = try profilesFile(Self.existing)
        #expect(throws: ProfilesWriteError.exists(name: "lab", path: file.path, line: 2)) {
            try ProfilesWriter(file: file).write(profile: "lab", values: Self.values)
        }
        #expect(try String(contentsOfFile: file.path, encoding: .utf8) == Self.existing)
    }

    @Test func replacesOnlyThatProfilesBlock() async throws {
        let file = try profilesFile(Self.existing)
        let written = try ProfilesWriter(file: file).write(profile: "lab", values: [.url: .text("https://other.example.com/am")], replace: true)
        #expect(written.replaced)
        #expect(try String(contentsOfFile: file.path, encoding: .utf8) == """
        # Team profiles — keep this comment
        lab:
          url: https://other.example.com/am

        # production, below lab
        prod:
          url: https://am.example.com/am
        """)
        let resolved = try OptionsResolver.resolve(OptionLayers(environment: [:], profileName: "lab", profilesFile: file))
        #expect(resolved.options.realmText == "root")
    }

    @Test func replacesTheLastProfile() throws {
        let file = try profilesFile(Self.existing + "\n")
        try ProfilesWriter(file: file).write(profile: "prod", values: [.url: .text("https://p2.example.com/am")], replace: true)
        let text = try String(contentsOfFile: file.path, encoding: .utf8)
        #expect(text.hasSuffix("prod:\n  url: https://p2.example.com/am\n"))
        #expect(text.hasPrefix(Self.existing.components(separatedBy: "prod:")[0]))
    }

    @Test func explainsWhenAProfileCannotBeReplacedSafely() throws {
        let inline = "lab: {url: https://am.lab.example.com/am}\nprod:\n  url: https://am.example.com/am\n"
        let file = try profilesFile(inline)
        #expect {
            try ProfilesWriter(file: file).write(profile: "lab", values: Self.values, replace: true)
        } throws: { error in
            guard case .cannotReplace(let name, _, let reason)? = error as? ProfilesWriteError else { return false }
            return name == "lab" && reason.contains("on a line of its own")
        }
        let anchored = "base:\n  url: &shared https://am.example.com/am\nlab:\n  url: *shared\n"
        let anchoredFile = try profilesFile(anchored)
        #expect {
            try ProfilesWriter(file: anchoredFile).write(profile: "base", values: Self.values, replace: true)
        } throws: { error in
            guard case .cannotReplace(_, _, let reason)? = error as? ProfilesWriteError else { return false }
            return reason.contains("would not read as profiles afterwards")
        }
        #expect(try String(contentsOfFile: file.path, encoding: .utf8) == inline)
        #expect(try String(contentsOfFile: anchoredFile.path, encoding: .utf8) == anchored)
    }

    @Test func makesAPrivateFileInAPrivateFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("journeyterm-writer-\(UUID().uuidString)/journeyterm")
        let file = ProfilesFile(path: folder.appendingPathComponent("profiles.yaml").path)
        let written = try ProfilesWriter(file: file).write(profile: "lab", values: [.url: .text("https://am.example.com/am")])
        #expect(written.line == 1)
        let folderMode = try FileManager.default.attributesOfItem(atPath: folder.path)[.posixPermissions] as? Int
        let fileMode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(folderMode == 0o700)
        #expect(fileMode == 0o600)
        #expect(try String(contentsOfFile: file.path, encoding: .utf8) == "lab:\n  url: https://am.example.com/am\n")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(leftovers == ["profiles.yaml"])
    }

    @Test func refusesABadNameAndABrokenFile() throws {
        let file = try profilesFile("lab:\n  url: [unclosed\n")
        #expect(throws: ProfilesWriteError.invalidName("a.b")) {
            try ProfilesWriter(file: file).write(profile: "a.b", values: Self.values)
        }
        #expect {
            try ProfilesWriter(file: file).write(profile: "new", values: Self.values)
        } throws: { error in
            if case .unreadable? = error as? ProfilesWriteError { return true }
            return false
        }
    }

    @Test func writesThroughASymbolicLinkAndKeepsIt() throws {
        // Dotfiles kept in a repository: ~/.config/journeyterm/profiles.yaml → ../../dotfiles/profiles.yaml.
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("journeyterm-link-\(UUID().uuidString)")
        let dotfiles = root.appendingPathComponent("dotfiles")
        let config = root.appendingPathComponent("config/journeyterm")
        try FileManager.default.createDirectory(at: dotfiles, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        let target = dotfiles.appendingPathComponent("profiles.yaml").path
        try Data(Self.existing.utf8).write(to: URL(fileURLWithPath: target))
        let link = config.appendingPathComponent("profiles.yaml").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "../../dotfiles/profiles.yaml")

        try ProfilesWriter(file: ProfilesFile(path: link)).write(profile: "new", values: [.url: .text("https://new.example.com/am")])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "../../dotfiles/profiles.yaml")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == Self.existing + "\nnew:\n  url: https://new.example.com/am\n")
        #expect(try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? Int == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dotfiles.path) == ["profiles.yaml"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: config.path) == ["profiles.yaml"])
    }

    @Test func writesTheTargetOfALinkThatPointsNowhereYet() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("journeyterm-link-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let link = root.appendingPathComponent("profiles.yaml").path
        let target = root.appendingPathComponent("dotfiles/journeyterm/profiles.yaml").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)

        try ProfilesWriter(file: ProfilesFile(path: link)).write(profile: "lab", values: [.url: .text("https://am.example.com/am")])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "lab:\n  url: https://am.example.com/am\n")
        #expect(try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? Int == 0o600)
        let folder = (target as NSString).deletingLastPathComponent
        #expect(try FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? Int == 0o700)
    }

    @Test func refusesALinkThatGoesRoundInALoop() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("journeyterm-link-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let link = root.appendingPathComponent("profiles.yaml").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "profiles.yaml")
        #expect {
            try ProfilesWriter(file: ProfilesFile(path: link)).write(profile: "lab", values: [.url: .text("https://am.example.com/am")])
        } throws: { error in
            "\(error)".contains("go round in a loop")
        }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "profiles.yaml")
    }
}
