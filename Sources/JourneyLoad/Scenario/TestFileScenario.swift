import JourneyTesting

/// `journey load PATHS…`: the cases of `journey test` files as load. Each iteration of a virtual
/// user runs the next case in turn (user `n` starts at case `n`), with the runner of
/// `journey test`, which gives each case a client instance of its own with stores in memory;
/// every expectation of the test is checked, and one not met is an error of kind
/// `expectation` (AM's refusal one of kind `AM failure`) on the step it happened on. A row of
/// `--cases` replaces the test's variables of the same name.
///
/// Steps are named as ``StepTiming`` says: `start` for the request that starts the journey, then
/// the page each later request answered (its stage or header), the last one up to the outcome.
public struct TestFileScenario: LoadScenario {
    public let cases: [PreparedCase]

    public init(cases: [PreparedCase]) {
        precondition(!cases.isEmpty, "a load run needs a case to run")
        self.cases = cases
    }

    public func makeVirtualUser(number: Int) -> any VirtualUser {
        TestCaseUser(cases: cases, first: number % cases.count)
    }

    /// AM's refusal, the run's error (no answer in time, or none at all), or an expectation.
    private static func kind(of failure: TestFailure) -> FailureKind {
        guard failure.expectation == "outcome" else { return .expectation }
        if failure.got == "failure" || failure.got == "success" { return failure.got == "failure" ? .amFailure : .expectation }
        return failure.got.localizedCaseInsensitiveContains("timed out") ? .timeout : .connection
    }

    /// The case's pages as load steps: each named after the page its request answered.
    public static func iteration(from result: CaseResult) -> IterationResult {
        var names = ["start"] + result.steps.map { $0.stage ?? "step \($0.step)" }
        var durations = result.steps.map(\.duration)
        if let last = result.lastAnswerToOutcome { durations.append(last) } else { names.removeLast() }
        var steps = zip(names, durations).map { StepTiming(name: $0, duration: $1) }
        guard let first = result.failures.first else { return IterationResult(steps: steps, outcome: .success) }
        let failure = LoadFailure(kind: kind(of: first), message: first.message)
        if !steps.isEmpty {
            let index = first.step.map { min(max(0, $0 - 1), steps.count - 1) } ?? steps.count - 1
            steps[index].failure = failure
        }
        return IterationResult(steps: steps, outcome: .failure(failure))
    }
}

/// Runs the cases in turn from its own starting one.
private final class TestCaseUser: VirtualUser, @unchecked Sendable {
    private let cases: [PreparedCase]
    private let runner = TestRunner()
    // One iteration at a time (the runner's promise), so the counter needs no lock.
    private var next: Int

    init(cases: [PreparedCase], first: Int) {
        self.cases = cases
        self.next = first
    }

    func runIteration(variables: [String: String], pacing: StepPacing) async -> IterationResult {
        let prepared = cases[next]
        next = (next + 1) % cases.count
        let result = await runner.run(prepared.with(variables: variables))
        if Task.isCancelled { return IterationResult(steps: [], outcome: .cancelled) }
        return TestFileScenario.iteration(from: result)
    }
}
