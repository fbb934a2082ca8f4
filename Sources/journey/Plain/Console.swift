import Foundation
import JourneyEngine
import JourneyProfiles
import Orchestrate
import Synchronization

#if canImport(Glibc)
import Glibc
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin
private let systemWrite = Darwin.write
#endif

/// Line-by-line terminal I/O for the plain (non-curses) mode. What the person reads goes to
/// stderr, so stdout carries only the result (`--json` output stays clean).
///
/// While TLS verification is off (`insecure`), every line written for a person — on stderr,
/// prompts included, and results on stdout — starts with `insecureMarker`, in red on a colour
/// terminal. JSON for scripts is never marked; the objects `journey` writes gain
/// `"insecure": true` instead. The state is the process's, set once its options are resolved
/// (`noteTLS(of:)`), so every `Console` and the wire trace (`wireLogger`) mark their lines.
final class Console {
    /// Where a line goes.
    enum Stream {
        case standardError, standardOutput

        fileprivate var descriptor: Int32 { self == .standardError ? STDERR_FILENO : STDOUT_FILENO }

        /// A colour-capable terminal, and NO_COLOR unset.
        var isStyled: Bool {
            let environment = ProcessInfo.processInfo.environment
            return isatty(descriptor) == 1 && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
        }

        /// The terminal's width in columns, or nil when the stream is no terminal.
        var columns: Int? {
            var size = winsize()
            guard isatty(descriptor) == 1, ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
            return Int(size.ws_col)
        }
    }

    /// What starts every line while TLS verification is off; plain text, so it stays when
    /// colours do not.
    static let insecureMarker: TerminalString = "⚠ insecure │ "
    private static let insecure = Atomic<Bool>(false)

    /// Whether the options this process uses turn TLS verification off.
    static var isInsecure: Bool { insecure.load(ordering: .relaxed) }

    /// Standard input is a terminal: prompts are asked.
    let isInteractive: Bool
    /// Standard error is a colour-capable terminal and NO_COLOR is unset.
    let isStyled: Bool

    init() {
        isInteractive = isatty(STDIN_FILENO) == 1
        isStyled = Stream.standardError.isStyled
    }

    /// Called once the options a command connects with are resolved: with `insecure` on, says
    /// so, and every line from then on carries the marker.
    static func noteTLS(of options: ClientOptions) {
        noteTLS(insecure: options.insecure, server: options.kind == .davinci ? options.discoveryEndpoint?.absoluteString ?? "?" : options.url)
    }

    /// The same for commands that take `--insecure` themselves (`config pins`, `config discover`).
    static func noteTLS(insecure isOff: Bool, server: String) {
        // Said once, however many times a command resolves its options.
        guard isOff, !insecure.exchange(true, ordering: .relaxed) else { return }
        let warning: TerminalString = "TLS verification is off for \(line: server): certificates and host names are not checked (lab servers only)."
        write(paint(warning, .red, if: Stream.standardError.isStyled) + "\n", to: .standardError)
    }

    func say(_ text: TerminalString) {
        Self.write(text + "\n", to: .standardError)
    }

    /// Makes a change to an instance's stores; one that fails is said on stderr (`what` could
    /// not be written, and why) and the command goes on: a store failure is never dropped.
    func storing(_ what: String, _ change: () throws -> Void) {
        do {
            try change()
        } catch {
            say(styled("journey: \(line: what) could not be written to the instance's stores: \(line: "\(error)")", .red))
        }
    }

    /// A result line for a person on stdout (without `--json`).
    func result(_ text: TerminalString) {
        Self.write(text + "\n", to: .standardOutput)
    }

    /// One JSON object for scripts on stdout, never marked: with `insecure` on it says so itself.
    func json(_ object: JSONObject) {
        var object = object
        if Self.isInsecure { object["insecure"] = .bool(true) }
        Self.json(.object(object))
    }

    /// JSON text for scripts on stdout, never marked; its strings escape every control, C1 and
    /// bidi character (`terminalSafeJSONText`).
    static func json(_ value: JSONValue) {
        json(text: value.terminalSafeJSONText)
    }

    /// JSON text made by `terminalSafeJSONText`, on stdout, never marked.
    static func json(text: String) {
        document(text + "\n")
    }

    /// A document for scripts and files on stdout (JSON, an exported configuration), never
    /// marked, neutralised like everything else (its tabs become spaces).
    static func document(_ text: String) {
        writeUnmarked(TerminalString(text), to: .standardOutput)
    }

    func styled(_ text: TerminalString, _ style: TerminalStyle) -> TerminalString {
        Self.paint(text, style, if: isStyled)
    }

    private static func paint(_ text: TerminalString, _ style: TerminalStyle, if styled: Bool) -> TerminalString {
        styled ? text.styled(style) : text
    }

    /// Asks for a line; nil when input has ended.
    func ask(_ prompt: TerminalString) -> String? {
        Self.write(prompt, to: .standardError)
        return readLine(strippingNewline: true)
    }

    /// Asks for a line without echoing it (passwords, codes). The terminal's echo is restored
    /// afterwards, also when the person presses Ctrl-C meanwhile.
    func askHidden(_ prompt: TerminalString) -> String? {
        Self.write(prompt, to: .standardError)
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
            // Ends the prompt's line (the Enter was not echoed): not a line of its own.
            Self.writeUnmarked("\n", to: .standardError)
        }
        return readLine(strippingNewline: true)
    }

    /// Where text for a person is written: each line (and a prompt, the unfinished line at the
    /// end) gets the marker while `insecure` is on.
    static func write(_ text: TerminalString, to stream: Stream) {
        writeUnmarked(isInsecure ? marking(text, styled: stream.isStyled) : text, to: stream)
    }

    /// The only place `journey` writes to its standard output and error: a `TerminalString`
    /// and nothing else, so no server text reaches the terminal raw. Unbuffered, so a script
    /// reading a pipe sees each line as it is written (`journey serve`'s URL).
    private static func writeUnmarked(_ text: TerminalString, to stream: Stream) {
        let bytes = Array(text.description.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { systemWrite(stream.descriptor, $0.baseAddress, $0.count) }
            if written >= 0 {
                offset += written
            } else if errno == EPIPE {
                endAfterClosedPipe()
            } else if errno != EINTR {
                return  // a full disk, a closed descriptor: there is nowhere left to say so
            }
        }
    }

    /// The reader of the pipe went away (`journey … | head`): the process ends as it would by
    /// SIGPIPE, silently with status 141, even where SIGPIPE was ignored (the networking
    /// libraries ignore it), instead of a crash report.
    private static func endAfterClosedPipe() -> Never {
        TerminalEcho.restoreEcho()
        signal(SIGPIPE, SIG_DFL)
        raise(SIGPIPE)
        Foundation.exit(141)
    }

    /// `text` with the marker before every line; an empty last piece (after the final newline)
    /// is not a line.
    static func marking(_ text: TerminalString, styled: Bool) -> TerminalString {
        let marker = paint(insecureMarker, .red, if: styled)
        // The pieces of a TerminalString are safe already; splitting them keeps them so.
        let lines = text.lines
        return lines.enumerated().map { index, line in
            index == lines.count - 1 && line.isEmpty ? "" : marker + line
        }.joined(separator: "\n")
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

/// `journey` writes to its standard output and error through `Console` only, whose methods take
/// a `TerminalString`: this stands in the way of a `print` that would bypass it.
@available(*, unavailable, message: "write through Console (a TerminalString), so text from a server never reaches the terminal raw")
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {}
