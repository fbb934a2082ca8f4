/// One line of JSON laid out for reading: its text, safe for a terminal, and where it sits in
/// the document, so a view can colour parts of it (a journey's callbacks).
public struct JSONLine: Sendable, Hashable {
    public let text: String
    /// The keys from the root to the line's value, `[]` for an array element:
    /// `["callbacks", "[]", "type"]`.
    public let path: [String]
}

extension JSONValue {
    /// The value pretty-printed, one member or element per line, indented by two spaces a level.
    public var prettyLines: [JSONLine] {
        var lines: [JSONLine] = []
        appendPretty(to: &lines, label: "", path: [], depth: 0, comma: false)
        return lines
    }

    private func appendPretty(to lines: inout [JSONLine], label: String, path: [String], depth: Int, comma: Bool) {
        let indent = String(repeating: "  ", count: depth)
        let end = comma ? "," : ""
        switch self {
        case .object(let object) where !object.isEmpty:
            lines.append(JSONLine(text: "\(indent)\(label){", path: path))
            for (position, member) in object.enumerated() {
                member.value.appendPretty(to: &lines, label: "\(JSONValue.string(member.key).terminalSafeJSONText): ",
                                          path: path + [member.key], depth: depth + 1, comma: position < object.count - 1)
            }
            lines.append(JSONLine(text: "\(indent)}\(end)", path: path))
        case .array(let elements) where !elements.isEmpty:
            lines.append(JSONLine(text: "\(indent)\(label)[", path: path))
            for (position, element) in elements.enumerated() {
                element.appendPretty(to: &lines, label: "", path: path + ["[]"], depth: depth + 1, comma: position < elements.count - 1)
            }
            lines.append(JSONLine(text: "\(indent)]\(end)", path: path))
        default:
            lines.append(JSONLine(text: "\(indent)\(label)\(terminalSafeJSONText)\(end)", path: path))
        }
    }
}
