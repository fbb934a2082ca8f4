import Foundation
import JourneyEngine
import Orchestrate
import Testing

/// The recorded AM responses in `../shared/fixtures/forgerock-ios-sdk/` (beside the checkout).
/// They exist for CI and developers, not in a user's clone: tests that read them are skipped
/// with a notice when the folder is absent.
enum Fixtures {
    static let root: URL = URL(filePath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "shared/fixtures/forgerock-ios-sdk")

    static var available: Bool { FileManager.default.fileExists(atPath: root.path) }
    static let skipNotice: Comment = "../shared/fixtures is absent (it is not part of a user's clone): fixture tests skipped"

    /// One recorded response: status, headers and body, as the transport would return it.
    struct Recording {
        let name: String
        let response: HTTPResponse
        let payload: JSONValue?
    }

    static func files(in folder: String) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: root.appending(path: folder), includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    static func recording(_ url: URL) throws -> Recording {
        let wrapper = try JSONValue.parse(Data(contentsOf: url))
        let meta = wrapper["response"]
        let status = meta?["statusCode"]?.intValue ?? 0
        var headers: [HTTPHeader] = []
        for (name, value) in meta?["headerFields"]?.objectValue ?? [:] {
            if let text = value.stringValue { headers.append(HTTPHeader(name, text)) }
        }
        let payload = wrapper["responsePayload"]
        return Recording(
            name: url.lastPathComponent,
            response: HTTPResponse(status: status, headers: headers, body: payload?.encoded() ?? Data()),
            payload: payload)
    }

    static func recording(_ folder: String, _ name: String) throws -> Recording {
        try recording(root.appending(path: "\(folder)/\(name).json"))
    }
}
