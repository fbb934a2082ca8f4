import TerminalKit

/// How a role looks on screen: attributes plus foreground and background colour numbers
/// (`-1` is the terminal's default colour). Pure data; `CursesScreen` turns it into curses
/// attributes and a colour pair.
public struct CursesStyle: Sendable, Hashable {
    /// The attributes every terminal can show, colour or not.
    public struct Attributes: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        public static let bold = Attributes(rawValue: 1 << 0)
        public static let reverse = Attributes(rawValue: 1 << 1)
        public static let underline = Attributes(rawValue: 1 << 2)
        public static let dim = Attributes(rawValue: 1 << 3)
    }

    public var attributes: Attributes
    public var foreground: Int16
    public var background: Int16

    public init(_ attributes: Attributes = [], foreground: Int16 = -1, background: Int16 = -1) {
        self.attributes = attributes
        self.foreground = foreground
        self.background = background
    }

    /// Uses the terminal's default colours.
    public var isDefaultColour: Bool { foreground == -1 && background == -1 }
}

/// Maps each `ThemeRole` to a `CursesStyle` for the terminal's palette: 256 colours,
/// 8 colours, or monochrome (no colours, or `NO_COLOR` set) with bold, reverse, underline
/// and dim only.
///
/// In monochrome, roles that appear side by side look different: a focused field or button
/// is reversed, the active tab is reverse and bold, errors are bold and underlined, fields
/// are underlined, the help bar is reversed with bold keys. Plain text roles (label,
/// information, dialog, tab bar, inactive tab) look like normal text.
public struct CursesTheme: Sendable, Hashable {
    /// What the terminal can show.
    public enum Palette: Sendable, Hashable {
        case colors256
        case colors8
        case monochrome

        /// Chooses from curses' `has_colors()` and `COLORS`, and whether `NO_COLOR` is set
        /// to a non-empty value (https://no-color.org).
        public static func detect(hasColors: Bool, colors: Int, noColor: Bool) -> Palette {
            guard hasColors, !noColor else { return .monochrome }
            if colors >= 256 { return .colors256 }
            return colors >= 8 ? .colors8 : .monochrome
        }
    }

    public let palette: Palette

    public init(palette: Palette) {
        self.palette = palette
    }

    public func style(for role: ThemeRole) -> CursesStyle {
        switch palette {
        case .monochrome: Self.monochrome(role)
        case .colors8: Self.colors8(role)
        case .colors256: Self.colors256(role)
        }
    }

    private static func monochrome(_ role: ThemeRole) -> CursesStyle {
        switch role {
        case .normal, .label, .information, .dialog, .tabBar, .tabInactive: CursesStyle()
        case .muted: CursesStyle(.dim)
        case .title, .button, .success, .warning, .spinner: CursesStyle(.bold)
        case .field: CursesStyle(.underline)
        case .fieldFocused, .selection, .helpBar: CursesStyle(.reverse)
        case .buttonFocused, .tabActive, .helpKey: CursesStyle([.reverse, .bold])
        case .error: CursesStyle([.bold, .underline])
        }
    }

    // The 8 ANSI colours.
    private static let black: Int16 = 0, red: Int16 = 1, green: Int16 = 2, yellow: Int16 = 3
    private static let blue: Int16 = 4, cyan: Int16 = 6, white: Int16 = 7

    private static func colors8(_ role: ThemeRole) -> CursesStyle {
        switch role {
        case .normal, .label: CursesStyle()
        case .muted: CursesStyle(.dim)
        case .title: CursesStyle(.bold, foreground: cyan)
        case .field: CursesStyle(foreground: white, background: blue)
        case .fieldFocused: CursesStyle(foreground: black, background: cyan)
        case .button: CursesStyle(.bold, foreground: white, background: blue)
        case .buttonFocused: CursesStyle(.bold, foreground: black, background: cyan)
        case .selection: CursesStyle(foreground: black, background: white)
        case .information: CursesStyle(foreground: cyan)
        case .warning: CursesStyle(.bold, foreground: yellow)
        case .error: CursesStyle(.bold, foreground: red)
        case .success: CursesStyle(.bold, foreground: green)
        case .tabBar, .tabInactive: CursesStyle(foreground: white, background: blue)
        case .tabActive: CursesStyle(.bold, foreground: black, background: white)
        case .helpBar, .dialog: CursesStyle(foreground: black, background: white)
        case .helpKey: CursesStyle(.bold, foreground: blue, background: white)
        case .spinner: CursesStyle(.bold, foreground: cyan)
        }
    }

    /// xterm-256 colour numbers; greys and a blue accent that read on dark and light backgrounds.
    private static func colors256(_ role: ThemeRole) -> CursesStyle {
        switch role {
        case .normal: CursesStyle()
        case .muted: CursesStyle(foreground: 244)
        case .title: CursesStyle(.bold, foreground: 75)
        case .label: CursesStyle(.bold)
        case .field: CursesStyle(foreground: 255, background: 238)
        case .fieldFocused: CursesStyle(foreground: 231, background: 25)
        case .button: CursesStyle(foreground: 255, background: 240)
        case .buttonFocused: CursesStyle(.bold, foreground: 231, background: 25)
        case .selection: CursesStyle(foreground: 16, background: 117)
        case .information: CursesStyle(foreground: 75)
        case .warning: CursesStyle(.bold, foreground: 214)
        case .error: CursesStyle(.bold, foreground: 203)
        case .success: CursesStyle(.bold, foreground: 114)
        case .tabBar, .tabInactive, .helpBar: CursesStyle(foreground: 250, background: 236)
        case .tabActive: CursesStyle(.bold, foreground: 231, background: 25)
        case .helpKey: CursesStyle(.bold, foreground: 117, background: 236)
        case .dialog: CursesStyle(foreground: 252, background: 237)
        case .spinner: CursesStyle(.bold, foreground: 117)
        }
    }
}
