import ArgumentParser
import Foundation
import JourneyProfiles

/// Opening profiles.yaml in the person's editor.
enum ProfilesEditing {
    /// The line of the profile, after adding a skeleton for it when the file lacks it (the
    /// folder is made 0700, the file 0600).
    static func ensureProfile(_ name: String, in file: ProfilesFile) throws -> Int {
        let document: ProfilesDocument
        do {
            document = try file.read()
        } catch {
            return error.line ?? 1
        }
        if let profile = document.profile(named: name) { return profile.line ?? 1 }
        let folder = (file.path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        var text = document.text
        if !text.isEmpty, !text.hasSuffix("\n") { text += "\n" }
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).count
        text += "\(name):\n  url: https://am.example.com/am\n  realm: root\n"
        let temporary = file.path + ".tmp-\(getpid())"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600]) else {
            throw ValidationError("Cannot write \(file.path).")
        }
        guard rename(temporary, file.path) == 0 else { throw ValidationError("Cannot write \(file.path).") }
        return max(line, 1)
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
