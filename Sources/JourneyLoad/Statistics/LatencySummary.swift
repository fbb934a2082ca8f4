/// The latency figures of one series, in milliseconds.
public struct LatencySummary: Sendable, Hashable, Codable {
    public var count: Int
    public var avg: Double?
    public var p50: Double?
    public var p95: Double?
    public var p99: Double?
    public var max: Double?

    public init(count: Int, avg: Double?, p50: Double?, p95: Double?, p99: Double?, max: Double?) {
        self.count = count
        self.avg = avg
        self.p50 = p50
        self.p95 = p95
        self.p99 = p99
        self.max = max
    }

    /// The figure a threshold names.
    public func value(of statistic: LatencyStatistic) -> Double? {
        switch statistic {
        case .p50: p50
        case .p95: p95
        case .p99: p99
        case .avg: avg
        case .max: max
        }
    }
}

/// A figure of a latency series.
public enum LatencyStatistic: String, Sendable, Hashable, CaseIterable, Codable {
    case p50, p95, p99, avg, max
}
