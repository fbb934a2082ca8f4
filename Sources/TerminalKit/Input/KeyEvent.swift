/// A key press (or paste, or resize), decoded from the terminal. Pure data: the curses front
/// end produces these, widgets and the app consume them, tests script them.
public enum KeyEvent: Sendable, Hashable {
    case character(Character)
    case enter
    case escape
    case tab
    case backTab
    case backspace
    case delete
    case up, down, left, right
    case home, end
    case pageUp, pageDown
    case ctrlPageUp, ctrlPageDown
    /// F1…F12.
    case function(Int)
    /// Ctrl with a letter, e.g. `.control("c")`.
    case control(Character)
    /// Alt (or Esc then the key), e.g. `.alt("1")`.
    case alt(Character)
    /// Bracketed paste: the whole pasted text at once.
    case paste(String)
    case resize
}

extension KeyEvent: CustomStringConvertible {
    /// How help texts name the key: "Enter", "Ctrl-C", "Alt-1", "F2", "q".
    public var description: String {
        switch self {
        case .character(" "): "Space"
        case .character(let character): String(character)
        case .enter: "Enter"
        case .escape: "Esc"
        case .tab: "Tab"
        case .backTab: "Shift-Tab"
        case .backspace: "Backspace"
        case .delete: "Delete"
        case .up: "↑"
        case .down: "↓"
        case .left: "←"
        case .right: "→"
        case .home: "Home"
        case .end: "End"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .ctrlPageUp: "Ctrl-PgUp"
        case .ctrlPageDown: "Ctrl-PgDn"
        case .function(let number): "F\(number)"
        case .control(let character): "Ctrl-\(character.uppercased())"
        case .alt(let character): "Alt-\(character)"
        case .paste: "Paste"
        case .resize: "Resize"
        }
    }
}
