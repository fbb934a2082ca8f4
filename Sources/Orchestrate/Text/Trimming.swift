/// Trimming in Swift, scalar by scalar as Foundation trims. On Linux, Foundation's
/// `trimmingCharacters(in:)` bridges every string to an `NSString` and back: a tenth of a load
/// run's CPU went there, reading cookies and answers (docs/performance.md).
extension StringProtocol {
    /// Without leading and trailing spaces and tabs: what `trimmingCharacters(in: .whitespaces)`
    /// removes (the space separators, U+0020, U+00A0, U+2000…, the tab, and U+200B, which
    /// Foundation still counts as a space).
    public func trimmingSpaces() -> String {
        trimming { scalar in
            scalar.isASCII ? scalar == " " || scalar == "\t"
                : scalar.properties.generalCategory == .spaceSeparator || scalar == "\u{200B}"
        }
    }

    /// Without leading and trailing whitespace and line breaks: what
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` removes (Unicode's White_Space, and U+200B).
    public func trimmingWhitespace() -> String {
        trimming { scalar in
            scalar.isASCII ? scalar == " " || ("\t"..."\r").contains(scalar) : scalar.properties.isWhitespace || scalar == "\u{200B}"
        }
    }

    private func trimming(_ isTrimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isTrimmed($0) }),
              let last = scalars.lastIndex(where: { !isTrimmed($0) }) else { return "" }
        // Scalar boundaries are UTF-8 boundaries: the kept bytes are copied as they are.
        return String(decoding: utf8[first..<scalars.index(after: last)], as: UTF8.self)
    }
}
