/// Text to read, with a tone that the theme maps to colour.
public struct Message: Sendable, Hashable {
    public enum Tone: Sendable, Hashable { case information, warning, error, muted }

    public var text: String
    public var tone: Tone

    public init(text: String, tone: Tone) {
        self.text = text
        self.tone = tone
    }
}
