import Foundation
import JourneyEngine
import JourneyProfiles
import Synchronization
import Testing

/// The watcher the UI runs: every saved version of profiles.yaml, resolved, or what is wrong
/// with it and where; the same version twice is reported once.
@Suite struct ProfilesWatcherTests {
    /// Collects what the watcher reports, for waiting on.
    final class Reports: Sendable {
        private let outcomes = Mutex<[ProfilesWatcher.Outcome]>([])

        func append(_ outcome: ProfilesWatcher.Outcome) {
            outcomes.withLock { $0.append(outcome) }
        }

        var all: [ProfilesWatcher.Outcome] { outcomes.withLock { $0 } }

        /// Waits until `count` reports are in (a generous deadline: a loaded machine polls late).
        func wait(for count: Int) async throws -> ProfilesWatcher.Outcome {
            let deadline = ContinuousClock.now + .seconds(30)
            while all.count < count {
                try #require(ContinuousClock.now < deadline, "the watcher reported \(all.count) of \(count) changes")
                try await Task.sleep(for: .milliseconds(20))
            }
            return all[count - 1]
        }
    }

    /// Writes the file as an editor that saves in place would, with a later modification time.
    func save(_ text: String, to file: ProfilesFile) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: file.path))
        let later = Date().addingTimeInterval(Double.random(in: 1...1000))
        try FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: file.path)
    }

    @Test func aSavedEditIsReportedResolvedAndABrokenFileSaysWhereItIsWrong() async throws {
        let file = try profilesFile(labProfile)
        let watcher = ProfilesWatcher(layers: OptionLayers(environment: [:], profilesFile: file), flaggedProfile: nil,
                                      pollInterval: .milliseconds(50))
        let reports = Reports()
        let watching = Task { await watcher.run { reports.append($0) } }
        defer { watching.cancel() }
        // The first outcome is the baseline; give the watcher time to take it.
        try await Task.sleep(for: .milliseconds(300))
        #expect(reports.all.isEmpty)

        try save(labProfile.replacingOccurrences(of: "realm: alpha", with: "realm: bravo"), to: file)
        let edited = try await reports.wait(for: 1)
        let profiles = try edited.get().profiles
        #expect(profiles["lab"]?.realmText == "bravo")
        #expect(profiles["other"]?.url == "http://127.0.0.1:8180/am")

        // YAML that does not parse: the provider keeps its last version; the watcher says where.
        try save(labProfile.replacingOccurrences(of: "realm: alpha", with: "realm: [bravo"), to: file)
        guard case .failure(let broken) = try await reports.wait(for: 2) else {
            Issue.record("a file that does not parse was reported as loaded")
            return
        }
        #expect(broken.description.contains(file.path))

        // A value that parses but cannot be used blocks only its profile: named with its line,
        // while the other profile loads and follows its own edits.
        try save(labProfile.replacingOccurrences(of: "timeout: 12", with: "timeout: -3"), to: file)
        let partly = try await reports.wait(for: 3).get()
        #expect(partly.profiles["lab"] == nil)
        let invalid = try #require(partly.problems["lab"])
        #expect(invalid.description.contains("timeout \"-3\""))
        #expect(invalid.description.contains("\(file.path):6"))
        #expect(partly.profiles["other"]?.url == "http://127.0.0.1:8180/am")
        try save(labProfile.replacingOccurrences(of: "timeout: 12", with: "timeout: -3").replacingOccurrences(of: "8180", with: "8181"), to: file)
        let otherEdited = try await reports.wait(for: 4).get()
        #expect(otherEdited.profiles["other"]?.url == "http://127.0.0.1:8181/am", "the good profile reloads live beside the broken one")
        #expect(otherEdited.problems.keys.sorted() == ["lab"])

        try save(labProfile, to: file)
        let fixed = try await reports.wait(for: 5).get()
        #expect(fixed.profiles["lab"]?.realmText == "alpha")
        #expect(fixed.problems.isEmpty)
        try await Task.sleep(for: .milliseconds(300))
        #expect(reports.all.count == 5, "an unchanged file is not reported again")
    }

    @Test func aSaveOverTheSizeLimitIsRefusedWithItsSize() async throws {
        let file = try profilesFile(labProfile)
        let watcher = ProfilesWatcher(layers: OptionLayers(environment: [:], profilesFile: file), flaggedProfile: nil,
                                      pollInterval: .milliseconds(50))
        let reports = Reports()
        let watching = Task { await watcher.run { reports.append($0) } }
        defer { watching.cancel() }
        try await Task.sleep(for: .milliseconds(300))

        try save(ProfilesReadingTests.text(ofSize: ProfilesFile.sizeLimit + 1), to: file)
        guard case .failure(let tooLarge) = try await reports.wait(for: 1) else {
            Issue.record("a file over the size limit was reported as loaded")
            return
        }
        #expect(tooLarge.description.contains("\(file.path): it is 1,048,577 bytes"))
        #expect(tooLarge.description.contains("more than the 1,048,576 bytes"))
        try save(labProfile, to: file)
        #expect(try await reports.wait(for: 2).get().profiles["lab"]?.realmText == "alpha")
    }

    @Test func theCommandLinesFlagsApplyToTheProfileItOpenedOnly() async throws {
        let file = try profilesFile(labProfile)
        let layers = OptionLayers(flags: [.timeout: .init(.text("3"), source: .flag("--timeout"))], environment: [:], profilesFile: file)
        let profiles = try ProfileCatalog.resolveAll(layers, flaggedProfile: "lab").profiles
        #expect(profiles["lab"]?.timeoutSeconds == 3)
        #expect(profiles["other"]?.timeoutSeconds == 30)
    }
}
