import DemoAM
import Foundation
import HARReplay
import JourneyEngine
import Logging
import Orchestrate
import Synchronization

/// Records a client's exchanges, as `journey login --har` does.
final class Tape: Sendable {
    private let kept = Mutex<[WireExchange]>([])

    var tap: WireTap {
        { [self] exchange in kept.withLock { $0.append(exchange) } }
    }

    func har(revealing: Bool) -> Data { HARLog.data(kept.withLock { $0 }, revealing: revealing) }
}

/// Keeps the replay's log lines, to check what it logged.
final class LogLines: Sendable {
    private let lines = Mutex<[(Logger.Level, String)]>([])

    var logger: Logger {
        Logger(label: "replay") { _ in Handler(lines: self) }
    }

    var warnings: [String] { lines.withLock { $0.filter { $0.0 == .warning }.map(\.1) } }

    private struct Handler: LogHandler {
        let lines: LogLines
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .info

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            lines.lines.withLock { $0.append((event.level, event.message.description)) }
        }
    }
}

enum Walk {
    static let demoLogin = ["User Name=demo", "Password=Demo-pass1"]

    /// Walks `journey` at `url` with a new client (its own cookies), answering every step from
    /// `PROMPT=VALUE` pairs as `journey login --answer` does.
    static func journey(_ journey: String, at url: String, answers: [String], tap: WireTap? = nil) async throws -> (LoginSuccess, JourneyClient) {
        let client = JourneyClient(server: try ServerConfiguration(url: url), wireTap: tap)
        var book = AnswerBook()
        for answer in answers { try book.add(answer) }
        let success = try await client.walk(JourneyRequest(.journey(journey))) { step in
            var answered = step
            for index in answered.callbacks.indices {
                if let text = book.value(for: answered.callbacks[index]) {
                    try answered.callbacks[index].answer(AnswerParser.answer(text, for: answered.callbacks[index]))
                }
            }
            return answered
        }
        return (success, client)
    }

    /// Runs `body` against a demo AM on a free port, stopping it after.
    static func recording(_ body: (String) async throws -> Void) async throws {
        try await DemoAM.running { demo in try await body(demo.baseURL) }
    }

    /// Runs `body` against a replay of `har`, stopping it after.
    static func replaying(_ har: Data, logger: Logger = LogLines().logger, _ body: (ReplayServer) async throws -> Void) async throws {
        let replay = try await ReplayServer.start(har: har, named: "recorded.har", port: 0, logger: logger)
        do {
            try await body(replay)
        } catch {
            await replay.stop()
            throw error
        }
        await replay.stop()
    }
}
