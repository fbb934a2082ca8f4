import Logging

/// One log line of an in-process server (the demo AM, the demo PingOne) or of the client,
/// kept for the log pane. The text is shown through the canvas, which neutralises it.
public struct LogLine: Sendable, Equatable {
    public let level: Logger.Level
    /// Who logged it: a logger's label (`demo-am`), or `stderr` for raw writes.
    public let source: String
    public let text: String

    public init(level: Logger.Level, source: String, text: String) {
        self.level = level
        self.source = source
        self.text = text
    }
}

/// The log lines kept while the full-screen UI runs, oldest first, at most `capacity`
/// (older ones are dropped and counted).
public struct LogBook: Sendable, Equatable {
    public static let defaultCapacity = 1_000

    public let capacity: Int
    public private(set) var lines: [LogLine] = []
    /// How many lines were dropped to keep `capacity`.
    public private(set) var dropped = 0

    public init(capacity: Int = Self.defaultCapacity) {
        self.capacity = max(1, capacity)
    }

    public var latest: LogLine? { lines.last }

    public mutating func append(_ new: [LogLine]) {
        lines += new
        let excess = lines.count - capacity
        if excess > 0 {
            lines.removeFirst(excess)
            dropped += excess
        }
    }
}
