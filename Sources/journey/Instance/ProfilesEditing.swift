import ArgumentParser
import Foundation
import JourneyProfiles
import Subprocess

/// Opening profiles.yaml in the person's editor.
enum ProfilesEditing {
    /// The line of the profile, after adding a skeleton for it when the file lacks it.
    /// The address a new profile starts with, for the person to replace.
    static let placeholderURL = "https://am.example.com/am"

    static func ensureProfile(_ name: String, in file: ProfilesFile) throws -> Int {
        let document: ProfilesDocument
        do {
            document = try file.read()
        } catch {
            return error.line ?? 1
        }
        if let profile = document.profile(named: name) { return profile.line ?? 1 }
        do {
            return try ProfilesWriter(file: file).write(profile: name, values: [.url: .text(placeholderURL), .realm: .text("root")]).line
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// Runs `$VISUAL` / `$EDITOR` (or vi) on the file at the line, on this terminal, and waits
    /// for it. The editor is the person's own setting, run by the shell as `git` runs it; the
    /// path is its argument, never shell text.
    static func openEditor(_ path: String, line: Int) async throws {
        let environment = ProcessInfo.processInfo.environment
        let editor = environment["VISUAL"].flatMap { $0.isEmpty ? nil : $0 } ?? environment["EDITOR"].flatMap { $0.isEmpty ? nil : $0 } ?? "vi"
        let result = try await run(.path("/bin/sh"), arguments: ["-c", "\(editor) +\(line) \"$1\"", "editor", path],
                                   input: .currentStandardInput, output: .currentStandardOutput, error: .currentStandardError)
        guard result.terminationStatus == .exited(0) else {
            throw ValidationError("The editor (\(editor)) ended with \(result.terminationStatus); nothing was checked.")
        }
    }
}
