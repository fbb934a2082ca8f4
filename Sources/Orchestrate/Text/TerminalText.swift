import Foundation

/// Makes text from a server safe to print: control characters, escape sequences and bidi
/// overrides are replaced by U+FFFD, so a prompt can never move the cursor, change colours,
/// set the window title or reorder what the person reads.
public enum TerminalText {
    public static let replacement: Character = "\u{FFFD}"

    /// For one-line places (prompts, labels, tab titles): line breaks and tabs become spaces.
    public static func line(_ text: String) -> String {
        neutralise(text, keepNewlines: false)
    }

    /// For messages and descriptions: line breaks are kept, tabs become spaces.
    public static func block(_ text: String) -> String {
        neutralise(text, keepNewlines: true)
    }

    private static func neutralise(_ text: String, keepNewlines: Bool) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var result = String.UnicodeScalarView()
        var previousWasCarriageReturn = false
        for scalar in text.unicodeScalars {
            defer { previousWasCarriageReturn = scalar == "\r" }
            switch scalar {
            case "\n":
                if previousWasCarriageReturn { continue }
                result.append(keepNewlines ? "\n" : " ")
            case "\r":
                result.append(keepNewlines ? "\n" : " ")
            case "\t":
                result.append(" ")
            case _ where isUnsafe(scalar):
                result.append(contentsOf: String(replacement).unicodeScalars)
            default:
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// Control characters (C0, DEL, C1) and bidi embeddings, overrides and isolates.
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true          // C0, DEL, C1 (incl. CSI 0x9B)
        case 0x202A...0x202E, 0x2066...0x2069: true  // bidi embeddings, overrides, isolates
        default: false
        }
    }

    /// The first 160 bytes of a body on one line, for messages about what a server sent.
    public static func excerpt(of body: Data) -> String {
        let line = line(String(decoding: body.prefix(160), as: UTF8.self))
        return body.count > 160 ? line + "…" : line
    }
}
