import Foundation
import Orchestrate

/// The text of an Android string resource as aapt reads it, and back: backslash escapes
/// (`\'`, `\"`, `\\`, `\n`, `\t`, `\@`, `\?`, `\uXXXX`), double quotes that keep whitespace
/// as it is, runs of whitespace outside them collapsed to one space, and `@…` / `?…` at the
/// start meaning a reference to another resource.
enum AndroidResourceText {
    /// A resource's text, decoded.
    enum Decoded {
        case value(String)
        /// `@string/name` and the like, which are not followed.
        case reference(String)
    }

    static func decode(_ raw: String) -> Decoded {
        let trimmed = raw.trimmingWhitespace()
        if trimmed.hasPrefix("@") || trimmed.hasPrefix("?") { return .reference(trimmed) }
        var result = ""
        var quoted = false
        var pendingSpace = false
        var characters = trimmed.makeIterator()
        func emit(_ text: String) {
            if pendingSpace, !result.isEmpty { result += " " }
            pendingSpace = false
            result += text
        }
        while let character = characters.next() {
            switch character {
            case "\\":
                guard let escaped = characters.next() else { break }
                switch escaped {
                case "n": emit("\n")
                case "t": emit("\t")
                case "u":
                    let hex = String((0..<4).compactMap { _ in characters.next() })
                    emit(UInt32(hex, radix: 16).flatMap(Unicode.Scalar.init).map { String(Character($0)) } ?? "")
                default: emit(String(escaped))
                }
            case "\"":
                quoted.toggle()
            case _ where character.isWhitespace && !quoted:
                pendingSpace = true
            default:
                emit(String(character))
            }
        }
        return .value(result)
    }

    /// Text that decodes back to the value: escapes for backslashes, quotes, apostrophes, line
    /// breaks and a leading `@` or `?`, the whole in double quotes when its whitespace would
    /// otherwise collapse, and XML's own escapes.
    static func encode(_ value: String) -> String {
        var escaped = ""
        for character in value {
            switch character {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "'": escaped += "\\'"
            case "\n": escaped += "\\n"
            case "\t": escaped += "\\t"
            case "@" where escaped.isEmpty, "?" where escaped.isEmpty: escaped += "\\\(character)"
            default: escaped.append(character)
            }
        }
        let keepsWhitespace = value.hasPrefix(" ") || value.hasSuffix(" ") || value.contains("  ")
        return xmlEscaped(keepsWhitespace ? "\"\(escaped)\"" : escaped)
    }

    static func xmlEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
