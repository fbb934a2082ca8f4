import Foundation
import Logging

extension Console {
    /// The logger a command's `JourneyClient` traces its exchanges with: on stderr at `trace`
    /// (`--trace`), through `Console.write`, so the lines carry the insecure marker too.
    static func wireLogger(traces: Bool) -> Logger {
        var logger = Logger(label: "journeyterm.wire") { label in ConsoleLogHandler(label: label) }
        logger.logLevel = traces ? .trace : .info
        return logger
    }
}

/// Writes log events to stderr as `time level label: message`, each line through the console;
/// while the full-screen UI runs, to its log pane instead (`LogRouting`).
struct ConsoleLogHandler: LogHandler {
    let label: String
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        if LogRouting.post(level: event.level, source: label, text: event.message.description) { return }
        let time = Date().formatted(.iso8601.time(includingFractionalSeconds: true))
        Console.write("\(time) \(event.level) \(label): \(event.message.description)\n", to: .standardError)
    }
}
