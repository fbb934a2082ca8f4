import Foundation

/// The files of `--json FILE` and `--csv DIR`.
public enum LoadReportFiles {
    /// The whole summary (figures per step and per interval, thresholds) as one JSON document.
    public static func json(_ summary: LoadSummary, thresholds: [ThresholdResult]) -> Data {
        struct Document: Encodable {
            let summary: LoadSummary
            let thresholds: [Verdict]
        }
        struct Verdict: Encodable {
            let threshold: String
            let broken: Bool
            let measured: Double?
            let explanation: String
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let verdicts = thresholds.map {
            Verdict(threshold: $0.threshold.description, broken: $0.isBroken, measured: $0.measured, explanation: $0.explanation)
        }
        return (try? encoder.encode(Document(summary: summary, thresholds: verdicts))) ?? Data()
    }

    /// `steps.csv`: a row per step and one for the whole journey.
    public static func stepsCSV(_ summary: LoadSummary) -> String {
        var lines = ["name,count,errors,avg_ms,p50_ms,p95_ms,p99_ms,max_ms"]
        for step in summary.steps {
            lines.append(row([step.name, "\(step.latency.count)", "\(step.errors)"] + figures(step.latency)))
        }
        lines.append(row(["journey", "\(summary.journey.count)", "\(summary.errors)"] + figures(summary.journey)))
        return lines.joined(separator: "\n") + "\n"
    }

    /// `intervals.csv`: a row per interval of the run.
    public static func intervalsCSV(_ summary: LoadSummary) -> String {
        var lines = ["end_second,iterations,errors,journeys_per_second,active_users,avg_ms,p50_ms,p95_ms,p99_ms,max_ms"]
        for interval in summary.intervals {
            lines.append(row([number(interval.endSecond), "\(interval.iterations)", "\(interval.errors)",
                              number(interval.journeysPerSecond), "\(interval.activeUsers)"] + figures(interval.journey)))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes `steps.csv` and `intervals.csv` into `directory`, making it if needed.
    public static func writeCSV(_ summary: LoadSummary, into directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(stepsCSV(summary).utf8).write(to: directory.appending(path: "steps.csv"), options: .atomic)
        try Data(intervalsCSV(summary).utf8).write(to: directory.appending(path: "intervals.csv"), options: .atomic)
    }

    private static func figures(_ latency: LatencySummary) -> [String] {
        [latency.avg, latency.p50, latency.p95, latency.p99, latency.max].map { $0.map(number) ?? "" }
    }

    private static func number(_ value: Double) -> String { String(format: "%.3f", value) }

    /// Quotes a field that holds a comma, a quote or a line break.
    private static func row(_ fields: [String]) -> String {
        fields.map { field in
            field.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline })
                ? "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : field
        }.joined(separator: ",")
    }
}
