import CNcurses
import TerminalKit

/// The curses attributes and colour pair of each role, worked out on first use. Colour pairs
/// are allocated lazily, one per distinct (foreground, background), and cached; when the
/// terminal runs out of pairs the role keeps its attributes in the default colours.
@MainActor
struct CursesRenditions {
    let theme: CursesTheme
    /// Whether `use_default_colors()` succeeded, so `-1` means the terminal's own colour.
    private let hasDefaultColours: Bool
    private var pairs: [ColourKey: Int16] = [:]
    private var byRole: [ThemeRole: (attributes: attr_t, pair: Int16)] = [:]

    private struct ColourKey: Hashable {
        let foreground: Int16
        let background: Int16
    }

    init(theme: CursesTheme, hasDefaultColours: Bool) {
        self.theme = theme
        self.hasDefaultColours = hasDefaultColours
    }

    mutating func rendition(for role: ThemeRole) -> (attributes: attr_t, pair: Int16) {
        if let known = byRole[role] { return known }
        let style = theme.style(for: role)
        var attributes = attr_t(0)
        if style.attributes.contains(.bold) { attributes |= cn_attr_bold() }
        if style.attributes.contains(.reverse) { attributes |= cn_attr_reverse() }
        if style.attributes.contains(.underline) { attributes |= cn_attr_underline() }
        if style.attributes.contains(.dim) { attributes |= cn_attr_dim() }
        let rendition = (attributes, pair(for: style))
        byRole[role] = rendition
        return rendition
    }

    private mutating func pair(for style: CursesStyle) -> Int16 {
        guard theme.palette != .monochrome, !style.isDefaultColour else { return 0 }
        let key = hasDefaultColours
            ? ColourKey(foreground: style.foreground, background: style.background)
            : ColourKey(foreground: style.foreground == -1 ? 7 : style.foreground,
                        background: style.background == -1 ? 0 : style.background)
        if let known = pairs[key] { return known }
        let number = pairs.count + 1
        guard number < Int(cn_color_pairs()), number <= Int(Int16.max),
              init_pair(Int16(number), key.foreground, key.background) == OK
        else { return 0 }
        pairs[key] = Int16(number)
        return Int16(number)
    }
}
