import DaVinci
import Orchestrate

/// Why a flow run stopped before PingOne said how it ended.
enum PlainFlowStop: Error, CustomStringConvertible {
    case missing(Collector)
    case invalid(Collector, String)
    case refused(DaVinciStep)
    case unsupported(Collector)
    case inputEnded
    /// The flow waits for a browser; the instance keeps it (nil: nothing could be kept).
    case inBrowser(instance: String?)
    /// `--redirected` with no flow kept for a browser.
    case nothingKept(instance: String)
    /// `--redirected` with an address that cannot resume the flow.
    case invalidAddress(DaVinciBrowserReturnError)

    var description: String {
        switch self {
        case .missing(let collector):
            "No answer for \"\(TerminalText.line(collector.label))\" (give it with --answer \"\(TerminalText.line(collector.key ?? collector.label))=…\")."
        case .invalid(let collector, let problem):
            "The answer for \"\(TerminalText.line(collector.label))\" cannot be sent: \(TerminalText.line(problem))"
        case .refused(let step):
            "PingOne refused the answers to \(TerminalText.line(step.formName)): "
                + ([step.formMessage].compactMap { $0 } + step.fieldMessages.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.joined(separator: "; "))" })
                .map(TerminalText.line).joined(separator: "; ")
        case .unsupported(let collector):
            "The form needs \(TerminalText.line(collector.type)), which a terminal cannot answer."
        case .inputEnded:
            "Input ended before the flow did."
        case .inBrowser(let instance?):
            "The flow goes on in a browser: open the address above. The flow is kept; go on with journey login --profile … --instance \(TerminalText.line(instance)) --redirected 'ADDRESS THE BROWSER LANDED ON'."
        case .inBrowser(nil):
            "The flow goes on in a browser, and could not be kept: run journey login on a terminal to paste the address the browser lands on."
        case .nothingKept(let instance):
            "The instance \"\(TerminalText.line(instance))\" keeps no DaVinci flow waiting for a browser (it ended, or was started again): start it again with journey login."
        case .invalidAddress(let error):
            error.description
        }
    }

    var exitStatus: ExitStatus {
        switch self {
        case .refused: .authenticationFailed
        case .missing, .invalid, .unsupported, .inputEnded, .invalidAddress: .answerMissing
        case .inBrowser: .inBrowser
        case .nothingKept: .usage
        }
    }
}
