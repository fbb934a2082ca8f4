import JourneyEngine
import JourneyProfiles
import JourneyTesting
import Logging
import Orchestrate

/// One app's journey clients: a client and its instance (stores in memory) for each set of
/// options its cases use, made when a case first needs them and kept for every later case with
/// the same options, as an app keeps its cookies and stores. A value owned by one virtual user
/// (``TestCaseUser``) or one worker slot (``CaseSlots``).
struct KeptClients {
    /// A client and the instance it signs in with.
    struct Kept: Sendable {
        let client: JourneyClient
        let instance: ClientInstance
    }

    private var kept: [ClientOptions: Kept] = [:]
    /// A load run logs nothing per exchange: the worker's standard output is its protocol.
    private static let quiet = Logger(label: "journeyterm.load", factory: { _ in SwiftLogNoOpLogHandler() })

    /// The client and instance for the case's options against `server`, made on first use.
    mutating func client(for prepared: PreparedCase, server: ServerConfiguration) throws(StoreError) -> Kept {
        if let existing = kept[prepared.options] { return existing }
        let instance = try ClientInstance(name: "journey-load", backend: MemoryRecordStore(), options: prepared.options.journey)
        let made = Kept(client: JourneyClient(server: server, transport: HTTPTransports.make(for: prepared.options.common), logger: Self.quiet),
                        instance: instance)
        kept[prepared.options] = made
        return made
    }
}
