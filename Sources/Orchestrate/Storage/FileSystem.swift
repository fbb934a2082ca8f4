import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The POSIX calls behind `FileRecordStore`, with errors turned into `StoreError`.
enum FileSystem {
    /// The system's message for an `errno` value; ELOOP from an `O_NOFOLLOW` open says what it
    /// means here.
    static func describe(_ code: Int32) -> String {
        code == ELOOP ? "it is a symbolic link, and the store folder holds no links (remove it)" : String(cString: strerror(code))
    }

    /// How the store opens its files: never through a symbolic link, so a link planted in the
    /// folder cannot make it read, lock or create a file elsewhere.
    static let noFollow = O_NOFOLLOW | O_CLOEXEC

    /// Creates `folder` (and missing parents) with mode 0700, and tightens an existing folder
    /// that others could read to 0700. A folder another user owns is refused: they could swap
    /// its files.
    static func makePrivateFolder(_ folder: URL) throws(StoreError) {
        let path = folder.path
        try createFolder(folder)
        var info = stat()
        guard stat(path, &info) == 0 else { throw .cannotCreateFolder(path, reason: describe(errno)) }
        guard info.st_mode & mode_t(S_IFMT) == mode_t(S_IFDIR) else {
            throw .cannotCreateFolder(path, reason: "something that is not a folder is in the way")
        }
        guard info.st_uid == geteuid() else {
            throw .folderOfAnotherUser(path, owner: info.st_uid)
        }
        if info.st_mode & 0o077 != 0, chmod(path, 0o700) != 0 {
            throw .folderNotPrivate(path, reason: describe(errno))
        }
    }

    private static func createFolder(_ folder: URL) throws(StoreError) {
        let path = folder.path
        if mkdir(path, 0o700) == 0 || errno == EEXIST { return }
        guard errno == ENOENT else { throw .cannotCreateFolder(path, reason: describe(errno)) }
        let parent = folder.deletingLastPathComponent()
        guard parent.path != path else { throw .cannotCreateFolder(path, reason: describe(ENOENT)) }
        try createFolder(parent)
        guard mkdir(path, 0o700) == 0 || errno == EEXIST else {
            throw .cannotCreateFolder(path, reason: describe(errno))
        }
    }

    /// The whole file, or nil when it does not exist.
    static func contents(of path: String) throws(StoreError) -> Data? {
        let fd = open(path, O_RDONLY | noFollow)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw .cannotRead(path, reason: describe(errno))
        }
        defer { close(fd) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                data.append(contentsOf: buffer[..<count])
            } else if count == 0 {
                return data
            } else if errno != EINTR {
                throw .cannotRead(path, reason: describe(errno))
            }
        }
    }

    /// Creates `path`, which must not exist, with mode 0600 whatever the umask, writes `data`
    /// and, when `synced`, waits until it is on the disk. On failure the file is removed and the
    /// error names `reportedPath`.
    static func create(_ path: String, data: Data, synced: Bool, reportedPath: String) throws(StoreError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | noFollow, 0o600)
        guard fd >= 0 else { throw .cannotWrite(reportedPath, reason: describe(errno)) }
        var failure: Int32?
        if fchmod(fd, 0o600) != 0 { failure = errno }
        if failure == nil { failure = writeAll(fd, data) }
        if failure == nil, synced, fsync(fd) != 0 { failure = errno }
        if close(fd) != 0, failure == nil { failure = errno }
        if let failure {
            unlink(path)
            throw .cannotWrite(reportedPath, reason: describe(failure))
        }
    }

    /// Writes every byte; the `errno` of a failure, or nil.
    private static func writeAll(_ fd: Int32, _ data: Data) -> Int32? {
        data.withUnsafeBytes { bytes -> Int32? in
            var offset = 0
            while offset < bytes.count {
                let count = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if count >= 0 {
                    offset += count
                } else if errno != EINTR {
                    return errno
                }
            }
            return nil
        }
    }

    /// Makes renames and removals in `path` durable.
    static func syncFolder(_ path: String) throws(StoreError) {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw .cannotWrite(path, reason: describe(errno)) }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw .cannotWrite(path, reason: describe(errno)) }
    }

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }
}
