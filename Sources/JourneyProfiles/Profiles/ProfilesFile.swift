import Foundation
import JourneyEngine
import Yams

/// The hand-edited profiles file, `$XDG_CONFIG_HOME/journeyterm/profiles.yaml`: a map from
/// profile name to options, named as the SDKs name them.
///
/// ```yaml
/// lab:
///   url: https://am.lab.example.com/am
///   realm: alpha
///   cookieName: 5421aeddf91aa20
///   oauthClientId: journeyterm
///   oauthRedirectUri: http://127.0.0.1/callback
///   oauthScope: openid profile
/// ```
///
/// Reading checks the file's shape (names, known option keys, value kinds) and remembers each
/// key's value and line; a command reads the file once and resolves its profiles from that
/// ``ProfilesDocument``.
public struct ProfilesFile: Sendable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// `$XDG_CONFIG_HOME/journeyterm/profiles.yaml`, or `~/.config/journeyterm/profiles.yaml`;
    /// `JOURNEY_PROFILES` names another file.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> ProfilesFile {
        if let path = environment[EnvironmentOptions.profilesFileVariable], !path.isEmpty { return ProfilesFile(path: path) }
        let base = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.config"
        return ProfilesFile(path: base + "/journeyterm/profiles.yaml")
    }

    public var exists: Bool { FileManager.default.fileExists(atPath: path) }

    /// Reads and checks the file; a missing file has no profiles.
    public func read() throws(ProfilesFileError) -> ProfilesDocument {
        guard let data = FileManager.default.contents(atPath: path) else {
            if exists { throw ProfilesFileError(path: path, line: nil, message: "it cannot be read") }
            return ProfilesDocument(path: path, profiles: [], text: "")
        }
        return try ProfilesDocument(path: path, text: String(decoding: data, as: UTF8.self))
    }
}

/// A profiles file that cannot be used, with where the problem is.
public struct ProfilesFileError: Error, Sendable, Hashable, CustomStringConvertible {
    public let path: String
    public let line: Int?
    public let message: String

    public var description: String {
        "\(path)\(line.map { ":\($0)" } ?? ""): \(message)"
    }
}
