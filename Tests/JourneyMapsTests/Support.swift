import Foundation
import JourneyMaps

/// The fixtures of this test target: journey exports written for these tests.
enum Fixtures {
    static let folder = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "Fixtures").path

    static func path(_ name: String) -> String { (folder as NSString).appendingPathComponent(name) }

    /// A temporary file holding `text`, for a definition written in a test.
    static func file(_ text: String, named name: String = "journey.json") throws -> String {
        let folder = FileManager.default.temporaryDirectory.appending(path: "journey-maps-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appending(path: name)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }
}
