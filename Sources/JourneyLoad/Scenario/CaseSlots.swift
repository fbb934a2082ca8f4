import JourneyTesting
import Synchronization

/// Runs test cases for `journey load --worker`, as many at once as it is asked, each on a free
/// slot: one app that keeps its journey clients and instances (``KeptClients``) across the cases
/// it runs and signs in again for each (`ForceAuth`), as a virtual user of `journey load` does.
/// A slot is made only when every slot is busy and is reused after, so there are as many as the
/// most cases that were ever under way at once, however many cases run.
public final class CaseSlots: Sendable {
    private let free = Mutex<[CaseSlot]>([])
    private let made = Atomic<Int>(0)

    public init() {}

    /// Runs the case on a free slot; a DaVinci flow's case with a client of its own.
    public func run(_ prepared: PreparedCase) async -> CaseResult {
        let slot = free.withLock { $0.popLast() } ?? makeSlot()
        let result = await slot.run(prepared)
        free.withLock { $0.append(slot) }
        return result
    }

    /// The slots made so far: the most cases that were under way at once.
    public var count: Int { made.load(ordering: .relaxed) }

    private func makeSlot() -> CaseSlot {
        made.add(1, ordering: .relaxed)
        return CaseSlot()
    }
}

/// One slot of ``CaseSlots``: one case at a time, with the clients it keeps.
actor CaseSlot {
    private let runner = TestRunner()
    private var clients = KeptClients()

    func run(_ prepared: PreparedCase) async -> CaseResult {
        guard case .journey(_, let server, _) = prepared.target,
              let kept = try? clients.client(for: prepared, server: server) else {
            // A flow, or an instance that cannot be made: the runner's own client, which reports
            // an instance it cannot make as the case's failure.
            return await runner.run(prepared)
        }
        return await runner.run(prepared, client: kept.client, instance: kept.instance, forceAuth: true)
    }
}
