import Histogram

/// The latencies of one series as an HDR histogram: times from 1 µs to an hour kept to three
/// significant digits, in memory of a fixed size (about 190 KB) however many are counted.
///
/// A percentile pN is the nearest rank (the smallest time that at least N % of the samples do not
/// exceed), read as the top of the histogram bucket that time fell in: never below the measured
/// time (times are counted in whole microseconds, rounded up), and above it by at most 1/1024 of
/// it (under 0.1 %). The mean is exact; the maximum is the longest time to the microsecond. A time
/// over an hour counts as an hour.
public struct LatencyHistogram: Sendable {
    /// The longest time told apart, in microseconds: an hour.
    public static let highestMicroseconds: UInt64 = 3_600_000_000
    /// The most a percentile may exceed the measured time, as a fraction of it (three
    /// significant digits: 2¹⁰ steps between two powers of two).
    public static let relativeError = 1.0 / 1024

    private var histogram = Histogram<UInt64>(
        lowestDiscernibleValue: 1, highestTrackableValue: highestMicroseconds, numberOfSignificantValueDigits: .three)
    /// The sum of the exact times, for the mean.
    private var total: Duration = .zero

    public init() {}

    public mutating func add(_ duration: Duration) {
        total += duration
        histogram.record(Self.microseconds(duration))
    }

    /// Adds every sample of `other`.
    public mutating func add(contentsOf other: LatencyHistogram) {
        total += other.total
        histogram.add(other.histogram)
    }

    /// Forgets every sample, keeping the memory for the next ones.
    public mutating func reset() {
        total = .zero
        histogram.reset()
    }

    public var count: Int { Int(histogram.totalCount) }

    /// The memory the histogram holds: the same for one sample as for a billion.
    public var retainedBytes: Int { histogram.estimatedFootprintInBytes }

    /// Count, mean, p50, p95, p99 and maximum; nil values when there is no sample.
    public func summary() -> LatencySummary {
        guard count > 0 else { return LatencySummary(count: 0, avg: nil, p50: nil, p95: nil, p99: nil, max: nil) }
        func milliseconds(_ microseconds: UInt64) -> Double { Double(microseconds) / 1000 }
        return LatencySummary(
            count: count, avg: total.milliseconds / Double(count),
            p50: milliseconds(histogram.valueAtPercentile(50)), p95: milliseconds(histogram.valueAtPercentile(95)),
            p99: milliseconds(histogram.valueAtPercentile(99)), max: milliseconds(histogram.maxRecorded))
    }

    /// Whole microseconds, rounded up so that no figure is below the time measured; at most an hour.
    static func microseconds(_ duration: Duration) -> UInt64 {
        guard duration > .zero else { return 0 }
        let (seconds, attoseconds) = duration.components
        guard seconds < Int64(highestMicroseconds / 1_000_000) else { return highestMicroseconds }
        let whole = UInt64(seconds) * 1_000_000 + UInt64(attoseconds / 1_000_000_000_000)
        let rest: UInt64 = attoseconds % 1_000_000_000_000 > 0 ? 1 : 0
        return min(whole + rest, highestMicroseconds)
    }
}
