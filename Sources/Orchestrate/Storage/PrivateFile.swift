import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file only its owner can read (0600), written atomically: a temporary file in the same
/// folder, synced, then renamed over the target. For exports that hold what a person did (HAR
/// files, answers files).
public enum PrivateFile {
    /// `privateFolder`: the folder is created 0700 or tightened to 0700 (a folder of the app's
    /// own); otherwise a missing folder is created 0700 and an existing one is left as it is (a
    /// path the person chose).
    public static func write(_ data: Data, to file: URL, privateFolder: Bool) throws(StoreError) {
        let folder = file.deletingLastPathComponent()
        if privateFolder || !FileSystem.exists(folder.path) { try FileSystem.makePrivateFolder(folder) }
        let temporary = folder.appending(path: ".\(file.lastPathComponent).\(getpid())-\(String(UInt32.random(in: .min ... .max), radix: 16))").path
        try FileSystem.create(temporary, data: data, synced: true, reportedPath: file.path)
        guard rename(temporary, file.path) == 0 else {
            let reason = FileSystem.describe(errno)
            unlink(temporary)
            throw .cannotWrite(file.path, reason: reason)
        }
        try FileSystem.syncFolder(folder.path)
    }
}
