import Foundation
import JourneyProfiles

extension FuzzTarget {
    /// `profiles.yaml`: YAML, then the map of profiles to known options.
    static let profiles = FuzzTarget(name: "profiles", summary: "profiles.yaml text → profiles and their options", maxInputLength: 4096,
        seeds: [
            "lab:\n  url: https://am.example.com/am\n  realm: alpha\n  oauthScope: openid profile\n  sslPinningPublicKeyHashes:\n    - sha256/AAAA\n",
            "demo:\n  url: http://127.0.0.1:8180/am\n  timeout: 30\n  preset: step-up\n",
        ]) { data in
        _ = try? ProfilesDocument(path: "profiles.yaml", text: data.fuzzText)
    }

    /// `journey config import`: the input written as each SDK format's file (FRAuthConfig.plist,
    /// strings.xml, the JavaScript SDK's JSON) and read back as the command reads it.
    static let imports = FuzzTarget(name: "imports", summary: "an SDK configuration file (plist, strings.xml, JSON) → options", maxInputLength: 16384,
        seeds: [
            #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>forgerock_url</key><string>https://am.example.com/am</string><key>forgerock_realm</key><string>alpha</string></dict></plist>"#,
            #"<resources><string name="forgerock_url">https://am.example.com/am</string><integer name="forgerock_timeout">30</integer></resources>"#,
            #"{"serverConfig":{"baseUrl":"https://am.example.com/am/","timeout":3000},"realmPath":"alpha","clientId":"web"}"#,
        ]) { data in
        let folder = ImportFolder.shared.path
        let files = [("FRAuthConfig.plist", SDKFormat.plist), ("strings.xml", .stringsXML), ("config.json", .js)].compactMap { name, format in
            let path = "\(folder)/\(name)"
            return ImportFolder.replaceContents(of: path, with: data) ? (path, format) : nil
        }
        for (path, _) in files { _ = SDKFormat.detect(path: path, contents: data) }
        // One task reads all three: the readers are async (swift-configuration's file providers).
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            for (path, format) in files { _ = try? await format.read(path: path) }
            done.signal()
        }
        done.wait()
    }
}

/// A private folder for the import target's files, made once per process: in memory
/// (`/dev/shm`) where there is such a place, which makes the target about three times faster.
private final class ImportFolder: Sendable {
    static let shared = ImportFolder()
    let path: String

    private init() {
        let memory = URL(filePath: "/dev/shm")
        let base = FileManager.default.isWritableFile(atPath: memory.path) ? memory : FileManager.default.temporaryDirectory
        path = base.appending(path: "journey-fuzz-imports-\(getpid())").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true,
                                                 attributes: [.posixPermissions: 0o700])
    }

    /// Replaces the file's contents with one `write(2)` (Foundation's `createFile` writes a
    /// temporary and renames it, which was most of this target's time).
    static func replaceContents(of path: String, with data: Data) -> Bool {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return data.withUnsafeBytes { bytes in bytes.isEmpty || write(fd, bytes.baseAddress, bytes.count) == bytes.count }
    }
}
