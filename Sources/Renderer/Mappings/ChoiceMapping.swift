import JourneyEngine

/// ChoiceCallback → a radio list, the current value (or the default) selected.
enum ChoiceMapping {
    static func widget(for choice: ChoiceCallback, value: JSONValue?) -> Widget {
        let current = value?.intValue.flatMap { choice.choices.indices.contains($0) ? $0 : nil }
        return .radioList(RadioList(
            label: TerminalText.line(choice.prompt),
            options: choice.choices.map(TerminalText.line),
            selected: current ?? choice.defaultChoice))
    }
}
