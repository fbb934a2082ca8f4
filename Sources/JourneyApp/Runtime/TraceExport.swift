import Foundation
import JourneyEngine
import Orchestrate

/// Saves a tab's trace (`h` in the trace pane): a HAR file of its exchanges and, beside it (for a
/// journey tab), the answers of its last journey for `journey login --answers`, both 0600 in a
/// 0700 folder.
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
}
