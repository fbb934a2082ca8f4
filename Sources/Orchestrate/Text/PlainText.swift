/// Turns the small HTML AM puts in page descriptions (`<br>`, links, bold, lists, entities)
/// into plain text for a terminal, then neutralises control characters.
public enum PlainText {
    public static func fromHTML(_ html: String) -> String {
        var text = ""
        var index = html.startIndex
        // Once no '>' is left, a '<' is only text: no rescanning the rest for every '<'.
        var tagsMayClose = true
        while index < html.endIndex {
            let character = html[index]
            if character == "<", tagsMayClose, let close = html[index...].firstIndex(of: ">") {
                text += replacement(forTag: html[html.index(after: index)..<close])
                index = html.index(after: close)
            } else if character == "<" {
                tagsMayClose = false
                text.append(character)
                index = html.index(after: index)
            } else if character == "&", let semicolon = html[index...].prefix(12).firstIndex(of: ";"),
                      let decoded = entity(html[html.index(after: index)..<semicolon]) {
                text += decoded
                index = html.index(after: semicolon)
            } else {
                text.append(character)
                index = html.index(after: index)
            }
        }
        let lines = TerminalText.block(text).split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        }
        // Collapse runs of blank lines and trim blank lines at both ends.
        var result: [String] = []
        for line in lines where !(line.isEmpty && (result.last?.isEmpty ?? true)) {
            result.append(line)
        }
        while result.last?.isEmpty == true { result.removeLast() }
        return result.joined(separator: "\n")
    }

    private static func replacement(forTag tag: Substring) -> String {
        let name = tag.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }.lowercased()
        let closing = tag.hasPrefix("/")
        switch name {
        case "br": return "\n"
        case "p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "tr": return "\n"
        case "li": return closing ? "" : "\n• "
        case "td", "th": return " "
        default: return ""
        }
    }

    private static func entity(_ name: Substring) -> String? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos", "#39": return "'"
        case "nbsp": return " "
        default:
            guard name.hasPrefix("#") else { return nil }
            let digits = name.dropFirst()
            let value = digits.first == "x" || digits.first == "X"
                ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            return value.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
        }
    }
}
