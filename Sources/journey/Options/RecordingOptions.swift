import ArgumentParser
import Foundation
import JourneyEngine
import JourneyTesting
import Orchestrate
import Synchronization

/// `--har FILE`, `--save-answers FILE` and `--save-test FILE`: what a journey did, saved when it
/// ends, whatever its outcome (a failed journey is the one worth looking at).
struct RecordingOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Save every exchange as a HAR 1.2 file (browsers' developer tools open it), credentials redacted unless --trace-secrets; written 0600.",
        valueName: "file"))
    var har: String?

    @Option(help: ArgumentHelp(
        "Save the journey's answers as a file for --answers (passwords, codes and security answers are left out); written 0600.",
        valueName: "file"))
    var saveAnswers: String?

    @Option(help: ArgumentHelp(
        "Save the journey as a test for journey test: pages and answers, secrets as ${env:TEST_…} it names; written 0600.",
        valueName: "file"))
    var saveTest: String?

    /// Where the command's client hands its exchanges; nil when nothing is saved.
    func recording() -> WireRecording? {
        har == nil && saveAnswers == nil && saveTest == nil ? nil : WireRecording()
    }

    /// Refuses what a DaVinci flow's run cannot save.
    func checkForFlow() throws {
        guard saveAnswers == nil, saveTest == nil else {
            throw ValidationError("--save-answers and --save-test save a journey's run; a DaVinci flow's is not saved that way (use --har).")
        }
    }

    /// Writes the files asked for and says where; a file that cannot be written is reported.
    /// `target`: where a saved test runs (the profile, or the URL and realm as given).
    func save(_ recording: WireRecording?, revealing: Bool, target: RecordedTest.Target? = nil, console: Console) {
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
        if let saveTest, let target {
            writeTest(exchanges, to: saveTest, target: target, console: console)
        }
    }

    private func writeTest(_ exchanges: [WireExchange], to path: String, target: RecordedTest.Target, console: Console) {
        do {
            let test = try RecordedTest(RecordedJourney(exchanges: exchanges), target: target)
            let notice = test.notice.map { "; \($0)" } ?? ""
            write(Data(test.yaml.utf8), to: path, saying: "The journey saved as a test in \(path) (journey test \(path)\(notice)).", console: console)
        } catch {
            console.say(console.styled("journey: no test saved in \(line: path): \(line: error.description)", .red))
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
