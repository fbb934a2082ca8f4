import Foundation
import JourneyLoad
import Testing

/// Latencies kept as histograms: within their stated error of the exact figures, in memory that
/// does not grow with what is recorded.
struct LatencyHistogramTests {
    /// Times spread from 40 µs to about 8 s on a logarithmic scale, with sub-microsecond parts, in
    /// a fixed pseudo-random order (a linear congruential generator, so every run has the same).
    static func knownTimes(count: Int) -> [Duration] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let unit = Double(state >> 11) / Double(1 << 53)
            return .nanoseconds(Int64(40_000 * pow(2, unit * 17.6)))
        }
    }

    /// The nearest rank on the sorted exact times: the smallest time that at least `percent` % of
    /// them do not exceed, in milliseconds.
    static func exactPercentile(_ percent: Double, of sorted: [Double]) -> Double {
        let index = Int((percent / 100 * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(index, 0), sorted.count - 1)]
    }

    @Test func percentilesAreWithinTheStatedErrorOfTheExactNearestRank() throws {
        let times = Self.knownTimes(count: 20_000)
        var histogram = LatencyHistogram()
        for time in times { histogram.add(time) }
        let sorted = times.map(\.milliseconds).sorted()
        let summary = histogram.summary()
        #expect(summary.count == times.count)
        for (percent, reported) in [(50.0, summary.p50), (95, summary.p95), (99, summary.p99)] {
            let exact = Self.exactPercentile(percent, of: sorted)
            let measured = try #require(reported)
            // Never below the exact figure; above it by at most the relative error (times are
            // counted in whole microseconds, rounded up: 0.001 ms more at most).
            #expect(measured >= exact, "p\(percent): \(measured) < \(exact)")
            #expect(measured <= (exact + 0.001) * (1 + LatencyHistogram.relativeError), "p\(percent): \(measured) vs \(exact)")
        }
        let mean = sorted.reduce(0, +) / Double(sorted.count)
        let average = try #require(summary.avg)
        #expect(abs(average - mean) <= mean * 1e-9)
        let (longest, reportedLongest) = (try #require(sorted.last), try #require(summary.max))
        #expect(reportedLongest >= longest && reportedLongest <= longest + 0.001)
    }

    @Test func mergingTwoHistogramsCountsWhatBothCounted() {
        let times = Self.knownTimes(count: 2_000)
        var whole = LatencyHistogram()
        var first = LatencyHistogram()
        var second = LatencyHistogram()
        for (index, time) in times.enumerated() {
            whole.add(time)
            if index.isMultiple(of: 2) { first.add(time) } else { second.add(time) }
        }
        first.add(contentsOf: second)
        #expect(first.summary().count == whole.summary().count)
        #expect(first.summary().p99 == whole.summary().p99)
        #expect(first.summary().max == whole.summary().max)
    }

    @Test func aTimeOverAnHourCountsAsAnHourAndAResetForgetsEverything() {
        var histogram = LatencyHistogram()
        histogram.add(.seconds(7_200))
        #expect(histogram.summary().max == 3_600_000)
        let bytes = histogram.retainedBytes
        histogram.reset()
        #expect(histogram.count == 0)
        #expect(histogram.summary().p50 == nil)
        #expect(histogram.retainedBytes == bytes)
    }

    @Test func aHistogramHoldsTheSameMemoryForAMillionTimesAsForOne() {
        var histogram = LatencyHistogram()
        histogram.add(.milliseconds(5))
        let bytes = histogram.retainedBytes
        for time in Self.knownTimes(count: 1_000_000) { histogram.add(time) }
        #expect(histogram.count == 1_000_001)
        #expect(histogram.retainedBytes == bytes)
    }

    /// An iteration of two steps; every tenth fails on the second with an AM failure.
    static func iteration(_ number: Int) -> IterationResult {
        let failure = number.isMultiple(of: 10) ? LoadFailure(kind: .amFailure, message: "refused") : nil
        let steps = [StepTiming(name: "start", duration: .microseconds(500 + number % 7_000)),
                     StepTiming(name: "UsernamePassword", duration: .microseconds(900 + number % 13_000), failure: failure)]
        return IterationResult(steps: steps, outcome: failure.map { .failure($0) } ?? .success)
    }

    @Test func aRecorderHoldsTheSameMemoryAfterAHundredThousandIterationsAsAfterOne() {
        let recorder = LoadRecorder(keepsIntervals: false)
        recorder.record(Self.iteration(1))
        recorder.closeInterval()
        let bytes = recorder.retainedBytes
        for number in 2...100_000 {
            recorder.record(Self.iteration(number))
            if number.isMultiple(of: 1_000) { recorder.closeInterval() }
        }
        #expect(recorder.retainedBytes == bytes)
        let summary = recorder.summary()
        #expect(summary.iterations == 100_000)
        #expect(summary.errorsByKind == ["AM failure": 10_000])
        #expect(summary.steps.map(\.latency.count) == [100_000, 100_000])
        #expect(summary.intervals.isEmpty)
    }

    /// Step names are server text: a header that names the address a code went to changes with
    /// every journey. Past the first steps met, they add up under one name, so the memory stays.
    @Test func stepsNamedAnewEachJourneyAddUpUnderOneName() {
        let recorder = LoadRecorder(keepsIntervals: false)
        func journey(_ number: Int) -> IterationResult {
            IterationResult(steps: [StepTiming(name: "start", duration: .milliseconds(1)),
                                    StepTiming(name: "Code sent to user\(number)@example.com", duration: .milliseconds(2))], outcome: .success)
        }
        for number in 0..<LoadRecorder.stepLimit { recorder.record(journey(number)) }
        let bytes = recorder.retainedBytes
        for number in LoadRecorder.stepLimit..<5_000 { recorder.record(journey(number)) }
        #expect(recorder.retainedBytes <= bytes + 2 * LatencyHistogram().retainedBytes, "one more pair of histograms at most")
        let steps = recorder.summary().steps
        #expect(steps.count == LoadRecorder.stepLimit + 1 && steps.last?.name == LoadRecorder.otherSteps)
        #expect(steps.last?.latency.count == 5_000 - LoadRecorder.stepLimit + 1)
    }

    @Test func intervalsAreKeptForTheReportsWhenAskedAndShowOnlyTheirOwnSteps() throws {
        let recorder = LoadRecorder()
        recorder.record(Self.iteration(1))
        let first = recorder.closeInterval()
        let empty = recorder.closeInterval()
        #expect(first.steps.map(\.name) == ["start", "UsernamePassword"])
        #expect(empty.steps.isEmpty)
        #expect(empty.journey.count == 0)
        #expect(recorder.summary().intervals.count == 2)
    }
}
