/// What a cell is, not what colour it has. The curses front end maps roles to colours and
/// attributes for 256 colours, 8 colours or monochrome; snapshots show roles as letters.
public enum ThemeRole: String, Sendable, Hashable, CaseIterable {
    case normal
    /// Secondary text: hints, stage names, placeholders.
    case muted
    case title
    case label
    case field
    case fieldFocused
    case button
    case buttonFocused
    case selection
    case information
    case warning
    case error
    case success
    case tabBar
    case tabActive
    case tabInactive
    case helpBar
    case helpKey
    case dialog
    case spinner

    /// One letter per role for snapshot style masks ("." for normal).
    public var maskLetter: Character {
        switch self {
        case .normal: "."
        case .muted: "m"
        case .title: "T"
        case .label: "l"
        case .field: "f"
        case .fieldFocused: "F"
        case .button: "b"
        case .buttonFocused: "B"
        case .selection: "S"
        case .information: "i"
        case .warning: "W"
        case .error: "E"
        case .success: "s"
        case .tabBar: "t"
        case .tabActive: "A"
        case .tabInactive: "a"
        case .helpBar: "h"
        case .helpKey: "H"
        case .dialog: "d"
        case .spinner: "p"
        }
    }
}
