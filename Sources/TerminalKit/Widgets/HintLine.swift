/// A line of text under a field: a requirement (`.muted`), a failed rule (`.error`), a note.
public struct HintLine: Sendable, Hashable {
    public var text: String
    public var role: ThemeRole

    public init(text: String, role: ThemeRole = .muted) {
        self.text = text
        self.role = role
    }
}
