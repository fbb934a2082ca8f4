/// Finds YAML mapping keys that are themselves collections: an explicit key (`? …`), a flow
/// collection used as a key (`[a]: …`, `{a: b}: …`), or an alias where a key can start (`*a: …`,
/// which can stand for any collection; a list item that is an alias is refused with it).
/// Profiles never need them, and Yams orders duplicated complex keys by comparing them pair by
/// pair, which takes time exponential in their depth (fuzzing found a 4 KB file that took
/// minutes). So `profiles.yaml` is refused with the line before it is composed.
enum ComplexKeys {
    /// The first line (1-based) with a complex key, or nil. Quoted text and comments are skipped;
    /// a quote opens quoted text only where a scalar can begin, as in YAML (`it's` in a plain
    /// word opens nothing: fuzzing found a file that hid its keys behind such an apostrophe).
    ///
    /// The text is read as UTF-8 bytes: every character that matters here is ASCII, and a byte of
    /// a multi-byte character is never an ASCII one (and a CRLF ends a line like a LF).
    static func firstLine(in text: String) -> Int? {
        var text = text
        return text.withUTF8(firstLine(in:))
    }

    private static func firstLine(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var line = 1
        var quote: UInt8?
        var escaped = false
        var inComment = false
        // Only spaces (or a sequence's "- ", a flow collection's "[", "{", ",") since the line or the
        // collection began: where an explicit key may start.
        var mayStartKey = true
        var afterClosing = false
        for index in bytes.indices {
            let byte = bytes[index]
            if byte == .newline || byte == .carriageReturn {
                if byte == .newline { line += 1 }
                (inComment, mayStartKey, afterClosing) = (false, true, false)
                continue
            }
            if inComment { continue }
            if let open = quote {
                if escaped {
                    escaped = false
                } else if open == .doubleQuote, byte == .backslash {
                    escaped = true  // \" and \\ in double quotes
                } else if open == .singleQuote, byte == .singleQuote, index + 1 < bytes.count, bytes[index + 1] == .singleQuote {
                    escaped = true  // '' in single quotes
                } else if byte == open {
                    quote = nil
                }
                continue
            }
            let next = index + 1 < bytes.count ? bytes[index + 1] : .newline
            switch byte {
            case .space, .tab:
                continue
            case .hash where index == 0 || bytes[index - 1] == .space || bytes[index - 1] == .tab:
                inComment = true
                continue
            case .doubleQuote, .singleQuote:
                // Inside a plain word a quote is just a character.
                let before = index == 0 ? UInt8.space : bytes[index - 1]
                if isBlank(before) || before == .openBracket || before == .openBrace || before == .comma { quote = byte }
            case .question where mayStartKey && isBlank(next):
                return line
            case .asterisk where mayStartKey:
                return line
            case .colon where afterClosing:
                return line
            default:
                break
            }
            mayStartKey = byte == .dash || byte == .openBracket || byte == .openBrace || byte == .comma
            afterClosing = byte == .closeBracket || byte == .closeBrace
        }
        return nil
    }

    /// A space, a tab or a line break.
    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == .space || byte == .tab || byte == .newline || byte == .carriageReturn
    }
}

private extension UInt8 {
    static let tab = UInt8(ascii: "\t"), newline = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r"), space = UInt8(ascii: " ")
    static let doubleQuote = UInt8(ascii: "\""), singleQuote = UInt8(ascii: "'"), backslash = UInt8(ascii: "\\")
    static let hash = UInt8(ascii: "#"), question = UInt8(ascii: "?"), asterisk = UInt8(ascii: "*"), colon = UInt8(ascii: ":")
    static let dash = UInt8(ascii: "-"), comma = UInt8(ascii: ","), openBracket = UInt8(ascii: "["), closeBracket = UInt8(ascii: "]")
    static let openBrace = UInt8(ascii: "{"), closeBrace = UInt8(ascii: "}")
}
