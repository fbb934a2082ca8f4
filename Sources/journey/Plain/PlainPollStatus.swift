import DaVinci
import Orchestrate

/// The status of a polling form in plain mode: on a terminal one line rewritten in place with
/// a spinner ("⠹ Waiting for approval, poll 2 of 10 (every 1 s)"), else a plain line per poll.
/// The line only grows while one form polls, so rewriting it with a carriage return is enough.
final class PlainPollStatus {
    private let console: Console
    private let rewrites: Bool
    /// A status line is on screen, unfinished: the next output starts a new line first.
    private var isOpen = false
    private static let spinner = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    init(console: Console) {
        self.console = console
        rewrites = console.isStyled
    }

    func show(_ progress: PollProgress) {
        let what = progress.asksChallenge ? "Waiting for approval (asking the challenge's status)" : "Waiting for approval"
        let milliseconds = progress.interval.components.seconds * 1000 + progress.interval.components.attoseconds / 1_000_000_000_000_000
        let every = milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms"
        let text: TerminalString = "\(what), poll \(progress.attempt) of \(progress.retries) (every \(every))"
        guard rewrites else { return console.say(text) }
        let frame = TerminalString(line: Self.spinner[(progress.attempt - 1) % Self.spinner.count])
        Console.write("\r" + console.styled(frame, .yellow) + " " + text, to: .standardError)
        isOpen = true
    }

    /// Ends the status line before anything else is written.
    func end() {
        guard isOpen else { return }
        isOpen = false
        Console.write("\n", to: .standardError)
    }
}
