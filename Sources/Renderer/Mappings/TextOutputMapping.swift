import JourneyEngine

/// TextOutputCallback → a message in its tone. A script (messageType 4) is never run: it
/// becomes a muted one-line note.
enum TextOutputMapping {
    static func widgets(for output: TextOutputCallback) -> [Widget] {
        let tone: Message.Tone
        switch output.style {
        case .information, .other: tone = .information
        case .warning: tone = .warning
        case .error: tone = .error
        case .script: return [.message(Message(text: "A browser script in this step was not run.", tone: .muted))]
        }
        return [.message(Message(text: TerminalText.block(output.message), tone: tone))]
    }
}
