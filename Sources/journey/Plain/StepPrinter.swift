import Foundation
import JourneyEngine
import Orchestrate

/// Prints a step's page text and output-only callbacks in plain mode, through `Console` (every
/// value neutralised on its way; descriptions read as HTML by `PlainText` first).
struct StepPrinter {
    let console: Console

    func printPage(of step: JourneyStep) {
        console.say("")
        if let header = step.header, !header.isEmpty {
            console.say(console.styled("\(line: header)", .bold))
        }
        if let stage = step.readableStage {
            console.say(console.styled("[\(line: stage)]", .dim))
        }
        if let expiry = step.expiresAt {
            console.say(console.styled("(this page \(ReadableDuration.until(expiry, from: Date())): after that AM starts the journey over)", .dim))
            if let clock = step.serverClock, clock.isNotable {
                console.say(console.styled("(\(clock.description): the countdown follows AM's clock)", .dim))
            }
        }
        if let description = step.description, !description.isEmpty {
            console.say(TerminalString(PlainText.fromHTML(description)))
        }
    }

    /// Messages, waits and other callbacks that only show something.
    func printOutput(of callback: Callback) {
        switch callback.kind {
        case .textOutput(let output), .suspendedTextOutput(let output):
            printMessage(output)
        case .pollingWait(let wait):
            let message = wait.message.isEmpty ? "Waiting…" : TerminalText.line(wait.message)
            console.say(console.styled("⏳ \(message) (checking every \(wait.waitTime.spoken); Ctrl-C to stop)", .cyan))
        default:
            break
        }
    }

    private func printMessage(_ output: TextOutputCallback) {
        switch output.style {
        case .information, .other: console.say(TerminalString(output.message))
        case .warning: console.say(console.styled("⚠ \(output.message)", .yellow))
        case .error: console.say(console.styled("✗ \(output.message)", .red))
        case .script: console.say(console.styled("(a browser script in this step was not run)", .dim))
        }
    }

    /// The policies a validated or attribute field must meet, and the ones it failed, each
    /// under the field's name: a refused page says which field failed.
    func printPolicies(of field: String, requirements: [PolicyRequirement], failed: [PolicyFailure]) {
        let name = TerminalText.line(field)
        let rules = requirements.filter { !["REQUIRED", "VALID_TYPE"].contains($0.requirement) }
        if !rules.isEmpty {
            console.say(console.styled("  \(line: name) rules: \(rules.map(\.description).joined(separator: "; "))", .dim))
        }
        for failure in failed {
            console.say(console.styled("  ✗ \(line: name): \(failure.description)", .red))
        }
    }
}
