import Foundation
import TerminalKit
import Testing

/// Compares a rendered canvas with a text file under the calling test target's
/// `__Snapshots__` folder (text, then a style mask of theme roles).
///
/// Re-record with `RECORD_SNAPSHOTS=1 swift test`: the files are written and every recording
/// test fails, so nothing is recorded silently. A missing file fails the same way.
/// With `screensFolder`, the snapshot is also copied to `docs/screens/<name>.txt` for the README.
public func assertScreenSnapshot(
    _ canvas: Canvas,
    named name: String,
    screensFolder: Bool = false,
    filePath: String = #filePath,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let actual = CanvasText.snapshot(canvas)
    let testFile = URL(filePath: filePath)
    let folder = testFile.deletingLastPathComponent().appending(path: "__Snapshots__")
    let file = folder.appending(path: "\(name).txt")
    let recording = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
    let expected = try? String(contentsOf: file, encoding: .utf8)

    if recording || expected == nil {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try actual.write(to: file, atomically: true, encoding: .utf8)
            if screensFolder { try writeScreen(actual, named: name, testFile: testFile) }
        } catch {
            Issue.record("could not write \(file.path): \(error)", sourceLocation: sourceLocation)
            return
        }
        let why = recording ? "RECORD_SNAPSHOTS=1" : "there was no snapshot"
        Issue.record("Recorded \(file.lastPathComponent) (\(why)); check it, then run again without recording.",
                     sourceLocation: sourceLocation)
        return
    }
    if actual != expected {
        Issue.record("""
            Screen differs from \(file.lastPathComponent) (re-record with RECORD_SNAPSHOTS=1 if the change is intended):
            \(lineDiff(expected: expected ?? "", actual: actual))
            """, sourceLocation: sourceLocation)
    }
}

/// `docs/screens/<name>.txt`: the text part only, for people reading the docs.
private func writeScreen(_ snapshot: String, named name: String, testFile: URL) throws {
    var root = testFile.deletingLastPathComponent()
    while !FileManager.default.fileExists(atPath: root.appending(path: "Package.swift").path), root.path != "/" {
        root = root.deletingLastPathComponent()
    }
    let screens = root.appending(path: "docs/screens")
    try FileManager.default.createDirectory(at: screens, withIntermediateDirectories: true)
    let text = snapshot.components(separatedBy: "\n--- style ---\n").first ?? snapshot
    try (text + "\n").write(to: screens.appending(path: "\(name).txt"), atomically: true, encoding: .utf8)
}

/// The lines that differ, numbered, as `-expected` / `+actual`.
private func lineDiff(expected: String, actual: String) -> String {
    let old = expected.components(separatedBy: "\n")
    let new = actual.components(separatedBy: "\n")
    var lines: [String] = []
    for index in 0..<max(old.count, new.count) {
        let before = index < old.count ? old[index] : nil
        let after = index < new.count ? new[index] : nil
        if before != after {
            let number = String(index + 1)
            let padded = String(repeating: " ", count: max(0, 3 - number.count)) + number
            if let before { lines.append("\(padded) -\(before)") }
            if let after { lines.append("\(padded) +\(after)") }
        }
    }
    return lines.joined(separator: "\n")
}
