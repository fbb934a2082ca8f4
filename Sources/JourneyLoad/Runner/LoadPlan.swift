/// How a run loads the server: how many virtual users, how fast they start, when the run stops,
/// and (open model) how many iterations start per second.
public struct LoadPlan: Sendable, Hashable {
    /// When a run ends by itself. There is always one: a load run never goes on unbounded.
    public enum Stop: Sendable, Hashable {
        case duration(Duration)
        /// Iterations started in all (with `rate`, those due: a dropped one counts).
        case iterations(Int)
    }

    /// Concurrent virtual users; with `rate`, the most that may be busy at once.
    public var users: Int
    /// Virtual users started per second; nil starts them all at once.
    public var spawnRate: Double?
    public var stop: Stop
    /// Open model: iterations started per second whatever the latency, each by a free virtual
    /// user (a start with none free is dropped and counted). Nil: closed model, each virtual
    /// user starts its next iteration when its last one ends.
    public var rate: Double?
    /// The pause between two steps of an iteration.
    public var thinkTime: Duration
    public var cases: LoadCases
    /// How often the live view and the per-interval reports get a line.
    public var interval: Duration

    public init(users: Int, spawnRate: Double? = nil, stop: Stop, rate: Double? = nil, thinkTime: Duration = .zero,
                cases: LoadCases = LoadCases(), interval: Duration = .seconds(1)) {
        self.users = users
        self.spawnRate = spawnRate
        self.stop = stop
        self.rate = rate
        self.thinkTime = thinkTime
        self.cases = cases
        self.interval = interval
    }
}
