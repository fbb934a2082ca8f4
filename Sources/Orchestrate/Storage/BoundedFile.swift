import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a file a user named, bounded: only a regular file (a device such as `/dev/zero`, a FIFO
/// or a folder is refused before a byte is read, and opening never waits on a FIFO's writer), and
/// no more than `limit` bytes, even when the file grows while it is read.
public enum BoundedFile {
    /// Why a file was not read.
    public enum Refusal: Error, Sendable, Equatable {
        /// There is nothing at the path.
        case missing
        /// It is not a regular file.
        case notARegularFile
        /// It holds more than the limit (`size` as `stat` gave it, or limit + 1 when it grew).
        case tooLarge(size: Int)
        /// The system's reason.
        case unreadable(String)

        /// Why, in words, for a message that names the file: `limit` is the one the read had.
        public func reason(limit: Int) -> String {
            switch self {
            case .missing: "there is no such file"
            case .notARegularFile: "it is not a regular file"
            case .tooLarge: "the file is larger than the \(limit >> 20) MiB it may be"
            case .unreadable(let reason): "the file cannot be read: \(reason)"
            }
        }
    }

    /// The whole file, when it is a regular file of at most `limit` bytes.
    public static func read(_ path: String, limit: Int) throws(Refusal) -> Data {
        // O_NONBLOCK: opening a FIFO for reading must not wait for a writer.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            throw errno == ENOENT ? .missing : .unreadable(String(cString: strerror(errno)))
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadable(String(cString: strerror(errno))) }
        guard status.st_mode & mode_t(S_IFMT) == mode_t(S_IFREG) else { throw .notARegularFile }
        guard Int(status.st_size) <= limit else { throw .tooLarge(size: Int(status.st_size)) }
        let data: Data
        do {
            // One byte more than the limit tells a file that grew since from one that fits.
            data = try handle.read(upToCount: limit + 1) ?? Data()
        } catch {
            throw .unreadable(error.localizedDescription)
        }
        guard data.count <= limit else { throw .tooLarge(size: data.count) }
        return data
    }
}
