import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// While curses owns the terminal, whatever is written to standard error (descriptor 2: a
/// library's warning, a log handler nobody configured) goes into a pipe instead of over the
/// screen; a reader thread hands each line to `deliver`. Descriptor 2 is put back by
/// `finish()`, and by `TerminalRestore` on every other way out (exit, signals, crashes), so a
/// crash report reaches the terminal.
public final class StandardErrorCapture: Sendable {
    /// The terminal's descriptor 2, kept while captured; -1 when nothing is captured. Atomic so
    /// a signal handler can put it back.
    private static let saved = Atomic<Int32>(-1)
    private let finished = DispatchSemaphore(value: 0)

    private init() {}

    /// Captures descriptor 2 until `finish()`; nil when it is captured already or no pipe can
    /// be made (standard error then stays as it is).
    public static func start(delivering deliver: @escaping @Sendable (String) -> Void) -> StandardErrorCapture? {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        let original = dup(STDERR_FILENO)
        guard original >= 0, saved.compareExchange(expected: -1, desired: original, ordering: .sequentiallyConsistent).exchanged,
              dup2(ends[1], STDERR_FILENO) >= 0 else {
            if original >= 0 { _ = saved.compareExchange(expected: original, desired: -1, ordering: .sequentiallyConsistent) }
            [ends[0], ends[1], original].filter { $0 >= 0 }.forEach { close($0) }
            return nil
        }
        close(ends[1])
        let capture = StandardErrorCapture()
        let reading = ends[0]
        Thread.detachNewThread {
            Self.read(reading, deliver: deliver)
            close(reading)
            capture.finished.signal()
        }
        return capture
    }

    /// Puts descriptor 2 back, then waits until every line written before is delivered: at
    /// most two seconds, so a process that inherited the pipe and outlives the UI cannot hold
    /// the way out (its lines are then left undelivered).
    public func finish() {
        Self.restore()
        _ = finished.wait(timeout: .now() + .seconds(2))
    }

    /// Puts the terminal's descriptor 2 back if it is captured (async-signal-safe: an atomic,
    /// `dup2` and `close`). The pipe's writing end is then closed, so the reader ends.
    static func restore() {
        let original = saved.exchange(-1, ordering: .sequentiallyConsistent)
        guard original >= 0 else { return }
        dup2(original, STDERR_FILENO)
        close(original)
    }

    /// Reads the pipe to its end, one line at a time (a last line without a newline too).
    private static func read(_ descriptor: Int32, deliver: (String) -> Void) {
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            pending += buffer[0..<count]
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                deliver(String(decoding: pending[..<newline], as: UTF8.self))
                pending.removeSubrange(...newline)
            }
        }
        if !pending.isEmpty { deliver(String(decoding: pending, as: UTF8.self)) }
    }
}
