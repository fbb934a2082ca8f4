import ArgumentParser
import Foundation
import JourneyEngine
import Orchestrate
import Synchronization

/// `--har FILE` and `--save-answers FILE`: what a journey did, saved when it ends, whatever
/// its outcome (a failed journey is the one worth looking at).
struct RecordingOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Save every exchange as a HAR 1.2 file (browsers' developer tools open it), credentials redacted unless --trace-secrets; written 0600.",
        valueName: "file"))
    var har: String?

    @Option(help: ArgumentHelp(
        "Save the journey's answers as a file for --answers (passwords, codes and security answers are left out); written 0600.",
        valueName: "file"))
    var saveAnswers: String?

    /// Where the command's client hands its exchanges; nil when nothing is saved.
    func recording() -> WireRecording? {
        har == nil && saveAnswers == nil ? nil : WireRecording()
    }

    /// Writes the files asked for and says where; a file that cannot be written is reported.
    func save(_ recording: WireRecording?, revealing: Bool, console: Console) {
        guard let exchanges = recording?.exchanges else { return }
        if let har {
            let secrets = revealing ? "credentials as they went (--trace-secrets)" : "credentials redacted"
            write(HARLog.data(exchanges, revealing: revealing), to: har,
                  saying: "\(exchanges.count) exchanges saved as HAR 1.2 in \(har) (\(secrets)).", console: console)
        }
        if let saveAnswers {
            write(Data(AnswersFile.text(from: exchanges).utf8), to: saveAnswers,
                  saying: "The journey's answers saved in \(saveAnswers) (replay: journey login --answers \(saveAnswers)).", console: console)
        }
    }

    private func write(_ data: Data, to path: String, saying message: String, console: Console) {
        do throws(StoreError) {
            try PrivateFile.write(data, to: URL(filePath: path), privateFolder: false)
            console.say("ℹ \(message)")
        } catch {
            console.say(console.styled("journey: \(CommandHint.message(for: error))", .red))
        }
    }
}

/// Keeps a command's exchanges, as its client hands them over, for `RecordingOptions`.
final class WireRecording: Sendable {
    private let kept = Mutex<[WireExchange]>([])

    var tap: WireTap {
        { [self] exchange in kept.withLock { $0.append(exchange) } }
    }

    var exchanges: [WireExchange] { kept.withLock { $0 } }
}
