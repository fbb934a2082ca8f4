import JourneyLoad
import Orchestrate

/// The summary of a finished `journey load` on standard output.
enum LoadSummaryPrinter {
    static func print(_ summary: LoadSummary, thresholds: [ThresholdResult], unit: LoadUnit = .journey) {
        let console = Console()
        let ending: TerminalString = summary.interrupted ? " (stopped by Ctrl-C)" : ""
        console.result("\(summary.iterations) \(unit.plural) in \(LoadLiveView.format(summary.elapsedSeconds, 1)) s by \(summary.users) virtual user\(summary.users == 1 ? "" : "s")\(ending): \(LoadLiveView.format(summary.journeysPerSecond, 1)) \(unit.plural)/s")
        if unit.singular != LoadUnit.journey.singular {
            console.result("  (--sign-in once: each user's first iteration signs in; the others call the API with the session it kept)")
        }
        let kinds = summary.errorsByKind.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        console.result(TerminalString(line: "errors: \(summary.errors) (\(LoadLiveView.format(summary.errorPercentage, 2)) %)"
            + (kinds.isEmpty ? "" : ": " + kinds.joined(separator: ", "))))
        if summary.dropped > 0 {
            console.result("dropped: \(summary.dropped) starts found every virtual user busy (raise --users)")
        }
        console.result("  " + TerminalString(line: LoadLiveView.pad("step", 28)) + "   count    p50 ms    p95 ms    p99 ms")
        for step in summary.steps {
            console.result(LoadLiveView.row(step.name, step.latency))
        }
        console.result(LoadLiveView.row(unit.singular, summary.journey))
        for result in thresholds {
            console.result(TerminalString(line: result.description))
        }
    }
}
