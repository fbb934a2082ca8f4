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
    /// terminal), or `input` and its end, and waits for it. Spawned with swift-subprocess: Foundation's `Process.run()`
    /// crashes now and then on Linux (it over-reads `/proc/self/fd`, swift-corelibs-foundation#5472),
    /// and these tests start hundreds of processes.
    static func run(_ arguments: [String], environment: [String: String] = [:], input: String? = nil,
                    executable: URL = executable) async throws -> Result {
        let configuration = Configuration(executable: .path(FilePath(executable.path)), arguments: Arguments(arguments),
                                          environment: .inherit.updating(overrides(environment)))
        let result = if let input {
            try await Subprocess.run(configuration, input: .string(input), output: .string(limit: 64 << 20), error: .string(limit: 64 << 20))
        } else {
            try await Subprocess.run(configuration, input: .none, output: .string(limit: 64 << 20), error: .string(limit: 64 << 20))
        }
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
        /// The process has ended and been reaped: its pid may be another process's by now.
        private let exited: Exited

        init(arguments: [String] = ["serve", "--port", "0"], ready: @escaping @Sendable (String) -> Bool = { $0.contains("http://127.0.0.1") })
            async throws {
            let (progress, announce) = AsyncStream<(pid: pid_t, text: String, ready: Bool)>.makeStream()
            let exited = Exited()
            self.exited = exited
            ended = Task {
                // A process that cannot start still ends the wait for its banner.
                defer { announce.finish() }
                let result = try await Subprocess.run(.path(FilePath(JourneyProcess.executable.path)), arguments: Arguments(arguments),
                                                      input: .none, output: .sequence, error: .discarded) { execution in
                    var text = ""
                    announce.yield((execution.processIdentifier.value, text, false))
                    for try await line in execution.standardOutput.strings() {
                        text += line + "\n"
                        announce.yield((execution.processIdentifier.value, text, ready(text)))
                    }
                }
                exited.flag.store(true, ordering: .sequentiallyConsistent)
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
                if let pid = last?.pid, !exited.flag.load(ordering: .sequentiallyConsistent) { kill(pid, SIGKILL) }
                if case .failure(let error) = await ended.result { throw error }
                throw ServerDidNotStart(output: last?.text ?? "")
            }
            pid = last.pid
            banner = last.text
            self.url = String(url.output)
        }

        /// A test that ends without `interrupt()` (or with a failure before it) still stops
        /// the server it started.
        deinit {
            if !exited.flag.load(ordering: .sequentiallyConsistent) { kill(pid, SIGKILL) }
        }

        /// Sends SIGINT, as Ctrl-C would, waits up to 10 s for the process to end (killing it
        /// after that), and returns its exit status.
        func interrupt() async -> Int32 {
            kill(pid, SIGINT)
            let deadline = Task { [pid, exited] in
                try await Task.sleep(for: .seconds(10))
                if !exited.flag.load(ordering: .sequentiallyConsistent) { kill(pid, SIGKILL) }
            }
            defer { deadline.cancel() }
            return (try? await ended.value) ?? -1
        }
    }

    /// Whether a server's process has ended (set once, read from any thread).
    final class Exited: Sendable {
        let flag = Atomic(false)
    }

    struct ServerDidNotStart: Error {
        let output: String
    }
}
