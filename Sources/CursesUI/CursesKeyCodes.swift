import TerminalKit

/// The numbers curses uses in what `get_wch` returns: its two statuses and the key codes
/// (`KEY_*`) the decoder understands. `CursesKeyCodes.ncurses` fills it from the real
/// constants; tests fill it with literals, so `KeyDecoder` stays pure.
public struct CursesKeyCodes: Sendable, Hashable {
    /// `OK`: the code is a character.
    public var ok: Int32
    /// `KEY_CODE_YES`: the code is a key code.
    public var keyCodeYes: Int32
    /// Key code → event, e.g. `KEY_UP` → `.up`, `KEY_F(1)` → `.function(1)`,
    /// `KEY_RESIZE` → `.resize`, the terminal's extended Ctrl-PgUp code → `.ctrlPageUp`.
    public var keys: [Int32: KeyEvent]

    public init(ok: Int32, keyCodeYes: Int32, keys: [Int32: KeyEvent]) {
        self.ok = ok
        self.keyCodeYes = keyCodeYes
        self.keys = keys
    }
}
