import Foundation
import Synchronization

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
    /// terminal) and waits for it.
    static func run(_ arguments: [String], environment: [String: String] = [:], executable: URL = executable) async throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardInput = FileHandle.nullDevice
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        let collectedOut = Collector(stdout.fileHandleForReading)
        let collectedErr = Collector(stderr.fileHandleForReading)
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            process.terminationHandler = { _ in continuation.resume() }
            do { try process.run() } catch { continuation.resume(throwing: error) }
        }
        let out = await collectedOut.finish()
        let err = await collectedErr.finish()
        return Result(status: process.terminationStatus, stdout: out, stderr: err, crashed: process.terminationReason == .uncaughtSignal)
    }

    /// `journey serve` on a free port (or `journey` with other `arguments`); returns once it
    /// printed its URL.
    final class Server: Sendable {
        let process: Process
        let url: String
        private let output: Collector

        init(arguments: [String] = ["serve", "--port", "0"]) async throws {
            let process = Process()
            process.executableURL = JourneyProcess.executable
            process.arguments = arguments
            process.standardInput = FileHandle.nullDevice
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            let output = Collector(pipe.fileHandleForReading)
            try process.run()
            let deadline = ContinuousClock.now + .seconds(20)
            var found: String?
            while found == nil, ContinuousClock.now < deadline, process.isRunning {
                try await Task.sleep(for: .milliseconds(50))
                found = output.text.firstMatch(of: /http:\/\/127\.0\.0\.1:\d+\/am/).map { String($0.output) }
            }
            guard let found else {
                process.terminate()
                throw ServerDidNotStart(output: output.text)
            }
            self.process = process
            self.url = found
            self.output = output
        }

        /// A test that ends without `interrupt()` (or with a failure before it) still stops
        /// the server it started.
        deinit {
            if process.isRunning { process.terminate() }
        }

        /// Sends SIGINT, as Ctrl-C would, and returns the exit status.
        func interrupt() async -> Int32 {
            await JourneyProcess.interrupt(process)
        }
    }

    /// Sends SIGINT to a `journey serve`, as Ctrl-C would, waits up to 10 s for it to end
    /// (terminating it after that), and returns its exit status.
    static func interrupt(_ process: Process) async -> Int32 {
        kill(process.processIdentifier, SIGINT)
        let deadline = ContinuousClock.now + .seconds(10)
        while process.isRunning, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(50))
        }
        if process.isRunning { process.terminate() }
        return process.terminationStatus
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
