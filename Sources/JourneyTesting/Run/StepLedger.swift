/// The steps of a test taken so far, in a journey or a flow: each page checked against the
/// next step and timed from the answer before it. A failure ends the walk (``Stop``).
final class StepLedger {
    /// The walk ended because a page differed from the test; the failures are in ``failures``.
    struct Stop: Error {}

    let steps: [StepExpectation]
    private let clock = ContinuousClock()
    private(set) var taken = 0
    private(set) var failures: [TestFailure] = []
    private(set) var timings: [StepTiming] = []
    private var lastSent: ContinuousClock.Instant

    init(steps: [StepExpectation]) {
        self.steps = steps
        lastSent = clock.now
    }

    /// How long since the last answer was sent.
    var elapsed: Duration { clock.now - lastSent }

    /// Fails when the test lists no more steps for another page.
    func expectMore(stage: String?, details: [String]) throws {
        guard taken < steps.count else {
            throw stop(TestFailure(step: taken + 1, expectation: "steps", expected: "the run to end after \(steps.count) pages",
                                   got: "another page (\(stage.map { "stage \($0)" } ?? "no stage"))", details: details))
        }
    }

    /// Takes the next step for a page with these `failures` (from comparing them), timed.
    func take(stage: String?, failures found: [TestFailure], elapsed: Duration) throws {
        let expected = steps[taken]
        taken += 1
        timings.append(StepTiming(step: taken, stage: stage, duration: elapsed))
        var found = found
        if let within = expected.within, elapsed > within {
            found.append(TestFailure(step: taken, expectation: "within", expected: "≤ \(within.shortText)", got: elapsed.shortText))
        }
        guard found.isEmpty else {
            failures += found
            throw Stop()
        }
    }

    /// The answers are on their way: the next page's time starts.
    func sent() {
        lastSent = clock.now
    }

    /// Notes a failure; the error to end the walk with.
    func stop(_ failure: TestFailure) -> Stop {
        failures.append(failure)
        return Stop()
    }
}
