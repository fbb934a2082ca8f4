import Foundation
import Orchestrate
import Testing

/// Orchestrate's trimming removes exactly what Foundation's `trimmingCharacters(in:)` removes,
/// scalar by scalar: for every scalar alone, and for strings mixing spaces, line breaks, marks
/// and letters.
struct TrimmingTests {
    /// Scalars on both sides of each rule: ASCII and Unicode spaces, the tab and the other C0
    /// breaks, NEL and the separators, a zero-width space (not White_Space, yet trimmed by Foundation) and a zero-width non-joiner, a combining mark,
    /// letters, an emoji.
    static let alphabet: [Unicode.Scalar] = [" ", "\t", "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{A0}", "\u{1680}", "\u{2003}",
                                             "\u{2028}", "\u{2029}", "\u{202F}", "\u{3000}", "\u{200B}", "\u{200C}", "\u{301}", "a", "é", "🙂", "-"]

    @Test func bothTrimmingsMatchFoundationOnEveryMix() {
        var generator = SystemRandomNumberGenerator()
        var strings = ["", " ", "a", " a ", "\r\n a \r\n", " \u{301}a", "a \u{301}", "\u{A0}x\u{A0}", "\u{200B} x \u{200B}"]
        for _ in 0..<3_000 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...7, using: &generator) { scalars.append(Self.alphabet.randomElement(using: &generator)!) }
            strings.append(String(scalars))
        }
        for text in strings {
            #expect(Array(text.trimmingSpaces().unicodeScalars) == Array(text.trimmingCharacters(in: .whitespaces).unicodeScalars),
                    "spaces of \(text.unicodeScalars.map { String($0.value, radix: 16) })")
            #expect(Array(text.trimmingWhitespace().unicodeScalars)
                    == Array(text.trimmingCharacters(in: .whitespacesAndNewlines).unicodeScalars),
                    "whitespace of \(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test func everyScalarIsTrimmedOrKeptAsFoundationDoes() {
        var differ: [UInt32] = []
        for value in UInt32(0)..<0x11_0000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "x\(scalar)"
            if text.trimmingSpaces() != text.trimmingCharacters(in: .whitespaces)
                || text.trimmingWhitespace() != text.trimmingCharacters(in: .whitespacesAndNewlines) {
                differ.append(value)
            }
        }
        #expect(differ.isEmpty, "\(differ.map { String($0, radix: 16) })")
    }

    @Test func aSubstringIsTrimmedAsItsText() {
        let line = "  key = value  "
        let key = line[..<line.firstIndex(of: "=")!]
        #expect(key.trimmingSpaces() == "key")
        #expect(line.trimmingSpaces() == "key = value")
    }
}

/// `equalsIgnoringCase` says what `caseInsensitiveCompare(_:) == .orderedSame` says.
struct CaseInsensitiveTests {
    @Test func itAgreesWithFoundation() {
        let words = ["Cookie", "cookie", "COOKIE", "Cookies", "", "Set-Cookie", "set-cookie", "@[`{", "`{@[", "Straße", "STRASSE",
                     "straße", "Éclair", "éclair", "a1-_", "A1-_"]
        for first in words {
            for second in words {
                #expect(first.equalsIgnoringCase(second) == (first.caseInsensitiveCompare(second) == .orderedSame), "\(first) · \(second)")
            }
        }
    }
}
