import Synchronization

/// Collects the iterations of a run as they end, from every virtual user at once, for the whole
/// run and for the interval in progress.
public final class LoadRecorder: Sendable {
    private let state: Mutex<State>
    private let clock = ContinuousClock()
    private let started: ContinuousClock.Instant

    public init() {
        started = clock.now
        state = Mutex(State(intervalStart: started))
    }

    private struct Series {
        var journey = LatencySamples()
        var steps: [String: (samples: LatencySamples, errors: Int)] = [:]
        var iterations = 0
        var errorsByKind: [FailureKind: Int] = [:]

        mutating func record(_ result: IterationResult) {
            iterations += 1
            if let failure = result.failure {
                errorsByKind[failure.kind, default: 0] += 1
            } else {
                journey.add(result.duration)
            }
            for step in result.steps {
                steps[step.name, default: (LatencySamples(), 0)].samples.add(step.duration)
                if step.failure != nil { steps[step.name, default: (LatencySamples(), 0)].errors += 1 }
            }
        }

        var errors: Int { errorsByKind.values.reduce(0, +) }

        func stepSummaries(order: [String]) -> [StepSummary] {
            order.compactMap { name in
                steps[name].map { StepSummary(name: name, errors: $0.errors, latency: $0.samples.summary()) }
            }
        }

        func errorsByName() -> [String: Int] {
            Dictionary(uniqueKeysWithValues: errorsByKind.map { ($0.key.description, $0.value) })
        }
    }

    private struct State {
        var whole = Series()
        var interval = Series()
        var intervalStart: ContinuousClock.Instant
        var intervals: [IntervalReport] = []
        var stepOrder: [String] = []
        var activeUsers = 0
        var usersStarted = 0
        var dropped = 0
    }

    /// Counts an ended iteration; a cancelled one is left out.
    public func record(_ result: IterationResult) {
        guard result.outcome != .cancelled else { return }
        state.withLock { state in
            state.whole.record(result)
            state.interval.record(result)
            for step in result.steps where !state.stepOrder.contains(step.name) {
                state.stepOrder.append(step.name)
            }
        }
    }

    /// Iterations ended and errors so far, for a live view.
    public func totals() -> (iterations: Int, errors: Int) {
        state.withLock { ($0.whole.iterations, $0.whole.errors) }
    }

    public func userStarted() {
        state.withLock { $0.activeUsers += 1; $0.usersStarted += 1 }
    }

    public func userStopped() {
        state.withLock { $0.activeUsers -= 1 }
    }

    /// Open model: an iteration was due while every virtual user was busy.
    public func recordDropped() {
        state.withLock { $0.dropped += 1 }
    }

    /// Ends the interval in progress and returns its figures.
    @discardableResult
    public func closeInterval() -> IntervalReport {
        let now = clock.now
        return state.withLock { state in
            let seconds = (now - state.intervalStart).milliseconds / 1000
            let report = IntervalReport(
                endSecond: (now - started).milliseconds / 1000,
                iterations: state.interval.iterations, errors: state.interval.errors,
                errorsByKind: state.interval.errorsByName(),
                journeysPerSecond: seconds > 0 ? Double(state.interval.iterations) / seconds : 0,
                activeUsers: state.activeUsers, journey: state.interval.journey.summary(),
                steps: state.interval.stepSummaries(order: state.stepOrder))
            state.intervals.append(report)
            state.interval = Series()
            state.intervalStart = now
            return report
        }
    }

    /// The figures of the run so far.
    public func summary(interrupted: Bool = false) -> LoadSummary {
        let elapsed = (clock.now - started).milliseconds / 1000
        return state.withLock { state in
            LoadSummary(
                elapsedSeconds: elapsed, users: state.usersStarted,
                iterations: state.whole.iterations, successes: state.whole.iterations - state.whole.errors,
                errors: state.whole.errors, errorsByKind: state.whole.errorsByName(), dropped: state.dropped,
                journeysPerSecond: elapsed > 0 ? Double(state.whole.iterations) / elapsed : 0,
                journey: state.whole.journey.summary(), steps: state.whole.stepSummaries(order: state.stepOrder),
                intervals: state.intervals, interrupted: interrupted)
        }
    }
}
