/// Journeys in progress, keyed by the `otk` inside their `authId`, and suspended journeys, keyed
/// by `suspendedId`.
///
/// A step's state is taken out when a client answers it, so a stale or replayed `authId` finds
/// nothing. Entries older than their lifetime count as gone.
actor JourneyStore {
    /// A journey waiting for the answer to `page`.
    struct Flight: Sendable {
        let run: TreeRun
        let page: Page
        let realm: String
        let noSession: Bool
        let sessionUse: SessionUse
    }

    /// A flight taken out to handle an answer; ``putBack(_:)`` returns it when the answer is rejected.
    struct Claim: Sendable {
        let otk: String
        let flight: Flight
        fileprivate let parked: ContinuousClock.Instant
    }

    /// A journey waiting for its resume link, which goes on with `run`.
    struct Suspension: Sendable {
        let run: TreeRun
        let realm: String
        let noSession: Bool
        let sessionUse: SessionUse
    }

    private let journeyTimeout: Duration
    private let suspensionLifetime: Duration
    private var flights: [String: (flight: Flight, parked: ContinuousClock.Instant)] = [:]
    private var suspensions: [String: (suspension: Suspension, created: ContinuousClock.Instant)] = [:]

    init(journeyTimeout: Duration, suspensionLifetime: Duration) {
        self.journeyTimeout = journeyTimeout
        self.suspensionLifetime = suspensionLifetime
    }

    /// Stores a flight and returns its new `otk`.
    func park(_ flight: Flight) -> String {
        let now = ContinuousClock.now
        flights = flights.filter { now - $0.value.parked < journeyTimeout }
        let otk = RandomToken.base64URL(bytes: 18)
        flights[otk] = (flight, now)
        return otk
    }

    /// Removes and returns the flight, unless it is unknown or timed out.
    func take(_ otk: String) -> Claim? {
        guard let entry = flights.removeValue(forKey: otk), ContinuousClock.now - entry.parked < journeyTimeout else { return nil }
        return Claim(otk: otk, flight: entry.flight, parked: entry.parked)
    }

    /// Puts back a flight whose answer was rejected, under the same `otk` and timer.
    func putBack(_ claim: Claim) {
        flights[claim.otk] = (claim.flight, claim.parked)
    }

    /// Stores a suspension and returns its `suspendedId`.
    func suspend(_ suspension: Suspension) -> String {
        let now = ContinuousClock.now
        suspensions = suspensions.filter { now - $0.value.created < suspensionLifetime }
        let id = RandomToken.base64URL(bytes: 20)
        suspensions[id] = (suspension, now)
        return id
    }

    /// Removes and returns the suspension, unless it is unknown, expired or for another realm.
    func resume(_ id: String, realm: String) -> Suspension? {
        guard let entry = suspensions[id], entry.suspension.realm == realm else { return nil }
        suspensions[id] = nil
        return ContinuousClock.now - entry.created < suspensionLifetime ? entry.suspension : nil
    }
}
