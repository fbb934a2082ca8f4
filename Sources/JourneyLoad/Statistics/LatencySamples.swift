/// Every latency of one series, kept exactly (8 bytes a sample: a million journeys take 8 MB).
/// Percentiles are by nearest rank on the sorted samples: pN is the smallest sample that at
/// least N % of the samples do not exceed, so it is always a time that was measured.
public struct LatencySamples: Sendable, Hashable {
    private var milliseconds: [Double] = []

    public init() {}

    public mutating func add(_ duration: Duration) {
        milliseconds.append(duration.milliseconds)
    }

    public mutating func add(contentsOf other: LatencySamples) {
        milliseconds += other.milliseconds
    }

    public var count: Int { milliseconds.count }

    /// Count, mean, p50, p95, p99 and maximum; nil values when there is no sample.
    public func summary() -> LatencySummary {
        let sorted = milliseconds.sorted()
        func rank(_ percent: Double) -> Double? {
            guard !sorted.isEmpty else { return nil }
            let index = Int((percent / 100 * Double(sorted.count)).rounded(.up)) - 1
            return sorted[min(max(index, 0), sorted.count - 1)]
        }
        return LatencySummary(
            count: sorted.count,
            avg: sorted.isEmpty ? nil : sorted.reduce(0, +) / Double(sorted.count),
            p50: rank(50), p95: rank(95), p99: rank(99), max: sorted.last)
    }
}

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
