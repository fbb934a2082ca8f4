import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes a file only its owner can read (0600) in a folder only its owner can enter (0700,
/// made when missing), atomically: a temporary file in the same folder, synced, renamed over
/// the file, so a reader sees the old text or the new, never a mix.
///
/// A path that is a symbolic link is written through: the link's target (followed to the end,
/// whether or not it exists yet) is the file replaced, in its own folder, and the link stays.
enum PrivateFile {
    /// Links followed before a path counts as a loop, as Linux's `MAXSYMLINKS`.
    private static let linkLimit = 40

    static func save(_ data: Data, to path: String) throws(ProfilesWriteError) {
        let target = try destination(of: path)
        let folder = (target as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw .cannotWrite(path: target, reason: "its folder cannot be made: \(error.localizedDescription)")
        }
        let temporary = folder + "/.\((target as NSString).lastPathComponent).\(UUID().uuidString).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { throw .cannotWrite(path: target, reason: String(cString: strerror(errno))) }
        let complete = writeAll(data, to: descriptor)
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard complete, synced, rename(temporary, target) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .cannotWrite(path: target, reason: reason)
        }
    }

    /// The file a path names once its symbolic links are followed; a relative link is read from
    /// the link's folder. The path itself when it is no link (or does not exist).
    private static func destination(of path: String) throws(ProfilesWriteError) -> String {
        var current = path
        for _ in 0..<linkLimit {
            guard let link = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else { return current }
            let folder = (current as NSString).deletingLastPathComponent
            current = link.hasPrefix("/") || folder.isEmpty ? link : folder + "/" + link
        }
        throw .cannotWrite(path: path, reason: "its symbolic links go round in a loop (more than \(linkLimit) of them)")
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
