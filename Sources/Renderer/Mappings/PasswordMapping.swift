import JourneyEngine

/// PasswordCallback → a masked field the person can reveal.
enum PasswordMapping {
    static func widget(for password: PasswordCallback, value: JSONValue?) -> Widget {
        .textField(TextField(label: TerminalText.line(password.prompt), text: value?.stringValue ?? "",
                             isMasked: true, canReveal: true))
    }
}
