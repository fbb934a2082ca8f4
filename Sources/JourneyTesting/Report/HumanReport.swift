/// The summary a person reads: a line per test case with its time, and under a failed one
/// what differed, diff-like (`- expected`, `+ got`), with the page's callbacks and AM's message.
public enum HumanReport {
    /// The lines for one case.
    public static func lines(for result: CaseResult) -> [String] {
        guard !result.passed else { return ["✓ \(result.displayName)  (\(result.duration.shortText))"] }
        var lines = ["✗ \(result.displayName)  (\(result.duration.shortText))  \(result.file)"]
        for failure in result.failures {
            lines.append("    " + (failure.step.map { "step \($0): " } ?? "") + failure.expectation)
            lines.append("    - expected \(failure.expected)")
            lines.append("    + got      \(failure.got)")
            lines += failure.details.map { "      \($0)" }
        }
        return lines
    }

    /// `3 passed, 1 failed (2.31 s)`.
    public static func summary(of results: [CaseResult], duration: Duration) -> String {
        let failed = results.filter { !$0.passed }.count
        return "\(results.count - failed) passed, \(failed) failed (\(duration.shortText))"
    }
}
