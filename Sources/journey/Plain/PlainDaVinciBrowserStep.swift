import DaVinci
import Foundation
import Orchestrate
import TerminalKit

/// A DaVinci flow's social sign-on in plain mode, as a journey's browser step
/// (`PlainBrowserStep`): the provider's address is shown, with a QR code on a terminal; the flow
/// is kept in the instance's store; with a terminal the person pastes the address the browser
/// lands on (its `continueToken` resumes the flow), without one the run ends (exit 5) and
/// `journey login --profile P --instance NAME --redirected ADDRESS` goes on from the kept flow.
struct PlainDaVinciBrowserStep {
    let console: Console
    let configuration: DaVinciConfiguration
    /// Where the flow is kept; nil keeps nothing.
    let instance: DaVinciInstance?

    /// Shows and keeps the step; returns the continue token the pasted address carries, or
    /// throws `PlainFlowStop.inBrowser` without a terminal.
    func handOff(_ step: DaVinciBrowserStep) throws -> String {
        console.say(console.styled("Signing in with \(TerminalText.line(step.provider)).", .bold))
        PlainBrowserStep.show(address: step.address, console: console)
        console.say("After signing in there, the browser lands on an address carrying a continueToken: that address is the answer.")
        var kept = false
        if let instance {
            do {
                try instance.keep(step, for: configuration)
                kept = true
            } catch {
                console.say(console.styled("journey: the flow could not be kept, so only this run can go on: \(error)", .red))
            }
        }
        guard console.isInteractive else { throw PlainFlowStop.inBrowser(instance: kept ? instance?.name : nil) }
        while true {
            guard let address = console.ask("Address the browser landed on (paste it; Ctrl-C stops): ") else { throw PlainFlowStop.inputEnded }
            if address.trimmingSpaces().isEmpty { continue }
            do {
                return try DaVinciBrowserStep.continueToken(in: address)
            } catch {
                console.say(console.styled("✗ \(error.description)", .red))
            }
        }
    }

    /// With `--redirected`, the kept flow and the continue token the address carries. No kept
    /// flow is a usage error; an address without a token ends the run (exit 2).
    static func resumption(of redirected: String, kept instance: DaVinciInstance?, configuration: DaVinciConfiguration)
        throws -> (step: DaVinciBrowserStep, continueToken: String) {
        guard let instance, let step = try instance.browserStep(for: configuration) else {
            throw PlainFlowStop.nothingKept(instance: instance?.name ?? "default")
        }
        do {
            return (step, try DaVinciBrowserStep.continueToken(in: redirected))
        } catch {
            throw PlainFlowStop.invalidAddress(error)
        }
    }
}
