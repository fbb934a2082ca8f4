import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes a file only its owner can read (0600) in a folder only its owner can enter (0700,
/// made when missing), atomically: a temporary file in the same folder, synced, renamed over
/// the file, so a reader sees the old text or the new, never a mix.
enum PrivateFile {
    static func save(_ data: Data, to path: String) throws(ProfilesWriteError) {
        let folder = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw .cannotWrite(path: path, reason: "its folder cannot be made: \(error.localizedDescription)")
        }
        let temporary = folder + "/.\((path as NSString).lastPathComponent).\(UUID().uuidString).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { throw .cannotWrite(path: path, reason: String(cString: strerror(errno))) }
        let complete = writeAll(data, to: descriptor)
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard complete, synced, rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .cannotWrite(path: path, reason: reason)
        }
    }

    private static func writeAll(_ data: Data, to descriptor: Int32) -> Bool {
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let count = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
    }
}
