import Foundation
import CNcurses
import TerminalKit

#if canImport(Glibc)
import Glibc
#endif

/// The terminal, full-screen, through ncursesw. Its whole job: show a `Canvas`, and turn
/// terminal input into `KeyEvent`s. The only type in the project that calls curses.
///
/// ```swift
/// let screen = try CursesScreen.start()   // throws CursesUnavailable: use plain mode
/// defer { screen.stop() }
/// screen.present(canvas)
/// let keys = screen.readKeys(timeoutMilliseconds: 100)
/// ```
@MainActor
public final class CursesScreen {
    /// How long to wait after Esc for the rest of a sequence (curses' ESCDELAY too).
    private static let escapeDelay: Int32 = 25
    /// How long a paste may pause before it counts as finished without its end marker.
    private static let pastePause: Int32 = 500

    private var decoder: KeyDecoder
    private var renditions: CursesRenditions
    private var isCursorVisible: Bool?
    /// The canvas last shown: only cells that differ from it are sent to curses (sending all
    /// 12,000 cells of a 200×60 screen costs milliseconds even when curses then sends nothing).
    private var presented: Canvas?

    private init(decoder: KeyDecoder, renditions: CursesRenditions) {
        self.decoder = decoder
        self.renditions = renditions
    }

    /// Starts curses on the terminal named by `TERM`.
    public static func start() throws -> CursesScreen {
        try start(terminalType: getenv("TERM").map { String(cString: $0) })
    }

    /// Starts curses on standard input and output as a terminal of type `terminalType`:
    /// raw mode without echo, keypad keys, a 25 ms escape delay, colours as the terminal
    /// and `NO_COLOR` allow, bracketed paste on. Restoring the terminal is armed for every
    /// exit path (`TerminalRestore`). In raw mode Ctrl-C, Ctrl-Z and Ctrl-S are keys
    /// (`.control("c")`…), not signals: the app decides what they mean.
    ///
    /// - Throws: `CursesUnavailable` when the type is missing, `dumb`, or unknown to curses.
    ///   The process keeps running (unlike `initscr`, which exits).
    public static func start(terminalType: String?) throws -> CursesScreen {
        guard let terminalType, !terminalType.isEmpty else {
            throw CursesUnavailable("TERM is not set, so the terminal cannot be used full-screen.")
        }
        guard terminalType != "dumb" else {
            throw CursesUnavailable("TERM is \"dumb\", so the terminal cannot be used full-screen.")
        }
        // curses decides at newterm whether the locale is UTF-8; a failed start leaves the
        // process's locale as it was.
        let previousLocale = setlocale(LC_ALL, nil).map { String(cString: $0) }
        setlocale(LC_ALL, "")
        guard cn_newterm(terminalType) != nil else {
            if let previousLocale { setlocale(LC_ALL, previousLocale) }
            throw CursesUnavailable(
                "The terminal type \"\(terminalType)\" is unknown here, so the terminal cannot be used full-screen."
            )
        }
        TerminalRestore.activate()
        raw()
        noecho()
        nonl()
        keypad(cn_stdscr(), true)
        set_escdelay(escapeDelay)

        let noColor = getenv("NO_COLOR").map { $0.pointee != 0 } ?? false
        var hasDefaultColours = false
        if !noColor, has_colors() {
            start_color()
            hasDefaultColours = use_default_colors() == OK
        }
        let palette = CursesTheme.Palette.detect(hasColors: has_colors(), colors: Int(cn_colors()), noColor: noColor)

        var codes = CursesKeyCodes.ncurses
        for (capability, event) in [("kPRV5", KeyEvent.ctrlPageUp), ("kNXT5", .ctrlPageDown)] {
            let code = cn_key_code(capability)
            if code > 0 { codes.keys[code] = event }
        }
        var pasteOn = Array("\u{1B}[?2004h".utf8)
        _ = write(STDOUT_FILENO, &pasteOn, pasteOn.count)
        return CursesScreen(
            decoder: KeyDecoder(codes: codes),
            renditions: CursesRenditions(theme: CursesTheme(palette: palette), hasDefaultColours: hasDefaultColours)
        )
    }

    /// The terminal's size now (it changes after `.resize`).
    public var size: Size {
        Size(width: Int(cn_cols()), height: Int(cn_lines()))
    }

    /// The palette in use: 256 colours, 8 colours or monochrome.
    public var palette: CursesTheme.Palette { renditions.theme.palette }

    /// Shows a canvas: the cells that changed since the last one, with their role's attributes
    /// (wide characters once, their continuation cells skipped), then the hardware cursor at
    /// `canvas.cursor`, or hidden. Curses then sends the terminal only what changed on screen.
    public func present(_ canvas: Canvas) {
        let window = cn_stdscr()
        let screenSize = size
        if canvas.size != screenSize { werase(window) }
        let previous = presented?.size == canvas.size && canvas.size == screenSize ? presented : nil
        presented = canvas
        let width = min(canvas.size.width, screenSize.width)
        let stride = canvas.size.width
        var glyph = cchar_t()
        // Cells are compared in place (no copies of each cell): this loop runs over every cell
        // of every frame.
        canvas.cells.withUnsafeBufferPointer { cells in
            (previous?.cells ?? []).withUnsafeBufferPointer { before in
                for y in 0..<min(canvas.size.height, screenSize.height) {
                    let row = y * stride
                    for x in 0..<width {
                        let index = row + x
                        if cells[index].isContinuation { continue }
                        if !before.isEmpty, before[index] == cells[index],
                           x + 1 >= width || before[index + 1] == cells[index + 1] {
                            continue
                        }
                        let cell = cells[index]
                        // A wide character cut by the right edge would wrap; show a blank instead.
                        let character = x + 1 >= width && TextWidth.of(cell.character) == 2 ? " " : cell.character
                        let rendition = renditions.rendition(for: cell.role)
                        set(&glyph, character, attributes: rendition.attributes, pair: rendition.pair)
                        mvwadd_wch(window, Int32(y), Int32(x), &glyph)
                    }
                }
            }
        }
        if let cursor = canvas.cursor, cursor.x >= 0, cursor.x < width, cursor.y >= 0, cursor.y < screenSize.height {
            wmove(window, Int32(cursor.y), Int32(cursor.x))
            wnoutrefresh(window)
            doupdate()
            setCursorVisible(true)
        } else {
            setCursorVisible(false)
            wnoutrefresh(window)
            doupdate()
        }
    }

    /// Waits up to `timeoutMilliseconds` (negative: until a key) for input, then reads
    /// everything already typed or pasted. Returns `[]` on timeout. An Esc is held for the
    /// escape delay to tell Esc from Alt and key sequences; a paste is read to its end.
    public func readKeys(timeoutMilliseconds: Int) -> [KeyEvent] {
        let window = cn_stdscr()
        var events: [KeyEvent] = []
        var wait = Int32(clamping: timeoutMilliseconds)
        while true {
            wtimeout(window, wait)
            var code: wint_t = 0
            let status = wget_wch(window, &code)
            if status == ERR {
                // A terminal that went away (its window closed, tmux killed) makes every read
                // fail at once: end as a hang-up would, instead of spinning on it.
                if Self.terminalHungUp() { TerminalRestore.exitAfterHangUp() }
                events += decoder.flushPendingEscape()
                return events
            }
            let decoded = decoder.feed(status: status, code: code)
            // After a resize curses may have changed the screen: draw everything next time.
            if decoded.contains(.resize) { presented = nil }
            events += decoded
            wait = decoder.isPasting ? Self.pastePause : decoder.isAwaitingMore ? Self.escapeDelay : 0
        }
    }

    /// The keyboard's terminal has hung up (or is no longer a descriptor at all).
    private static func terminalHungUp() -> Bool {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 0) >= 0 else { return false }
        return descriptor.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
    }

    /// Puts text on the clipboard of the terminal the person sits at, with OSC 52 (terminals
    /// and tmux pass it on, also over SSH). The text is sent to the terminal only, never logged.
    public func copyToClipboard(_ text: String) {
        let sequence = "\u{1B}]52;c;" + Data(text.utf8).base64EncodedString() + "\u{07}"
        FileHandle.standardOutput.write(Data(sequence.utf8))
    }

    /// Redraws the whole screen at the next `present` (Ctrl-L): every cell is sent again and
    /// curses clears the terminal first, so whatever else wrote over it is gone.
    public func repaint() {
        presented = nil
        clearok(cn_stdscr(), true)
    }

    /// Gives the terminal back: bracketed paste off, `endwin`. Safe to call more than once;
    /// draw nothing afterwards.
    public func stop() {
        TerminalRestore.restore()
    }

    private func setCursorVisible(_ visible: Bool) {
        guard isCursorVisible != visible else { return }
        curs_set(visible ? 1 : 0)
        isCursorVisible = visible
    }

    /// Fills a curses wide-character cell: the base character and up to four combining
    /// marks. A cluster curses refuses (several spacing characters, e.g. an emoji ZWJ
    /// sequence) is drawn as its first character.
    private func set(_ glyph: inout cchar_t, _ character: Character, attributes: attr_t, pair: Int16) {
        let scalars = character.unicodeScalars.prefix(5).map { wchar_t(bitPattern: $0.value) }
        if setcchar(&glyph, scalars + [0], attributes, pair, nil) != OK {
            setcchar(&glyph, [scalars.first ?? 0x20, 0], attributes, pair, nil)
        }
    }
}
