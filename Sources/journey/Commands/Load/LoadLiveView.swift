import Foundation
import JourneyLoad
import Orchestrate
import Synchronization

/// What a person watches during `journey load`, on standard error: on a terminal a block
/// redrawn in place every interval; otherwise one line per interval.
final class LoadLiveView: Sendable {
    private let title: String
    private let unit: LoadUnit
    private let redrawsInPlace: Bool
    private let drawnLines = Mutex(0)

    init(title: String, unit: LoadUnit, redrawsInPlace: Bool) {
        self.title = title
        self.unit = unit
        self.redrawsInPlace = redrawsInPlace
    }

    /// Shows one interval's figures.
    func show(_ interval: IntervalReport, totals: (iterations: Int, errors: Int)) {
        guard redrawsInPlace else {
            Console.write(Self.line(interval, totals: totals, unit: unit) + "\n", to: .standardError)
            return
        }
        let frame = Self.frame(title: title, interval, totals: totals, unit: unit)
        let previous = drawnLines.withLock { drawn in
            defer { drawn = frame.count }
            return drawn
        }
        let moveUp: TerminalString = previous > 0 ? "\u{1B}[\(previous)A\u{1B}[J" : ""
        Console.write(moveUp + frame.joined(separator: "\n") + "\n", to: .standardError)
    }

    /// The redrawn block: the run so far, the last interval's rate, errors by kind, and each
    /// step's percentiles over the last interval.
    static func frame(title: String, _ interval: IntervalReport, totals: (iterations: Int, errors: Int), unit: LoadUnit) -> [TerminalString] {
        var lines: [TerminalString] = [
            TerminalString(line: title),
            "  \(format(interval.endSecond, 1)) s   \(format(interval.journeysPerSecond, 1)) \(unit.plural)/s   active users \(interval.activeUsers)   ended \(totals.iterations)   errors \(totals.errors)",
        ]
        let kinds = interval.errorsByKind.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        lines.append(TerminalString(line: "  errors in the last interval: " + (kinds.isEmpty ? "none" : kinds.joined(separator: ", "))))
        lines.append("  " + TerminalString(line: pad("step (last interval)", 28)) + "   count    p50 ms    p95 ms    p99 ms")
        for step in interval.steps {
            lines.append(row(step.name, step.latency))
        }
        lines.append(row(unit.singular, interval.journey))
        return lines
    }

    /// One line for a log: time, rate, counts and the journey's percentiles in the interval.
    static func line(_ interval: IntervalReport, totals: (iterations: Int, errors: Int), unit: LoadUnit) -> TerminalString {
        let journey = interval.journey
        return "\(format(interval.endSecond, 1)) s  \(format(interval.journeysPerSecond, 1)) \(unit.plural)/s  active \(interval.activeUsers)  ended \(totals.iterations)  errors \(totals.errors)  \(unit.singular) p50 \(milliseconds(journey.p50)) p95 \(milliseconds(journey.p95)) p99 \(milliseconds(journey.p99)) ms"
    }

    static func row(_ name: String, _ latency: LatencySummary) -> TerminalString {
        let count = String(latency.count)
        return "  " + TerminalString(line: pad(name, 28)) + " " + TerminalString(line: String(repeating: " ", count: max(0, 7 - count.count)) + count)
            + TerminalString(line: [latency.p50, latency.p95, latency.p99].map { rightAligned(milliseconds($0), 10) }.joined())
    }

    static func milliseconds(_ value: Double?) -> String { value.map { format($0, 1) } ?? "-" }

    static func format(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count > width ? String(text.prefix(width - 1)) + "…" : text + String(repeating: " ", count: width - text.count)
    }

    static func rightAligned(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
}

/// What one iteration of a load run is, in the summary's and the live view's words: a journey,
/// or with `--sign-in once` an iteration (the first of each user signs in; the others only call
/// the API with the session it kept).
struct LoadUnit: Sendable {
    let singular: String
    let plural: String

    static let journey = LoadUnit(singular: "journey", plural: "journeys")
    static let iteration = LoadUnit(singular: "iteration", plural: "iterations")
}
