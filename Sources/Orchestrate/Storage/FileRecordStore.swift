import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Records in files, one per store: `<folder>/<name>.json` (0600) in a folder kept at 0700.
///
/// Writes go to a temporary file `.<name>.json.tmp-<pid>-<random>` in the same folder, which is
/// renamed over the record, so a reader sees the old record or the new one, never a part.
/// Records are not synced to the disk: they hold what a server issued (sessions, tokens,
/// cookies, an instance's options), which signing in again brings back, and two syncs per
/// record were the largest part of a `journey login` (docs/performance.md). After a power loss
/// a record can be the previous one; one that was cut short is set aside as corrupt (below),
/// never read as a record. A removal (signing out) is synced, so what was signed out does not come
/// back; exports (`PrivateFile`) and profiles.yaml are synced too. `write`, `delete` and `withLock` hold `flock(2)` on `<name>.lock`; temporaries found
/// under that lock belong to writers that died, and the next write removes them.
/// A file that is not a valid record is renamed to `<name>.corrupt-<timestamp>`, never overwritten.
public struct FileRecordStore: RecordStore {
    public let folder: URL
    private let folderPath: String

    /// Uses `folder`, or `defaultFolder()` when nil, creating it 0700 (or tightening it to 0700).
    public init(folder: URL? = nil) throws(StoreError) {
        let folder = (folder ?? Self.defaultFolder()).standardizedFileURL
        try FileSystem.makePrivateFolder(folder)
        self.folder = folder
        self.folderPath = folder.path
    }

    /// `$XDG_STATE_HOME/journeyterm`, or `~/.local/state/journeyterm` when XDG_STATE_HOME is
    /// unset or not absolute.
    public static func defaultFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return URL(filePath: state, directoryHint: .isDirectory).appending(path: "journeyterm", directoryHint: .isDirectory)
        }
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? FileManager.default.homeDirectoryForCurrentUser.path
        return URL(filePath: home, directoryHint: .isDirectory)
            .appending(path: ".local/state/journeyterm", directoryHint: .isDirectory)
    }

    public func read(_ name: String) throws(StoreError) -> StoredRecord? {
        let path = try recordPath(name)
        guard let data = try FileSystem.contents(of: path) else { return nil }
        if let record = Self.decode(data) { return record }
        return try withLock(name) { () throws(StoreError) -> StoredRecord? in
            // Under the lock no writer is between its checks and its rename: look again.
            guard let data = try FileSystem.contents(of: path) else { return nil }
            if let record = Self.decode(data) { return record }
            throw .corrupt(path, movedTo: try setAside(name))
        }
    }

    public func write(_ record: StoredRecord, to name: String) throws(StoreError) {
        let path = try recordPath(name)
        let data: Data
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            data = try encoder.encode(record)
        } catch {
            throw .cannotWrite(path, reason: String(describing: error))
        }
        try withLock(name) { () throws(StoreError) in
            removeTemporaries(of: name)
            if let existing = try FileSystem.contents(of: path), Self.decode(existing) == nil {
                _ = try setAside(name)
            }
            let temporary = "\(folderPath)/\(temporaryPrefix(name))\(getpid())-\(String(UInt32.random(in: .min ... .max), radix: 16))"
            try FileSystem.create(temporary, data: data, synced: false, reportedPath: path)
            guard rename(temporary, path) == 0 else {
                let reason = FileSystem.describe(errno)
                unlink(temporary)
                throw .cannotWrite(path, reason: reason)
            }
        }
    }

    /// Every `<name>.json` in the folder whose name is a valid store name.
    public func names() throws(StoreError) -> [String] {
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: folderPath)
        } catch {
            throw .cannotRead(folderPath, reason: error.localizedDescription)
        }
        return entries.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(".json".count)) }
            .filter { (try? StoreName.validate($0)) != nil }.sorted()
    }

    public func delete(_ name: String) throws(StoreError) {
        let path = try recordPath(name)
        try withLock(name) { () throws(StoreError) in
            if unlink(path) == 0 {
                try FileSystem.syncFolder(folderPath)
            } else if errno != ENOENT {
                throw .cannotWrite(path, reason: FileSystem.describe(errno))
            }
        }
    }

    /// Holds `flock(2)` on `<name>.lock` (created 0600) while `body` runs; re-entrant per thread.
    public func withRenewalLock<T: Sendable>(_ name: String, _ body: () async throws -> T) async throws -> T {
        try StoreName.validate(name)
        return try await RenewalLock.withLock(at: "\(folderPath)/\(name).renewal.lock", body)
    }

    public func withLock<T>(_ name: String, _ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try StoreName.validate(name)
        return try FileLock.withLock(at: "\(folderPath)/\(name).lock", body)
    }

    private func recordPath(_ name: String) throws(StoreError) -> String {
        try StoreName.validate(name)
        return "\(folderPath)/\(name).json"
    }

    private func temporaryPrefix(_ name: String) -> String {
        ".\(name).json.tmp-"
    }

    private static func decode(_ data: Data) -> StoredRecord? {
        try? JSONDecoder().decode(StoredRecord.self, from: data)
    }

    /// Removes temporaries of `name`. Call only under its lock: then no live writer owns one.
    private func removeTemporaries(of name: String) {
        let prefix = temporaryPrefix(name)
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folderPath)) ?? []
        for entry in entries where entry.hasPrefix(prefix) {
            unlink("\(folderPath)/\(entry)")
        }
    }

    /// Renames the record of `name` to `<name>.corrupt-<timestamp>[-n]`; returns the new path.
    /// Call only under its lock.
    private func setAside(_ name: String) throws(StoreError) -> String {
        let path = "\(folderPath)/\(name).json"
        let stamp = Date().formatted(.iso8601.dateSeparator(.omitted).timeSeparator(.omitted))
        var target = "\(folderPath)/\(name).corrupt-\(stamp)"
        var suffix = 1
        while FileSystem.exists(target) {
            suffix += 1
            target = "\(folderPath)/\(name).corrupt-\(stamp)-\(suffix)"
        }
        guard rename(path, target) == 0 else {
            throw .cannotWrite(path, reason: "it is not a valid record and could not be moved aside: \(FileSystem.describe(errno))")
        }
        return target
    }
}
