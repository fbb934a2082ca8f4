/// How a token claim's value is shown, the same everywhere (the UI's claims line, the request
/// pane's strength and its changes, `journey token`): a list as its items joined by ", "
/// (`amr pwd, otp`), text as itself, anything else as its JSON; always one safe line.
public enum ClaimText {
    /// A claim's value as one line.
    public static func display(_ value: JSONValue) -> String {
        if let items = value.arrayValue { return list(items.map { $0.stringValue ?? $0.jsonText }) }
        return TerminalText.line(value.stringValue ?? value.jsonText)
    }

    /// A list claim's items (`amr`) as one line: `pwd, otp`.
    public static func list(_ items: [String]) -> String {
        items.map(TerminalText.line).joined(separator: ", ")
    }
}
