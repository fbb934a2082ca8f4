/// Finds YAML mapping keys that are themselves collections: an explicit key (`? …`) or a flow
/// collection used as a key (`[a]: …`, `{a: b}: …`). Profiles never need them, and Yams orders
/// duplicated complex keys by comparing them pair by pair, which takes time exponential in
/// their depth (fuzzing found a 4 KB file that took minutes). So `profiles.yaml` is refused
/// with the line before it is composed.
enum ComplexKeys {
    /// The first line (1-based) with a complex key, or nil. Quoted text and comments are skipped.
    static func firstLine(in text: String) -> Int? {
        let characters = Array(text)
        var line = 1
        var quote: Character?
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
                if character == open { quote = nil }
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
                quote = character
            case "?" where mayStartKey && (next == " " || next == "\t" || next == "\n" || next == "\r"):
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
