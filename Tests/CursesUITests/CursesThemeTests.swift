import CursesUI
import TerminalKit
import Testing

struct CursesThemeTests {
    private let monochrome = CursesTheme(palette: .monochrome)

    @Test func paletteFollowsColoursAndNoColor() {
        #expect(CursesTheme.Palette.detect(hasColors: true, colors: 256, noColor: false) == .colors256)
        #expect(CursesTheme.Palette.detect(hasColors: true, colors: 88, noColor: false) == .colors8)
        #expect(CursesTheme.Palette.detect(hasColors: true, colors: 8, noColor: false) == .colors8)
        #expect(CursesTheme.Palette.detect(hasColors: true, colors: 2, noColor: false) == .monochrome)
        #expect(CursesTheme.Palette.detect(hasColors: false, colors: 0, noColor: false) == .monochrome)
        #expect(CursesTheme.Palette.detect(hasColors: true, colors: 256, noColor: true) == .monochrome)
    }

    @Test func monochromeUsesAttributesOnly() {
        for role in ThemeRole.allCases {
            #expect(monochrome.style(for: role).isDefaultColour, "\(role)")
        }
    }

    @Test func monochromeKeepsNeighbouringRolesApart() {
        let distinct: [(ThemeRole, ThemeRole)] = [
            (.fieldFocused, .normal), (.error, .normal), (.tabActive, .tabInactive),
            (.field, .fieldFocused), (.field, .normal), (.button, .buttonFocused), (.button, .normal),
            (.helpKey, .helpBar), (.error, .warning), (.muted, .normal), (.title, .normal),
            (.selection, .normal), (.warning, .normal), (.success, .normal), (.spinner, .normal),
        ]
        for (one, other) in distinct {
            #expect(monochrome.style(for: one) != monochrome.style(for: other), "\(one) vs \(other)")
        }
    }

    @Test func monochromeAttributesOfTheKeyRoles() {
        #expect(monochrome.style(for: .fieldFocused).attributes == .reverse)
        #expect(monochrome.style(for: .error).attributes == [.bold, .underline])
        #expect(monochrome.style(for: .tabActive).attributes == [.reverse, .bold])
        #expect(monochrome.style(for: .normal).attributes == [])
    }

    @Test func colourPalettesUseTheirColourRangesAndKeepKeyRolesApart() {
        for (palette, highest) in [(CursesTheme.Palette.colors8, Int16(7)), (.colors256, 255)] {
            let theme = CursesTheme(palette: palette)
            for role in ThemeRole.allCases {
                let style = theme.style(for: role)
                #expect((-1...highest).contains(style.foreground) && (-1...highest).contains(style.background), "\(role)")
            }
            for (one, other) in [(ThemeRole.fieldFocused, ThemeRole.normal), (.error, .normal), (.tabActive, .tabInactive),
                                 (.field, .fieldFocused), (.button, .buttonFocused), (.helpKey, .helpBar)] {
                #expect(theme.style(for: one) != theme.style(for: other), "\(palette): \(one) vs \(other)")
            }
        }
    }
}
