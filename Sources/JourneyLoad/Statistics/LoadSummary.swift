/// What a load run measured, as the reports write it. Times are in milliseconds. The journey's
/// latency counts successful iterations only; a step's counts every answer the server gave it,
/// failures included.
public struct LoadSummary: Sendable, Hashable, Codable {
    public var elapsedSeconds: Double
    public var users: Int
    /// Iterations that ended (cancelled ones are not counted).
    public var iterations: Int
    public var successes: Int
    public var errors: Int
    /// Errors by kind (`HTTP 500`, `AM failure`, `expectation`, `timeout`, `connection`).
    public var errorsByKind: [String: Int]
    /// Open model only: starts skipped because every virtual user was busy.
    public var dropped: Int
    /// Ended iterations per second of the run.
    public var journeysPerSecond: Double
    public var journey: LatencySummary
    /// In the order the steps were first met.
    public var steps: [StepSummary]
    public var intervals: [IntervalReport]
    /// Whether the run was stopped before its duration or iteration count (Ctrl-C).
    public var interrupted: Bool

    public init(elapsedSeconds: Double, users: Int, iterations: Int, successes: Int, errors: Int,
                errorsByKind: [String: Int], dropped: Int, journeysPerSecond: Double, journey: LatencySummary,
                steps: [StepSummary], intervals: [IntervalReport], interrupted: Bool) {
        self.elapsedSeconds = elapsedSeconds
        self.users = users
        self.iterations = iterations
        self.successes = successes
        self.errors = errors
        self.errorsByKind = errorsByKind
        self.dropped = dropped
        self.journeysPerSecond = journeysPerSecond
        self.journey = journey
        self.steps = steps
        self.intervals = intervals
        self.interrupted = interrupted
    }

    /// Errors as a percentage of ended iterations (0 without any).
    public var errorPercentage: Double {
        iterations == 0 ? 0 : Double(errors) / Double(iterations) * 100
    }
}

/// One step's figures over the whole run.
public struct StepSummary: Sendable, Hashable, Codable {
    public var name: String
    public var errors: Int
    public var latency: LatencySummary

    public init(name: String, errors: Int, latency: LatencySummary) {
        self.name = name
        self.errors = errors
        self.latency = latency
    }
}

/// One interval of the run (a second by default): what ended in it.
public struct IntervalReport: Sendable, Hashable, Codable {
    /// Seconds from the start of the run to the end of the interval.
    public var endSecond: Double
    public var iterations: Int
    public var errors: Int
    public var errorsByKind: [String: Int]
    public var journeysPerSecond: Double
    /// Virtual users started and not finished at the end of the interval.
    public var activeUsers: Int
    public var journey: LatencySummary
    /// In the order the steps were first met in the run.
    public var steps: [StepSummary]

    public init(endSecond: Double, iterations: Int, errors: Int, errorsByKind: [String: Int], journeysPerSecond: Double,
                activeUsers: Int, journey: LatencySummary, steps: [StepSummary]) {
        self.endSecond = endSecond
        self.iterations = iterations
        self.errors = errors
        self.errorsByKind = errorsByKind
        self.journeysPerSecond = journeysPerSecond
        self.activeUsers = activeUsers
        self.journey = journey
        self.steps = steps
    }
}
