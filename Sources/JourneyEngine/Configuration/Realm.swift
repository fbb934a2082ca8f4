import Foundation
import Orchestrate

/// An AM realm, as a person writes it (`alpha`, `/alpha`, `root/alpha`, `/parent/child`, or the
/// URL form `realms/root/realms/alpha`), mapped onto AM's URL form
/// `realms/root/realms/parent/realms/child`.
public struct Realm: Sendable, Hashable, CustomStringConvertible {
    /// Sub-realm names below the top-level realm; empty for the top-level realm itself.
    public let segments: [String]

    public static let root = Realm(validated: [])

    private init(validated segments: [String]) {
        self.segments = segments
    }

    public init(_ text: String) throws(ConfigurationError) {
        var parts = text.trimmingSpaces()
            .split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        // The URL form alternates "realms" with names: realms/root/realms/alpha.
        if parts.count >= 2, parts.count.isMultiple(of: 2),
           stride(from: 0, to: parts.count, by: 2).allSatisfy({ parts[$0] == "realms" }) {
            parts = stride(from: 1, to: parts.count, by: 2).map { parts[$0] }
        }
        if parts.first == "root" { parts.removeFirst() }
        for part in parts where part == "." || part == ".." {
            throw .invalidRealm(text, reason: "\"\(part)\" is not a realm name")
        }
        for part in parts where part.unicodeScalars.contains(where: {
            $0.properties.generalCategory == .control || $0 == " " || $0 == "?" || $0 == "#"
        }) {
            throw .invalidRealm(text, reason: "the name \"\(TerminalText.line(part))\" contains a space, control character, '?' or '#'")
        }
        self.init(validated: parts)
    }

    /// The realm as AM reports it in success bodies: `/` or `/parent/child`.
    public var description: String { "/" + segments.joined(separator: "/") }

    /// The path segment of AM's REST URLs: `realms/root` or `realms/root/realms/alpha`.
    /// Each name is percent-encoded on its own; the slashes between names stay slashes.
    public var urlPath: String {
        (["realms/root"] + segments.map { "realms/" + Self.encode($0) }).joined(separator: "/")
    }

    private static func encode(_ segment: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return segment.addingPercentEncoding(withAllowedCharacters: allowed) ?? segment
    }
}

