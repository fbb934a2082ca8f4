import Foundation

/// The demo AM's certificate written for clients to trust (`caBundle`): a 0600 file in a fresh
/// 0700 folder under the temporary directory, removed when `journey serve` stops.
struct ServeCertificateFile {
    let path: String
    private let folder: String

    init(pem: String) throws {
        var template = Array(FileManager.default.temporaryDirectory.appendingPathComponent("journeyterm-serve-XXXXXX").path.utf8CString)
        guard let made = mkdtemp(&template) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "no temporary folder: \(String(cString: strerror(errno)))"])
        }
        folder = String(cString: made)
        path = folder + "/demo-am-certificate.pem"
        guard FileManager.default.createFile(atPath: path, contents: Data(pem.utf8), attributes: [.posixPermissions: 0o600]) else {
            remove()
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "\(path) could not be written"])
        }
    }

    /// Removes the file and its folder; one that cannot be removed is said on stderr.
    func remove() {
        do {
            try FileManager.default.removeItem(atPath: folder)
        } catch {
            Console().say("journey: the demo AM's certificate folder \(line: folder) could not be removed: \(line: error.localizedDescription)")
        }
    }
}
