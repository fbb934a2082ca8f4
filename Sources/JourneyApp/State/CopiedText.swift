/// Text just put on the clipboard, shown where OSC 52 cannot be confirmed (inside tmux or
/// screen, which by default keep it from the terminal and say nothing): the person selects it
/// with the mouse, or saves it to a file (`s`).
public struct CopiedText: Sendable, Equatable {
    /// Exactly what went to the clipboard (redacted where the copy redacts).
    public let text: String
    /// How many lines the text is scrolled down.
    public var scroll = 0
    /// How many columns its lines are scrolled sideways (each line is kept whole, never wrapped).
    public var column = 0
    /// Where the text was saved, or why it could not be; nil until `s`.
    public var saved: Saved?

    public enum Saved: Sendable, Equatable {
        case savingNow
        case savedIn(String)
        case failed(String)
    }

    init(_ text: String) {
        self.text = text
    }

    /// Whether OSC 52 cannot be trusted to reach the clipboard with this environment: inside
    /// tmux (`TMUX`) or screen (`STY`); `JOURNEYTERM_SHOW_COPIES=1` says so anywhere, `=0` never
    /// (a tmux with `set-clipboard on`).
    public static func clipboardUnconfirmed(in environment: [String: String]) -> Bool {
        switch environment["JOURNEYTERM_SHOW_COPIES"] {
        case "1": true
        case "0": false
        default: environment["TMUX"] != nil || environment["STY"] != nil
        }
    }
}
