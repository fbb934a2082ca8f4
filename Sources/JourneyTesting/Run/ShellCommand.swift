import Foundation
import Subprocess

/// Runs a test's shell command (`resume: {command: …}`, an answer's `{command: …}`) and reads its output.
enum ShellCommand {
    struct Failed: Error, CustomStringConvertible {
        let description: String
    }

    /// The most a command may print: its last line is an answer, not a document.
    static let outputLimit = 1 << 20

    /// The last non-empty line the command printed; it must exit with 0. The command runs with
    /// the process's environment (and the scope's) and the test's variables filled in
    /// (`TEST_VAR_<name>`); the secret ones are noted in `secrets`, and so is the line.
    static func lastLine(of command: ShellCommandText, scope: VariableScope, secrets: SecretValues) async throws -> String {
        var overrides: [Environment.Key: String?] = [:]
        for (name, value) in scope.environment.merging(scope.commandEnvironment(secrets: secrets), uniquingKeysWith: { _, variable in variable }) {
            if let key = Environment.Key(rawValue: name) { overrides[key] = value }
        }
        let result = try await run(.path("/bin/sh"), arguments: ["-c", command.description], environment: .inherit.updating(overrides),
                                   input: .none, output: .string(limit: outputLimit), error: .discarded)
        guard result.terminationStatus == .exited(0) else { throw Failed(description: "the command \(Self.ending(result.terminationStatus))") }
        guard let line = result.standardOutput.split(whereSeparator: \.isNewline)
            .last(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) else {
            throw Failed(description: "the command printed nothing")
        }
        let value = line.trimmingCharacters(in: .whitespaces)
        secrets.note(value)
        return value
    }

    private static func ending(_ status: TerminationStatus) -> String {
        switch status {
        case .exited(let code): "exited with \(code)"
        case .signaled(let signal): "was ended by signal \(signal)"
        }
    }
}
