import Foundation
import JourneyEngine
import JourneyProfiles
import Orchestrate

/// `journey-bench profiles [--profiles 50,200,400,1000,2900]`: profiles.yaml files of that many
/// profiles (a dozen options each, two of them lists, a comment), and for each the time to read
/// and check the file, to resolve every profile from it (what `journey profiles list` does), and
/// to resolve options that name no profile (what `journey login --url …` does); then the refusal
/// of a 50 MiB file. The median of five runs each; both should grow linearly with the file.
func benchmarkProfiles(counts: [Int]) throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "journey-bench-profiles-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let clock = ContinuousClock()
    func median(_ work: () throws -> Void) rethrows -> Duration {
        var times: [Duration] = []
        for _ in 0..<5 {
            let start = clock.now
            try work()
            times.append(clock.now - start)
        }
        return times.sorted()[2]
    }
    let url: [OptionKey: OptionLayers.FlagValue] = [.url: .init(.text("http://127.0.0.1:1/am"), source: .flag("--url"))]
    for count in counts {
        let path = folder.appending(path: "profiles-\(count).yaml").path
        let text = profilesText(count: count)
        try Data(text.utf8).write(to: URL(filePath: path))
        let file = ProfilesFile(path: path)
        let read = try median { _ = try file.read() }
        let document = try file.read()
        let resolveAll = try median {
            for profile in document.profiles {
                _ = try OptionsResolver.resolve(OptionLayers(environment: [:], profileName: profile.name, profilesFile: file), in: document)
            }
        }
        let noProfile = try median { _ = try OptionsResolver.resolve(OptionLayers(flags: url, environment: [:], profilesFile: file)) }
        print("profiles: \(count) profiles (\(text.utf8.count / 1024) KiB): read and check \(format(read.inMilliseconds, 2)) ms, "
              + "every profile resolved \(format(resolveAll.inMilliseconds, 2)) ms (\(format(resolveAll.inSeconds / Double(count) * 1e6)) µs a profile), "
              + "no profile named \(format(noProfile.inMilliseconds, 3)) ms")
    }
    let big = folder.appending(path: "big.yaml").path
    try Data(profilesText(count: 147_000).utf8).write(to: URL(filePath: big))
    let refused = median { _ = try? ProfilesFile(path: big).read() }
    print("profiles: a 50 MiB file refused in \(format(refused.inMilliseconds, 3)) ms")
}

/// `count` profiles as people write them (the shape `scripts/measure-profiles` writes).
func profilesText(count: Int) -> String {
    var text = ""
    for index in 1...count {
        text += """
        # profile \(index)
        p\(index):
          url: https://am\(index).example.com/am
          realm: alpha
          cookieName: c\(index)
          timeout: 20
          oauthClientId: journeyterm
          oauthRedirectUri: http://127.0.0.1/callback
          oauthScope: openid profile
          authServiceName: Login
          sslPinningPublicKeyHashes:
            - C5+lpZ7tcVwmwQIMcRtPbsQtWLABXhQzejna0wHFr8M=
          headers:
            - "X-Tenant: t\(index)"

        """
    }
    return text
}
