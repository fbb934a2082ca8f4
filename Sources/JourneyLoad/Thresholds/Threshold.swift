import Foundation
import Orchestrate

/// A condition that fails a run (`--fail-if`), for CI gates:
///
///     threshold := metric op value
///     metric    := (p50|p95|p99|avg|max) "(" step name | "journey" ")"  |  "errors"  |  "rate"
///     op        := ">" | ">=" | "<" | "<="
///     value     := number, then for a latency "ms" or "s"; for errors "%" (of ended
///                  iterations) or nothing (a count); for rate "/s" or nothing (journeys/s)
///
/// e.g. `p95(journey) > 800ms`, `p99(UsernamePassword) >= 1.5s`, `errors > 0.1%`, `rate < 50/s`.
public struct Threshold: Sendable, Hashable, CustomStringConvertible {
    public enum Metric: Sendable, Hashable {
        /// A latency figure of a step, or of the whole journey (`step` nil).
        case latency(LatencyStatistic, step: String?)
        case errorCount
        case errorPercentage
        case rate
    }

    public enum Comparison: String, Sendable, Hashable, CaseIterable {
        case greaterOrEqual = ">=", lessOrEqual = "<=", greater = ">", less = "<"

        func holds(_ left: Double, _ right: Double) -> Bool {
            switch self {
            case .greater: left > right
            case .greaterOrEqual: left >= right
            case .less: left < right
            case .lessOrEqual: left <= right
            }
        }
    }

    public let metric: Metric
    public let comparison: Comparison
    /// Milliseconds for a latency, a percentage, a count or journeys per second.
    public let value: Double
    /// The text as given, to name the threshold in messages.
    public let description: String

    public init(parsing text: String) throws(ThresholdError) {
        let trimmed = text.trimmingSpaces()
        guard let comparison = Comparison.allCases.lazy.compactMap({ comparison in
            trimmed.range(of: comparison.rawValue).map { (comparison, $0) }
        }).first else {
            throw ThresholdError(text: text, problem: "no comparison (>, >=, < or <=)")
        }
        let left = trimmed[..<comparison.1.lowerBound].trimmingSpaces()
        let right = trimmed[comparison.1.upperBound...].trimmingSpaces().lowercased()
        self.comparison = comparison.0
        description = trimmed
        switch left.lowercased() {
        case "errors":
            if right.hasSuffix("%") {
                metric = .errorPercentage
                value = try Self.number(String(right.dropLast()), in: text)
            } else {
                metric = .errorCount
                value = try Self.number(right, in: text)
            }
        case "rate":
            metric = .rate
            value = try Self.number(right.hasSuffix("/s") ? String(right.dropLast(2)) : right, in: text)
        default:
            guard let open = left.firstIndex(of: "("), left.hasSuffix(")"),
                  let statistic = LatencyStatistic(rawValue: left[..<open].lowercased().trimmingSpaces()) else {
                throw ThresholdError(text: text, problem: "\"\(left)\" is not a metric: p50(…), p95(…), p99(…), avg(…), max(…) of a step or journey, errors or rate")
            }
            let name = left[left.index(after: open)..<left.index(before: left.endIndex)].trimmingSpaces()
            guard !name.isEmpty else { throw ThresholdError(text: text, problem: "name a step or journey inside the parentheses") }
            metric = .latency(statistic, step: name.lowercased() == "journey" ? nil : name)
            if right.hasSuffix("ms") {
                value = try Self.number(String(right.dropLast(2)), in: text)
            } else if right.hasSuffix("s") {
                value = try Self.number(String(right.dropLast()), in: text) * 1000
            } else {
                throw ThresholdError(text: text, problem: "give the time with its unit: ms or s (800ms, 1.5s)")
            }
        }
    }

    private static func number(_ text: String, in threshold: String) throws(ThresholdError) -> Double {
        guard let number = Double(text.trimmingSpaces()), number.isFinite, number >= 0 else {
            throw ThresholdError(text: threshold, problem: "\"\(text)\" is not a number")
        }
        return number
    }

    /// Whether the run broke the threshold, and what was measured.
    public func evaluate(_ summary: LoadSummary) -> ThresholdResult {
        let measured: Double?
        let unit: String
        switch metric {
        case .errorCount:
            (measured, unit) = (Double(summary.errors), "")
        case .errorPercentage:
            (measured, unit) = (summary.errorPercentage, "%")
        case .rate:
            (measured, unit) = (summary.journeysPerSecond, "/s")
        case .latency(let statistic, let step):
            unit = " ms"
            if let step {
                guard let found = summary.steps.first(where: { $0.name.lowercased() == step.lowercased() }) else {
                    let names = summary.steps.map(\.name).joined(separator: ", ")
                    return ThresholdResult(threshold: self, measured: nil, isBroken: true,
                                           explanation: "no step named \(step) was measured" + (names.isEmpty ? "" : " (steps: \(names))"))
                }
                measured = found.latency.value(of: statistic)
            } else {
                measured = summary.journey.value(of: statistic)
            }
        }
        guard let measured else {
            return ThresholdResult(threshold: self, measured: nil, isBroken: true, explanation: "nothing was measured")
        }
        let shown = String(format: metric == .errorCount ? "%.0f" : metric == .errorPercentage ? "%.2f" : "%.1f", measured) + unit
        return ThresholdResult(threshold: self, measured: measured, isBroken: comparison.holds(measured, value),
                               explanation: "measured \(shown)")
    }
}

/// A threshold checked against a run.
public struct ThresholdResult: Sendable, Hashable, CustomStringConvertible {
    public let threshold: Threshold
    public let measured: Double?
    public let isBroken: Bool
    public let explanation: String

    /// The verdict, then the `--fail-if` it is about, one way for both:
    /// `failed: fail if errors > 0 (measured 4)`, `passed: fail if p95(journey) > 800ms (measured 129.4 ms)`.
    public var description: String {
        "\(isBroken ? "failed" : "passed"): fail if \(threshold) (\(explanation))"
    }
}

/// A `--fail-if` that does not parse.
public struct ThresholdError: Error, Sendable, Hashable, CustomStringConvertible {
    public let text: String
    public let problem: String

    public var description: String { "--fail-if '\(text)': \(problem)." }
}
