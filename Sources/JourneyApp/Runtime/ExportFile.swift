import Foundation
import Orchestrate

/// The files the app saves on request (a trace, copied text), 0600 in its 0700 exports folder,
/// written atomically and named `<name>-<time>.<extension>`.
enum ExportFile {
    /// `<name>-<yyyyMMddTHHmmssZ>.<extension>` in `folder`.
    static func url(named name: String, extension: String, in folder: URL, at date: Date) -> URL {
        let stamp = date.formatted(.iso8601.year().month().day().dateSeparator(.omitted).time(includingFractionalSeconds: false)
            .timeSeparator(.omitted).timeZone(separator: .omitted))
        return folder.appending(path: "\(name)-\(stamp).\(`extension`)")
    }

    /// Saves text that went to the clipboard: `copied-<time>.txt`.
    static func writeCopied(_ text: String, in folder: URL, at date: Date = Date()) throws(InstanceProblem) -> URL {
        let file = url(named: "copied", extension: "txt", in: folder, at: date)
        do throws(StoreError) {
            try PrivateFile.write(Data(text.utf8), to: file, privateFolder: true)
        } catch {
            throw InstanceProblem("The copied text could not be saved: \(error.description)")
        }
        return file
    }
}
