import Foundation
import Orchestrate
import Subprocess

/// Runs a test's shell command (`resume: {command: …}`, an answer's `{command: …}`) and reads its output.
enum ShellCommand {
    struct Failed: Error, CustomStringConvertible {
        let description: String
    }

    /// The most a command may print: its last line is an answer, not a document.
    static let outputLimit = 1 << 20

    /// The longest a command may run: one that hangs fails its step instead of the whole run.
    static let timeLimit = Duration.seconds(60)

    /// The last non-empty line the command printed; it must exit with 0. The command runs with
    /// the process's environment (and the scope's) and the test's variables filled in
    /// (`TEST_VAR_<name>`); the secret ones are noted in `secrets`, and so is the line.
    ///
    /// The command runs in a session of its own; when it runs past `timeLimit`, or the test is
    /// cancelled (Ctrl-C), it and every process it started are stopped (SIGTERM, then SIGKILL).
    static func lastLine(of command: ShellCommandText, scope: VariableScope, secrets: SecretValues,
                         timeLimit: Duration = timeLimit) async throws -> String {
        var overrides: [Environment.Key: String?] = [:]
        for (name, value) in scope.environment.merging(scope.commandEnvironment(secrets: secrets), uniquingKeysWith: { _, variable in variable }) {
            if let key = Environment.Key(rawValue: name) { overrides[key] = value }
        }
        let options = sessionOfItsOwn
        let environment = Environment.inherit.updating(overrides)
        let result = try await withThrowingTaskGroup { group in
            group.addTask {
                try await run(.path("/bin/sh"), arguments: ["-c", command.description], environment: environment, platformOptions: options,
                              input: .none, output: .string(limit: outputLimit), error: .discarded)
            }
            group.addTask {
                try await Task.sleep(for: timeLimit)
                let (seconds, attoseconds) = timeLimit.components
                throw Failed(description: "the command ran longer than \(seconds * 1000 + attoseconds / 1_000_000_000_000_000) ms and was stopped")
            }
            // The first to end wins; the other is cancelled, and the group waits for the command's teardown.
            defer { group.cancelAll() }
            do {
                guard let first = try await group.next() else { throw CancellationError() }
                return first
            } catch is CancellationError {
                throw Failed(description: "the run was interrupted, and the command stopped")
            }
        }
        guard result.terminationStatus == .exited(0) else { throw Failed(description: "the command \(Self.ending(result.terminationStatus))") }
        guard let line = result.standardOutput.split(whereSeparator: \.isNewline)
            .last(where: { !$0.trimmingSpaces().isEmpty }) else {
            throw Failed(description: "the command printed nothing")
        }
        let value = line.trimmingSpaces()
        secrets.note(value)
        return value
    }

    /// A session of its own, so that stopping the command stops what it started, and nothing else.
    private static var sessionOfItsOwn: PlatformOptions {
        var options = PlatformOptions()
        options.createSession = true
        options.teardownSequence = [.gracefulShutDown(toProcessGroup: true, allowedDurationToNextStep: .seconds(1))]
        return options
    }

    private static func ending(_ status: TerminationStatus) -> String {
        switch status {
        case .exited(let code): "exited with \(code)"
        case .signaled(let signal): "was ended by signal \(signal)"
        }
    }
}
