import JourneyApp
import Logging
import Synchronization

/// Where `ConsoleLogHandler`s write: standard error, or, while the full-screen UI owns the
/// terminal, the UI's `LogInbox` (the status line and the log pane), so no log line of the
/// in-process demo servers or the client is written over the screen.
enum LogRouting {
    private static let inbox = Mutex<LogInbox?>(nil)

    /// Sends every log line to `target` until `routeToStandardError()`.
    static func route(to target: LogInbox) {
        inbox.withLock { $0 = target }
    }

    static func routeToStandardError() {
        inbox.withLock { $0 = nil }
    }

    /// Posts the line to the UI's inbox when one is routed to; false when it goes to stderr.
    static func post(level: Logger.Level, source: String, text: String) -> Bool {
        guard let target = inbox.withLock({ $0 }) else { return false }
        target.post(LogLine(level: level, source: source, text: text))
        return true
    }
}
