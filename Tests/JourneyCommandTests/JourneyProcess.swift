import Foundation
import Subprocess
import Synchronization
import SystemPackage

/// Runs the built `journey` binary as a subprocess, as a person or a script would.
enum JourneyProcess {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
        /// Ended by a signal (a trap, a crash): `status` is then the signal's number.
        var crashed = false
    }

    /// `journey` beside the test bundle, in the build folder both were built into.
    static let executable: URL = {
        var directory = URL(filePath: CommandLine.arguments[0]).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: directory.appending(path: "journey").path),
              directory.path != "/" {
            directory = directory.deletingLastPathComponent()
        }
        return directory.appending(path: "journey")
    }()

    /// Runs `journey` (or another `executable`) with standard input from /dev/null (no
    /// terminal) and waits for it. Spawned with swift-subprocess: Foundation's `Process.run()`
    /// crashes now and then on Linux (it over-reads `/proc/self/fd`, swift-corelibs-foundation#5472),
    /// and these tests start hundreds of processes.
    static func run(_ arguments: [String], environment: [String: String] = [:], executable: URL = executable) async throws -> Result {
        let result = try await Subprocess.run(.path(FilePath(executable.path)), arguments: Arguments(arguments),
                                              environment: .inherit.updating(overrides(environment)),
                                              input: .none, output: .string(limit: 64 << 20), error: .string(limit: 64 << 20))
        switch result.terminationStatus {
        case .exited(let code): return Result(status: code, stdout: result.standardOutput, stderr: result.standardError)
        case .signaled(let signal): return Result(status: signal, stdout: result.standardOutput, stderr: result.standardError, crashed: true)
        }
    }

    private static func overrides(_ environment: [String: String]) -> [Environment.Key: String?] {
        var overrides: [Environment.Key: String?] = [:]
        for (name, value) in environment {
            if let key = Environment.Key(rawValue: name) { overrides[key] = value }
        }
        return overrides
    }

    /// `journey serve` on a free port (or `journey` with other `arguments`), running in the
    /// background until `interrupt()`; returns once its output says it is `ready` (by default,
    /// once it printed its URL).
    final class Server: Sendable {
        let url: String
        /// Everything the process printed on standard output before it was ready.
        let banner: String
        private let pid: pid_t
        private let ended: Task<Int32, any Error>

        init(arguments: [String] = ["serve", "--port", "0"], ready: @escaping @Sendable (String) -> Bool = { $0.contains("http://127.0.0.1") })
            async throws {
            let (progress, announce) = AsyncStream<(pid: pid_t, text: String, ready: Bool)>.makeStream()
            ended = Task {
                let result = try await Subprocess.run(.path(FilePath(JourneyProcess.executable.path)), arguments: Arguments(arguments),
                                                      input: .none, output: .sequence, error: .discarded) { execution in
                    var text = ""
                    announce.yield((execution.processIdentifier.value, text, false))
                    for try await line in execution.standardOutput.strings() {
                        text += line + "\n"
                        announce.yield((execution.processIdentifier.value, text, ready(text)))
                    }
                }
                announce.finish()
                switch result.terminationStatus {
                case .exited(let code): return code
                case .signaled(let signal): return 128 + signal
                }
            }
            let deadline = Task {
                try? await Task.sleep(for: .seconds(30))
                announce.finish()
            }
            defer { deadline.cancel() }
            var last: (pid: pid_t, text: String, ready: Bool)?
            for await update in progress {
                last = update
                if update.ready { break }
            }
            guard let last, last.ready, let url = last.text.firstMatch(of: /http:\/\/127\.0\.0\.1:\d+\/am/) else {
                if let pid = last?.pid { kill(pid, SIGKILL) }
                throw ServerDidNotStart(output: last?.text ?? "")
            }
            pid = last.pid
            banner = last.text
            self.url = String(url.output)
        }

        /// A test that ends without `interrupt()` (or with a failure before it) still stops
        /// the server it started.
        deinit {
            kill(pid, SIGKILL)
        }

        /// Sends SIGINT, as Ctrl-C would, waits up to 10 s for the process to end (killing it
        /// after that), and returns its exit status.
        func interrupt() async -> Int32 {
            kill(pid, SIGINT)
            let deadline = Task { [pid] in
                try await Task.sleep(for: .seconds(10))
                kill(pid, SIGKILL)
            }
            defer { deadline.cancel() }
            return (try? await ended.value) ?? -1
        }
    }

    struct ServerDidNotStart: Error {
        let output: String
    }
}

/// Collects what a pipe delivers, as it arrives.
final class Collector: Sendable {
    private let data = Mutex(Data())
    /// The pipe reached its end: every writer closed it.
    private let ended = Mutex(false)
    private let handle: FileHandle

    init(_ handle: FileHandle) {
        self.handle = handle
        // The handler keeps this collector alive until `finish()` removes it.
        handle.readabilityHandler = { readable in
            let chunk = readable.availableData
            if chunk.isEmpty { self.ended.withLock { $0 = true } }
            self.data.withLock { $0.append(chunk) }
        }
    }

    var text: String { data.withLock { String(decoding: $0, as: UTF8.self) } }

    /// Once the process has ended: waits for the pipe's end (at most 10 s: a process the command
    /// left running may hold the pipe open, and a blocking read would then never return), stops
    /// collecting and returns everything.
    func finish() async -> String {
        let deadline = ContinuousClock.now + .seconds(10)
        while !ended.withLock({ $0 }), ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
        handle.readabilityHandler = nil
        return text
    }
}
