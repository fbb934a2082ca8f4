import Foundation
import JourneyProfiles

extension FuzzTarget {
    /// `profiles.yaml`: YAML, then the map of profiles to known options.
    static let profiles = FuzzTarget(name: "profiles", summary: "profiles.yaml text → profiles and their options", maxInputLength: 16384,
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
        for (name, format) in [("FRAuthConfig.plist", SDKFormat.plist), ("strings.xml", .stringsXML), ("config.json", .js)] {
            let path = "\(folder)/\(name)"
            guard FileManager.default.createFile(atPath: path, contents: data) else { continue }
            _ = SDKFormat.detect(path: path, contents: data)
            let done = DispatchSemaphore(value: 0)
            Task.detached {
                _ = try? await format.read(path: path)
                done.signal()
            }
            done.wait()
        }
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
}
