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
    static func firstLine(in text: String) -> Int? {
        let characters = Array(text)
        var line = 1
        var quote: Character?
        var escaped = false
        var inComment = false
        // Only spaces (or a sequence's "- ", a flow collection's "[", "{", ",") since the line or the
        // collection began: where an explicit key may start.
        var mayStartKey = true
        var afterClosing = false
        for (index, character) in characters.enumerated() {
            if character == "\n" || character == "\r" {
                if character == "\n" { line += 1 }
                (inComment, mayStartKey, afterClosing) = (false, true, false)
                continue
            }
            if inComment { continue }
            if let open = quote {
                if escaped {
                    escaped = false
                } else if open == "\"", character == "\\" {
                    escaped = true  // \" and \\ in double quotes
                } else if open == "'", character == "'", index + 1 < characters.count, characters[index + 1] == "'" {
                    escaped = true  // '' in single quotes
                } else if character == open {
                    quote = nil
                }
                continue
            }
            let next = index + 1 < characters.count ? characters[index + 1] : "\n"
            switch character {
            case " ", "\t":
                continue
            case "#" where index == 0 || characters[index - 1] == " " || characters[index - 1] == "\t":
                inComment = true
                continue
            case "\"", "'":
                // Inside a plain word a quote is just a character.
                if index == 0 || " \t\n\r[{,".contains(characters[index - 1]) { quote = character }
            case "?" where mayStartKey && (next == " " || next == "\t" || next == "\n" || next == "\r"):
                return line
            case "*" where mayStartKey:
                return line
            case ":" where afterClosing:
                return line
            default:
                break
            }
            mayStartKey = character == "-" || character == "[" || character == "{" || character == ","
            afterClosing = character == "]" || character == "}"
        }
        return nil
    }
}
