import Foundation
import JourneyEngine
import JourneyProfiles
import Orchestrate
import Testing

/// How much of profiles.yaml a command reads: nothing without a profile, the file once with
/// one or with all of them, and never a file over the size limit.
@Suite struct ProfilesReadingTests {
    /// Comment lines up to exactly `size` bytes, then a profile: valid YAML of that size.
    static func text(ofSize size: Int) -> String {
        let profile = "lab:\n  url: https://am.example.com/am\n"
        let line = "# " + String(repeating: "x", count: 97) + "\n"
        var text = String(repeating: line, count: (size - profile.utf8.count - 2) / line.utf8.count)
        text += "#" + String(repeating: "x", count: size - profile.utf8.count - text.utf8.count - 2) + "\n"
        return text + profile
    }

    @Test func aFileOverTheLimitIsRefusedNamingTheFileItsSizeAndTheLimit() throws {
        let file = try profilesFile(Self.text(ofSize: ProfilesFile.sizeLimit + 1))
        #expect {
            try file.read()
        } throws: { error in
            "\(error)" == "\(file.path): it is 1,048,577 bytes (1.0 MiB), more than the 1,048,576 bytes (1.0 MiB) a profiles file may hold; "
                + "move the profiles you do not use to another file (JOURNEY_PROFILES names the file to read)"
        }
        let resolving = #expect(throws: OptionErrors.self) {
            try OptionsResolver.resolve(OptionLayers(environment: [:], profileName: "lab", profilesFile: file))
        }
        #expect(resolving?.description.contains("1,048,577 bytes") == true)
        // Text handed over directly (a watched save, a file about to be written) is held to the same limit.
        #expect(throws: ProfilesFileError.self) {
            try ProfilesDocument(path: file.path, text: Self.text(ofSize: ProfilesFile.sizeLimit + 1))
        }
    }

    @Test func aFileOfExactlyTheLimitIsRead() throws {
        let file = try profilesFile(Self.text(ofSize: ProfilesFile.sizeLimit))
        #expect(try file.read().names == ["lab"])
    }

    @Test func withoutAProfileNamedTheFileIsNotRead() throws {
        let flags: [OptionKey: OptionLayers.FlagValue] = [.url: .init(.text("http://127.0.0.1:1/am"), source: .flag("--url"))]
        for text in ["lab:\n  url: http://a/am\nother:\n  url: [unclosed\n", "lab:\n  realmm: x\n", Self.text(ofSize: ProfilesFile.sizeLimit + 1)] {
            let file = try profilesFile(text)
            let resolved = try OptionsResolver.resolve(OptionLayers(flags: flags, environment: [:], profilesFile: file))
            #expect(resolved.options.url == "http://127.0.0.1:1/am")
            #expect(resolved.profileName == nil)
        }
    }

    @Test func everyProfileIsResolvedFromTheFileAsReadOnce() throws {
        let file = try profilesFile(labProfile)
        let document = try file.read()
        // Resolution works from what was read: the file is not opened again, for one profile or all.
        try FileManager.default.removeItem(atPath: file.path)
        let lab = try OptionsResolver.resolve(OptionLayers(environment: [:], profileName: "lab", profilesFile: file), in: document)
        #expect(lab.options.realmText == "alpha")
        #expect(lab.sources[.realm] == .profile(name: "lab", file: file.path, line: 4))
        #expect(lab.options.sslPinningPublicKeyHashes == ["C5+lpZ7tcVwmwQIMcRtPbsQtWLABXhQzejna0wHFr8M="])
        let all = try ProfileCatalog.resolveAll(OptionLayers(environment: [:], profilesFile: file), flaggedProfile: nil, document: document).profiles
        #expect(all.keys.sorted() == ["lab", "other"])
        #expect(all["other"]?.url == "http://127.0.0.1:8180/am")
    }

    @Test func eachProfileKeepsItsValuesAsWritten() throws {
        let document = try ProfilesDocument(path: "profiles.yaml", text: labProfile)
        let lab = try #require(document.profile(named: "lab"))
        #expect(lab.values[.timeout] == .text("12"))
        #expect(lab.values[.headers] == .list(["X-Tenant: lab"]))
        #expect(lab.optionLines[.headers] == 12)
        #expect(document.profile(named: "other")?.values == [.url: .text("http://127.0.0.1:8180/am")])
        #expect(document.profile(named: "prod") == nil)
    }
}
