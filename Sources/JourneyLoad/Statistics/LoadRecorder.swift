import Synchronization

/// Collects the iterations of a run as they end, from every virtual user at once, for the whole
/// run and for the interval in progress. What it holds does not grow with the iterations: each
/// series is a ``LatencyHistogram`` of a fixed size, and no iteration is kept. Each interval's
/// figures are kept for the reports only when `keepsIntervals` (a few hundred bytes a second).
public final class LoadRecorder: Sendable {
    private let state: Mutex<State>
    private let clock = ContinuousClock()
    private let started: ContinuousClock.Instant
    private let keepsIntervals: Bool

    /// `keepsIntervals`: keep each closed interval's figures for ``summary(interrupted:)`` (the
    /// JSON and CSV reports); without it they are only handed to whoever closes the interval.
    public init(keepsIntervals: Bool = true) {
        started = clock.now
        self.keepsIntervals = keepsIntervals
        state = Mutex(State(intervalStart: started))
    }

    private struct StepSeries {
        var latency = LatencyHistogram()
        var errors = 0
    }

    private struct Series {
        var journey = LatencyHistogram()
        var steps: [String: StepSeries] = [:]
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
                steps[step.name, default: StepSeries()].latency.add(step.duration)
                if step.failure != nil { steps[step.name, default: StepSeries()].errors += 1 }
            }
        }

        /// Empties the series for the next interval, keeping each step's histogram (its memory).
        mutating func reset() {
            journey.reset()
            for index in steps.values.indices {
                steps.values[index].latency.reset()
                steps.values[index].errors = 0
            }
            iterations = 0
            errorsByKind.removeAll(keepingCapacity: true)
        }

        var errors: Int { errorsByKind.values.reduce(0, +) }

        /// The steps met in this series, in `order`.
        func stepSummaries(order: [String]) -> [StepSummary] {
            order.compactMap { name in
                guard let step = steps[name], step.latency.count > 0 else { return nil }
                return StepSummary(name: name, errors: step.errors, latency: step.latency.summary())
            }
        }

        func errorsByName() -> [String: Int] {
            Dictionary(uniqueKeysWithValues: errorsByKind.map { ($0.key.description, $0.value) })
        }

        var retainedBytes: Int { steps.values.reduce(journey.retainedBytes) { $0 + $1.latency.retainedBytes } }
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

    /// The most steps measured apart: step names come from the server (a page's stage or
    /// header), and one that changes each time (an address in the header) would otherwise add two
    /// histograms per journey. Steps past the first ones met add up under ``otherSteps``.
    public static let stepLimit = 64
    public static let otherSteps = "(other steps)"

    /// Counts an ended iteration; a cancelled one is left out.
    public func record(_ result: IterationResult) {
        guard result.outcome != .cancelled else { return }
        state.withLock { state in
            var named = result
            for index in named.steps.indices {
                let name = named.steps[index].name
                guard !state.stepOrder.contains(name) else { continue }
                if state.stepOrder.count < Self.stepLimit {
                    state.stepOrder.append(name)
                } else {
                    named.steps[index].name = Self.otherSteps
                    if !state.stepOrder.contains(Self.otherSteps) { state.stepOrder.append(Self.otherSteps) }
                }
            }
            state.whole.record(named)
            state.interval.record(named)
        }
    }

    /// Iterations ended and errors so far, for a live view.
    public func totals() -> (iterations: Int, errors: Int) {
        state.withLock { ($0.whole.iterations, $0.whole.errors) }
    }

    /// The memory of the recorder's histograms, two a step (the run's and the interval's) and two
    /// for the journey: fixed once every step has been met, however many iterations are recorded.
    public var retainedBytes: Int {
        state.withLock { $0.whole.retainedBytes + $0.interval.retainedBytes }
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
            if keepsIntervals { state.intervals.append(report) }
            state.interval.reset()
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
