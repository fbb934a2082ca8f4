import Foundation
import JourneyEngine
import Orchestrate

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
/// ``ProfilesDocument``. A file larger than ``sizeLimit`` is refused before it is read.
public struct ProfilesFile: Sendable {
    public let path: String

    /// The most bytes a profiles file may hold: 1 MiB, about 3,000 profiles of a dozen options.
    public static let sizeLimit = 1 << 20

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
        let data: Data
        do {
            data = try BoundedFile.read(path, limit: Self.sizeLimit)
        } catch {
            switch error {
            case .missing: return ProfilesDocument(path: path, profiles: [], text: "")
            case .tooLarge(let size): throw .tooLarge(path: path, size: size)
            case .notARegularFile: throw ProfilesFileError(path: path, line: nil, message: "it is not a regular file")
            // A link to nowhere (or round in a loop) is no file yet: the writer says what is wrong with it.
            case .unreadable where !exists: return ProfilesDocument(path: path, profiles: [], text: "")
            case .unreadable(let reason): throw ProfilesFileError(path: path, line: nil, message: "it cannot be read: \(reason)")
            }
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

    /// A file over ``ProfilesFile/sizeLimit``: its size, the limit, and what to do.
    static func tooLarge(path: String, size: Int) -> ProfilesFileError {
        ProfilesFileError(path: path, line: nil, message: "it is \(bytes(size)), more than the \(bytes(ProfilesFile.sizeLimit)) a profiles file may hold; "
                          + "move the profiles you do not use to another file (\(EnvironmentOptions.profilesFileVariable) names the file to read)")
    }

    /// "52,428,800 bytes (50.0 MiB)".
    private static func bytes(_ count: Int) -> String {
        var grouped = ""
        for (index, digit) in String(count).reversed().enumerated() {
            if index > 0, index % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return "\(String(grouped.reversed())) bytes (\(String(format: "%.1f", Double(count) / Double(1 << 20))) MiB)"
    }
}
