import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive `flock(2)` on a lock file, held while a closure runs.
///
/// flock locks belong to an open file description, so every acquisition opens the file anew:
/// two threads, two store values or two processes exclude each other alike, and the kernel
/// releases the lock when a holder dies. A thread that already holds the lock on a file runs
/// nested bodies directly, so a `withLock` body can call `write` without deadlocking itself.
enum FileLock {
    /// A lock file, identified by device and inode so that differently spelled paths agree.
    private struct Identity: Hashable {
        let device: UInt64
        let inode: UInt64
    }

    /// The lock files each thread holds, by thread. (Not `Thread.threadDictionary`: storing a
    /// Swift set there bridges it to an object on every access, which cost a login more than
    /// its three writes.)
    private static let heldByThread = Mutex<[pthread_t: Set<Identity>]>([:])

    private static func holds(_ identity: Identity) -> Bool {
        let thread = pthread_self()
        return heldByThread.withLock { $0[thread]?.contains(identity) ?? false }
    }

    private static func setHeld(_ identity: Identity, _ isHeld: Bool) {
        let thread = pthread_self()
        heldByThread.withLock { held in
            var mine = held[thread] ?? []
            if isHeld { mine.insert(identity) } else { mine.remove(identity) }
            held[thread] = mine.isEmpty ? nil : mine
        }
    }

    static func withLock<T>(at path: String, _ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        let fd = open(path, O_RDONLY | O_CREAT | FileSystem.noFollow, 0o600)
        guard fd >= 0 else { throw .lockFailed(path, reason: FileSystem.describe(errno)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .lockFailed(path, reason: FileSystem.describe(errno)) }
        let identity = Identity(device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino))
        // Closing this second descriptor later leaves the outer flock alone (unlike fcntl locks).
        if holds(identity) { return try body() }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { throw .lockFailed(path, reason: FileSystem.describe(errno)) }
        }
        setHeld(identity, true)
        defer { setHeld(identity, false) }
        return try body()
    }
}
