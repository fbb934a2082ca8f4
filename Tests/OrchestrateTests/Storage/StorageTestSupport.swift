import Foundation
import Orchestrate
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum StorageTestSupport {
    static let serverA = StoreOwner(serverURL: "http://127.0.0.1:8180/am", realm: "/alpha", clientId: "journey-cli")
    static let serverB = StoreOwner(serverURL: "https://am.example.com/am", realm: "/alpha", clientId: "journey-cli")

    /// A fresh folder under the temporary directory, removed after `body`.
    static func withTemporaryFolder<T>(_ body: (URL) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory
            .appending(path: "journeyterm-storage-\(UUID().uuidString)", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try body(folder)
    }

    /// The permission bits of `path`, or nil when it cannot be stat'ed.
    static func permissions(_ path: String) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & 0o777
    }

    static func entries(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }
}

/// Which backend a parameterised test runs against.
enum StorageBackend: String, CaseIterable, Sendable {
    case file, memory

    /// A fresh store of this kind, cleaned up after `body`.
    func withStore(_ body: (any RecordStore) throws -> Void) throws {
        switch self {
        case .memory:
            try body(MemoryRecordStore())
        case .file:
            try StorageTestSupport.withTemporaryFolder { folder in try body(try FileRecordStore(folder: folder)) }
        }
    }
}

/// A value handed from another thread.
final class Handoff<Value: Sendable>: Sendable {
    private let value = Mutex<Value?>(nil)
    func set(_ newValue: Value) { value.withLock { $0 = newValue } }
    var current: Value? { value.withLock { $0 } }
}
