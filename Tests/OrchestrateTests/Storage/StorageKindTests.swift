import Foundation
import Orchestrate
import Testing

/// A store remembers which orchestration kind wrote it and refuses the other kind.
struct StorageKindTests {
    let owner = StorageTestSupport.serverA

    @Test(arguments: StorageBackend.allCases)
    func aDaVinciStoreRefusesAJourneyClient(_ backend: StorageBackend) throws {
        try backend.withStore { store in
            try TypedStore<String>(name: "session", kind: .davinci, role: .session, backend: store).save("davinci-session", for: owner)
            let journey = TypedStore<String>(name: "session", role: .session, backend: store)
            for attempt in [{ _ = try journey.load(for: owner) }, { try journey.save("journey-session", for: owner) },
                            { try journey.clear(for: owner) }] {
                let error = #expect(throws: StoreError.self) { try attempt() }
                #expect(error == .otherKind(store: "session", holds: .davinci, wanted: .journey))
                #expect(error?.description.contains("the Journey module and the DaVinci module must not share storage") == true)
            }
            #expect(try TypedStore<String>(name: "session", kind: .davinci, role: .session, backend: store).load(for: owner) == "davinci-session")
        }
    }

    @Test func aRecordWrittenBeforeKindsIsAJourneyRecord() throws {
        let old = #"{"owner":{"serverURL":"http://127.0.0.1:8180/am","realm":"/alpha","clientId":"journey-cli"},"updated":0,"payload":"IngiCg=="}"#
        let record = try JSONDecoder().decode(StoredRecord.self, from: Data(old.utf8))
        #expect(record.kind == .journey)
        let store = MemoryRecordStore()
        try store.write(record, to: "tokens")
        #expect(try TypedStore<String>(name: "tokens", role: .tokens, backend: store).load(for: owner) == "x")
    }
}
