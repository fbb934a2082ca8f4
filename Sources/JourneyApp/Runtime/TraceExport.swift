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
        let stamp = date.formatted(.iso8601.year().month().day().dateSeparator(.omitted).time(includingFractionalSeconds: false)
            .timeSeparator(.omitted).timeZone(separator: .omitted))
        let base = "\(name)-\(stamp)"
        let har = folder.appending(path: "\(base).har")
        let answers = folder.appending(path: "\(base).answers")
        do throws(StoreError) {
            try PrivateFile.write(HARLog.data(exchanges, revealing: revealing), to: har, privateFolder: true)
            if withAnswers { try PrivateFile.write(Data(AnswersFile.text(from: exchanges).utf8), to: answers, privateFolder: true) }
        } catch {
            throw InstanceProblem("The trace could not be saved: \(error.description)")
        }
        return withAnswers ? [har, answers] : [har]
    }
}
