import CNcurses
import TerminalKit

extension CursesKeyCodes {
    /// The codes of the linked ncurses. Terminal-specific extended keys (Ctrl-PgUp/PgDn) are
    /// added by `CursesScreen.start()` once a terminal is set up.
    public static var ncurses: CursesKeyCodes {
        var keys: [Int32: KeyEvent] = [
            KEY_ENTER: .enter,
            KEY_BTAB: .backTab,
            KEY_BACKSPACE: .backspace,
            KEY_DC: .delete,
            KEY_UP: .up,
            KEY_DOWN: .down,
            KEY_LEFT: .left,
            KEY_RIGHT: .right,
            KEY_HOME: .home,
            KEY_END: .end,
            KEY_PPAGE: .pageUp,
            KEY_NPAGE: .pageDown,
            KEY_RESIZE: .resize,
        ]
        for number in 1...12 { keys[cn_key_f(Int32(number))] = .function(number) }
        return CursesKeyCodes(ok: OK, keyCodeYes: KEY_CODE_YES, keys: keys)
    }
}
