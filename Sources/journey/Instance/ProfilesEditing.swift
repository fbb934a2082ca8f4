import ArgumentParser
import Foundation
import JourneyProfiles

/// Opening profiles.yaml in the person's editor.
enum ProfilesEditing {
    /// The line of the profile, after adding a skeleton for it when the file lacks it.
    static func ensureProfile(_ name: String, in file: ProfilesFile) throws -> Int {
        let document: ProfilesDocument
        do {
            document = try file.read()
        } catch {
            return error.line ?? 1
        }
        if let profile = document.profile(named: name) { return profile.line ?? 1 }
        do {
            return try ProfilesWriter(file: file).write(
                profile: name, values: [.url: .text("https://am.example.com/am"), .realm: .text("root")]).line
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// Runs `$VISUAL` / `$EDITOR` (or vi) on the file at the line, and waits for it.
    static func openEditor(_ path: String, line: Int) throws {
        let environment = ProcessInfo.processInfo.environment
        let editor = environment["VISUAL"].flatMap { $0.isEmpty ? nil : $0 } ?? environment["EDITOR"].flatMap { $0.isEmpty ? nil : $0 } ?? "vi"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "\(editor) +\(line) \"$1\"", "editor", path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ValidationError("The editor (\(editor)) exited with status \(process.terminationStatus); nothing was checked.")
        }
    }
}
