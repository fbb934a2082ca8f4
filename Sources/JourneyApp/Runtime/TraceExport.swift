import Foundation
import JourneyEngine
import JourneyTesting
import Orchestrate

/// Saves a tab's trace (`h` in the trace pane): a HAR file of its exchanges and, beside it (for a
/// journey tab), the answers of its last journey for `journey login --answers`, both 0600 in a
/// 0700 folder; or (`t`) its last journey as a test file for `journey test`.
enum TraceExport {
    /// The files' locations: `<name>-<time>.har` and, with `answers`, `<name>-<time>.answers`.
    static func write(_ exchanges: [WireExchange], named name: String, in folder: URL, revealing: Bool, answers withAnswers: Bool = true,
                      at date: Date = Date()) throws(InstanceProblem) -> [URL] {
        let har = ExportFile.url(named: name, extension: "har", in: folder, at: date)
        let answers = ExportFile.url(named: name, extension: "answers", in: folder, at: date)
        do throws(StoreError) {
            try PrivateFile.write(HARLog.data(exchanges, revealing: revealing), to: har, privateFolder: true)
            if withAnswers { try PrivateFile.write(Data(AnswersFile.text(from: exchanges).utf8), to: answers, privateFolder: true) }
        } catch {
            throw InstanceProblem("The trace could not be saved: \(error.description)")
        }
        return withAnswers ? [har, answers] : [har]
    }

    /// Saves the journey of `exchanges` as a test file (`t` in the trace pane): `<name>-<time>.yaml`.
    static func writeTest(_ exchanges: [WireExchange], named name: String, in folder: URL, target: RecordedTest.Target,
                          at date: Date = Date()) throws(InstanceProblem) -> SavedTestFile {
        let file = ExportFile.url(named: name, extension: "yaml", in: folder, at: date)
        let test: RecordedTest
        do throws(RecordedTest.Problem) {
            test = try RecordedTest(RecordedJourney(exchanges: exchanges), target: target)
        } catch {
            throw InstanceProblem("No test was saved: \(error.description).")
        }
        do throws(StoreError) {
            try test.write(to: file, privateFolder: true)
        } catch {
            throw InstanceProblem("The test could not be saved: \(error.description)")
        }
        return SavedTestFile(file: file, notice: test.notice)
    }
}

/// Where a tab's journey was saved as a test, and what to set before it runs.
public struct SavedTestFile: Sendable, Equatable {
    public let file: URL
    public let notice: String?
}
