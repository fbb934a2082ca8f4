import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A lock held across exchanges with a server, so two `journey` processes or two tabs take
/// turns: renewing one store's tokens (instead of spending the same refresh token twice), or
/// keeping a new session and the tokens it mints (instead of orphaning each other's sessions).
/// Unlike ``RecordStore/withLock(_:_:)`` it may be held over `await`: it never blocks a thread,
/// and it is not re-entrant.
enum RenewalLock {
    /// How long a waiter polls before it gives up and names the lock file.
    static let patience: Duration = .seconds(30)
    private static let pollInterval: Duration = .milliseconds(10)

    /// Holds `flock(2)` on the file at `path` while `body` runs. The lock belongs to this open
    /// file description, so other tasks of this process wait for it as other processes do, and
    /// the kernel releases it if the holder dies.
    static func withLock<T: Sendable>(at path: String, _ body: () async throws -> T) async throws -> T {
        let fd = open(path, O_RDONLY | O_CREAT | FileSystem.noFollow, 0o600)
        guard fd >= 0 else { throw StoreError.lockFailed(path, reason: FileSystem.describe(errno)) }
        defer { close(fd) }
        let clock = ContinuousClock()
        let deadline = clock.now + patience
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                throw StoreError.lockFailed(path, reason: FileSystem.describe(errno))
            }
            guard clock.now < deadline else {
                throw StoreError.lockFailed(path, reason: "another journey process has held it for \(patience.spoken) (renewing tokens or keeping a new session)")
            }
            try await Task.sleep(for: pollInterval)
        }
        return try await body()
    }
}
