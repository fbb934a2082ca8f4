import CNcurses
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Puts the terminal back (standard error uncaptured, bracketed paste off, `endwin`: cooked mode, echo, cursor, main
/// screen) on every way out of the process while curses is active: `CursesScreen.stop()`,
/// `exit` (an `atexit` handler), SIGTERM, SIGHUP and SIGINT (restore, then exit with
/// 128 + the signal), and crash signals (restore, then let the signal do what it would have
/// done: the previous handler, such as Swift's backtracer, or the default action).
///
/// Signal handlers should only do async-signal-safe work. The flag is a lock-free atomic and
/// the paste-off sequence is a plain `write`, but `endwin` is not async-signal-safe: it is
/// what every curses program does on the way out, and the process ends right afterwards.
/// Ctrl-C in raw mode is not a signal but the character 3 (`.control("c")`), so the app
/// decides what it means; the SIGINT handler is for `kill -INT`.
enum TerminalRestore {
    private static let active = Atomic<Bool>(false)
    private static let exitSignals = [SIGTERM, SIGHUP, SIGINT]
    private static let crashSignals = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]
    private static let pasteOff: StaticString = "\u{1B}[?2004l"
    /// The handlers found before ours, indexed by signal number, written once before any of
    /// ours is installed and only read afterwards.
    nonisolated(unsafe) private static let previousActions = UnsafeMutablePointer<sigaction>
        .allocate(capacity: 65)
    private static let installation: Void = {
        for signalNumber in exitSignals {
            install(signalNumber) { received in
                TerminalRestore.restore()
                _exit(128 + received)
            }
        }
        for signalNumber in crashSignals {
            install(signalNumber) { received in
                TerminalRestore.restore()
                sigaction(received, TerminalRestore.previousActions + Int(received), nil)
                raise(received)
            }
        }
        atexit { TerminalRestore.restore() }
    }()

    /// The terminal is gone without a SIGHUP reaching the process: leave as SIGHUP would.
    static func exitAfterHangUp() -> Never {
        restore()
        _exit(128 + SIGHUP)
    }

    /// Curses is now on screen: install the handlers (once per process) and arm them.
    static func activate() {
        _ = installation
        active.store(true, ordering: .sequentiallyConsistent)
    }

    /// Restores the terminal if curses is on screen; does nothing otherwise, so it is safe
    /// to call from several exit paths.
    static func restore() {
        StandardErrorCapture.restore()
        guard active.exchange(false, ordering: .sequentiallyConsistent) else { return }
        _ = write(STDOUT_FILENO, pasteOff.utf8Start, pasteOff.utf8CodeUnitCount)
        endwin()
    }

    private static func install(_ signalNumber: Int32, _ handler: @convention(c) (Int32) -> Void) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        sigemptyset(&action.sa_mask)
        sigaction(signalNumber, &action, previousActions + Int(signalNumber))
    }
}
