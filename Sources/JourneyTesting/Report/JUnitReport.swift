import Foundation

/// JUnit XML, as CI systems read it: `testsuites`, a `testsuite` per test file, a `testcase`
/// per test and case. A failure's message names the step and the expectation that failed; the
/// failed case's trace (secrets redacted) is its `system-out`.
public enum JUnitReport {
    public static func xml(for results: [CaseResult], duration: Duration) -> String {
        var files: [String] = []
        for result in results where !files.contains(result.file) { files.append(result.file) }
        let failed = results.filter { !$0.passed }.count
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
                     "<testsuites name=\"journey test\" tests=\"\(results.count)\" failures=\"\(failed)\" errors=\"0\" time=\"\(seconds(duration))\">"]
        for file in files {
            let cases = results.filter { $0.file == file }
            let time = cases.reduce(Duration.zero) { $0 + $1.duration }
            lines.append("  <testsuite name=\"\(escaped(file))\" tests=\"\(cases.count)\" failures=\"\(cases.filter { !$0.passed }.count)\" "
                         + "errors=\"0\" skipped=\"0\" time=\"\(seconds(time))\">")
            for result in cases {
                let opening = "    <testcase name=\"\(escaped(result.displayName))\" classname=\"\(escaped(file))\" time=\"\(seconds(result.duration))\""
                guard !result.passed else {
                    lines.append(opening + "/>")
                    continue
                }
                lines.append(opening + ">")
                let message = result.failures.map(\.message).joined(separator: "; ")
                let body = result.failures.flatMap { [$0.message] + $0.details.map { "  " + $0 } }.joined(separator: "\n")
                lines.append("      <failure message=\"\(escaped(message))\" type=\"\(escaped(result.failures[0].expectation))\">\(escaped(body))</failure>")
                lines.append("      <system-out>\(escaped(result.trace.joined(separator: "\n")))</system-out>")
                lines.append("    </testcase>")
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func seconds(_ duration: Duration) -> String {
        String(format: "%.3f", duration.milliseconds / 1000)
    }

    /// Text as XML 1.0 takes it: markup characters escaped, characters it cannot hold dropped.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value): continue
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
