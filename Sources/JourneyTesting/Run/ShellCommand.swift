import Foundation

/// Runs a test's shell command (`resume: {command: …}`, an answer's `{command: …}`) and reads its output.
enum ShellCommand {
    struct Failed: Error, CustomStringConvertible {
        let description: String
    }

    /// The last non-empty line the command printed; it must exit with 0. The command runs with
    /// the process's environment (and the scope's) and the test's variables filled in
    /// (`TEST_VAR_<name>`); the secret ones are noted in `secrets`, and so is the line.
    static func lastLine(of command: ShellCommandText, scope: VariableScope, secrets: SecretValues) async throws -> String {
        let process = Process()
        process.executableURL = URL(filePath: "/bin/sh")
        process.arguments = ["-c", command.description]
        process.environment = ProcessInfo.processInfo.environment.merging(scope.environment) { _, given in given }
            .merging(scope.commandEnvironment(secrets: secrets)) { _, variable in variable }
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            process.terminationHandler = { _ in continuation.resume() }
            do { try process.run() } catch { continuation.resume(throwing: error) }
        }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        guard process.terminationStatus == 0 else { throw Failed(description: "the command exited with \(process.terminationStatus)") }
        guard let line = text.split(whereSeparator: \.isNewline).last(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) else {
            throw Failed(description: "the command printed nothing")
        }
        let value = line.trimmingCharacters(in: .whitespaces)
        secrets.note(value)
        return value
    }
}
