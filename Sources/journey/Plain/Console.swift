import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Line-by-line terminal I/O for the plain (non-curses) mode. What the person reads goes to
/// stderr, so stdout carries only the result (`--json` output stays clean).
final class Console {
    enum Style: String {
        case bold = "1", dim = "2", red = "31", yellow = "33", green = "32", cyan = "36"
    }

    /// Standard input is a terminal: prompts are asked.
    let isInteractive: Bool
    /// Standard error is a colour-capable terminal and NO_COLOR is unset.
    let isStyled: Bool

    init() {
        isInteractive = isatty(STDIN_FILENO) == 1
        let environment = ProcessInfo.processInfo.environment
        isStyled = isatty(STDERR_FILENO) == 1 && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
    }

    func say(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    func styled(_ text: String, _ style: Style) -> String {
        isStyled ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }

    /// Asks for a line; nil when input has ended.
    func ask(_ prompt: String) -> String? {
        FileHandle.standardError.write(Data(prompt.utf8))
        return readLine(strippingNewline: true)
    }

    /// Asks for a line without echoing it (passwords, codes). The terminal's echo is restored
    /// afterwards, also when the person presses Ctrl-C meanwhile.
    func askHidden(_ prompt: String) -> String? {
        FileHandle.standardError.write(Data(prompt.utf8))
        var original = termios()
        guard isInteractive, tcgetattr(STDIN_FILENO, &original) == 0 else {
            return readLine(strippingNewline: true)
        }
        TerminalEcho.saved = original
        var silent = original
        silent.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSANOW, &silent)
        defer {
            tcsetattr(STDIN_FILENO, TCSANOW, &original)
            TerminalEcho.saved = nil
            FileHandle.standardError.write(Data("\n".utf8))
        }
        return readLine(strippingNewline: true)
    }
}

/// Restores the terminal's echo when the process is interrupted or crashes during hidden input.
enum TerminalEcho {
    nonisolated(unsafe) static var saved: termios?

    /// SIGINT and SIGTERM restore echo and exit with 128+signal; crash signals restore echo and
    /// then let the signal do what it would have done (a core dump, a crash report).
    static func installRestoringHandlers() {
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber) { received in
                TerminalEcho.restoreEcho()
                _exit(128 + received)
            }
        }
        for signalNumber in [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE] {
            signal(signalNumber) { received in
                TerminalEcho.restoreEcho()
                signal(received, SIG_DFL)
                raise(received)
            }
        }
    }

    static func restoreEcho() {
        if var original = saved {
            tcsetattr(STDIN_FILENO, TCSANOW, &original)
        }
    }
}
