import Logging
import Synchronization

/// Where log lines wait, from any thread, until the UI loop takes them (`runApp` drains it
/// into `AppEvent.logged` every frame), so nothing is written over the screen.
public final class LogInbox: Sendable {
    private let waiting = Mutex<[LogLine]>([])

    public init() {}

    public func post(_ line: LogLine) {
        waiting.withLock { $0.append(line) }
    }

    /// The lines posted since the last call, oldest first.
    public func drain() -> [LogLine] {
        waiting.withLock { lines in
            defer { lines.removeAll() }
            return lines
        }
    }
}
