/// What a load run repeats. A scenario makes one ``VirtualUser`` per concurrent user; each virtual
/// user runs iterations one after another and reports what happened in each as an
/// ``IterationResult``. The runner owns timing between iterations, the number of users, the stop
/// condition and the statistics; a scenario only walks.
///
/// To run something new as load (a `journey test` file, a DaVinci flow), write a scenario whose
/// virtual user holds one client instance and, in ``VirtualUser/runIteration(variables:pacing:)``:
/// 1. runs one pass with `variables` (a row of `--cases`, empty without one),
/// 2. calls `try await pacing.think()` between two steps (never before the first),
/// 3. returns each step's name (the page's stage or header) and time (without the think time),
///    with a ``LoadFailure`` on the step that failed, and the outcome.
/// ``JourneyWalkScenario`` (a journey answered from an answer book) and ``TestFileScenario``
/// (`journey test` files) are the ones shipped.
public protocol LoadScenario: Sendable {
    /// A new virtual user: its own client instance, cookies and stores in memory. `number`
    /// counts from 0 in the order users are started.
    func makeVirtualUser(number: Int) -> any VirtualUser
}

/// One simulated person: one client instance, used by one iteration at a time.
public protocol VirtualUser: Sendable {
    /// Runs one iteration and reports it. Never throws: a failure is a result. When the task is
    /// cancelled (Ctrl-C, the run's end) it returns ``IterationResult/Outcome/cancelled``.
    func runIteration(variables: [String: String], pacing: StepPacing) async -> IterationResult
}

/// The pause a virtual user makes between two steps (`--think`), as a person reading a page.
public struct StepPacing: Sendable, Hashable {
    public let thinkTime: Duration

    public init(thinkTime: Duration = .zero) {
        self.thinkTime = thinkTime
    }

    /// Waits the think time; throws `CancellationError` when the run stops meanwhile.
    public func think() async throws {
        guard thinkTime > .zero else { return try Task.checkCancellation() }
        try await Task.sleep(for: thinkTime)
    }
}
