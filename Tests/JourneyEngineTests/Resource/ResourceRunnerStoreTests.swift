import Foundation
import JourneyEngine
import Orchestrate
import Synchronization
import Testing

/// `journey request` says when the instance's stores cannot keep what a call brought: each
/// write that fails is a hop of its own, and the call goes on with what it has.
struct ResourceRunnerStoreTests {
    @Test func aStepUpWhoseStoresRefuseWritesSaysSoAndStillAnswers() async throws {
        let store = WriteRefusingStore()
        try await RunnerFixture.with(backend: store) { fixture in
            let standard = try await fixture.signIn("standard", try fixture.options(.stepUp))
            store.refusesWrites.store(true, ordering: .relaxed)
            let (outcome, hops, _) = await standard.call(ResourceCall(url: fixture.resource("/api/balance")),
                                                          answers: ["Enter verification code=\(try RunnerFixture.code())"])
            #expect(outcome.answer?.status == 200, "\(outcome)")
            let said = hops.filter { $0.kind == .stores }.map(\.conclusion)
            #expect(said.contains { $0.hasPrefix("The stepped-up session could not be written to the instance's stores") }, "\(said)")
            #expect(said.contains { $0.hasPrefix("The cookies AM set could not be written to the instance's stores") }, "\(said)")
            #expect(hops.contains { $0.kind == .tokens && $0.conclusion.contains("they could not be kept") }, "\(hops.map(\.conclusion))")
        }
    }
}

/// A store in memory whose writes fail once told to, as a full disk or a read-only folder would.
private final class WriteRefusingStore: RecordStore {
    let refusesWrites = Atomic(false)
    private let memory = MemoryRecordStore()

    func read(_ name: String) throws(StoreError) -> StoredRecord? { try memory.read(name) }
    func names() throws(StoreError) -> [String] { try memory.names() }
    func withLock<T>(_ name: String, _ body: () throws(StoreError) -> T) throws(StoreError) -> T { try memory.withLock(name, body) }
    func withRenewalLock<T: Sendable>(_ name: String, _ body: () async throws -> T) async throws -> T { try await memory.withRenewalLock(name, body) }

    func write(_ record: StoredRecord, to name: String) throws(StoreError) {
        guard !refusesWrites.load(ordering: .relaxed) else { throw .cannotWrite(name, reason: "the disk is full") }
        try memory.write(record, to: name)
    }

    func delete(_ name: String) throws(StoreError) {
        guard !refusesWrites.load(ordering: .relaxed) else { throw .cannotWrite(name, reason: "the disk is full") }
        try memory.delete(name)
    }
}
