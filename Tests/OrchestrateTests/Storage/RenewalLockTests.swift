import Foundation
import Orchestrate
import Synchronization
import Testing

/// The renewal lock: held across `await`, one holder at a time per store name.
struct RenewalLockTests {
    /// Counts holders inside the lock at once, and the most seen.
    final class Occupancy: Sendable {
        private let counts = Mutex<(now: Int, most: Int)>((0, 0))
        func enter() { counts.withLock { $0.now += 1; $0.most = max($0.most, $0.now) } }
        func leave() { counts.withLock { $0.now -= 1 } }
        var most: Int { counts.withLock { $0.most } }
    }

    @Test(arguments: StorageBackend.allCases)
    func holdersOfOneNameTakeTurnsAcrossAwaits(_ backend: StorageBackend) async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "renewal-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store: any RecordStore = backend == .file ? try FileRecordStore(folder: folder) : MemoryRecordStore()
        let tokens = Occupancy()
        let other = Occupancy()
        await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<12 {
                let name = index.isMultiple(of: 3) ? "other" : "tokens"
                let occupancy = name == "tokens" ? tokens : other
                group.addTask {
                    try await store.withRenewalLock(name) {
                        occupancy.enter()
                        try await Task.sleep(for: .milliseconds(20))
                        occupancy.leave()
                    }
                }
            }
        }
        #expect(tokens.most == 1, "two holders renewed one store at once")
        #expect(other.most == 1)
    }
}
