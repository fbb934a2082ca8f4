import JourneyEngine

/// NameCallback and TextInputCallback → a plain text field (TextInput pre-filled with
/// `defaultText` until the person types).
enum TextInputMapping {
    static func widget(for name: NameCallback, value: JSONValue?) -> Widget {
        .textField(TextField(label: TerminalText.line(name.prompt), text: value?.stringValue ?? ""))
    }

    static func widget(for input: TextInputCallback, value: JSONValue?) -> Widget {
        let typed = value?.stringValue ?? ""
        let text = typed.isEmpty ? input.defaultText ?? "" : typed
        return .textField(TextField(label: TerminalText.line(input.prompt), text: TerminalText.line(text)))
    }
}
