import JourneyEngine
import Orchestrate
import TerminalKit

/// A step that goes on in a browser (social login, SAML) in plain mode: the address to open is
/// shown, with a QR code on a terminal so a phone can finish it, and the step is kept in the
/// instance's store. With a terminal the person pastes the address the browser lands on and the
/// journey goes on at once; without one the run ends (exit 5) and a later
/// `journey login --instance NAME --redirected ADDRESS` goes on from the kept step.
struct PlainBrowserStep {
    let console: Console
    /// Where the step is kept; nil keeps nothing (the demo's line mode).
    let instance: ClientInstance?
    /// The journey's cookies are kept with the step (the options' `enableCookie`).
    let keepsCookies: Bool

    /// Shows and keeps the step; throws `.browserReturn` with the pasted address, or
    /// `.waitingForBrowser` without a terminal.
    func handOff(_ step: JourneyStep, request: JourneyRequest, client: JourneyClient) async throws(PlainJourneyError) -> Never {
        guard let left = BrowserHandoff(step: step, request: request) else {
            throw .badAnswer(label: "RedirectCallback", problem: "the step has no redirect")
        }
        let handoff = left.with(cookies: keepsCookies ? await client.cookieJar : CookieJar(), leavingOut: client.server.cookieName)
        // The page first: its countdown says how long AM waits for the browser's answer.
        let printer = StepPrinter(console: console)
        printer.printPage(of: step)
        step.callbacks.forEach(printer.printOutput)
        show(handoff)
        var kept = false
        if let instance {
            do {
                try instance.keep(handoff, on: client.server)
                kept = true
            } catch {
                console.say(console.styled("journey: the step could not be kept, so only this run can go on: \(error)", .red))
            }
        }
        guard console.isInteractive else { throw .waitingForBrowser(instance: kept ? instance?.name : nil) }
        while true {
            guard let address = console.ask("Address the browser landed on (paste it; Ctrl-C stops): ") else { throw .inputEnded }
            if address.trimmingSpaces().isEmpty { continue }
            do {
                throw PlainJourneyError.browserReturn(try BrowserReturn(address: address, handoff: handoff))
            } catch let error as BrowserReturnError {
                console.say(console.styled("✗ \(CommandHint.message(for: error))", .red))
            } catch let error as PlainJourneyError {
                throw error
            } catch {
                throw .badAnswer(label: "address", problem: "\(error)")
            }
        }
    }

    private func show(_ handoff: BrowserHandoff) {
        Self.show(address: handoff.address, console: console)
        if handoff.method != "GET" {
            console.say(console.styled("⚠ AM asks for a form \(TerminalText.line(handoff.method)) (SAML); a terminal can only show the address.", .yellow))
        }
        console.say("After signing in there, the browser lands on an address carrying a code and state: that address is the answer.")
    }

    /// The address a browser is to open, and on a terminal a QR code of it so a phone can
    /// finish the sign-in: the same for a journey's step and a DaVinci flow's.
    static func show(address: String, console: Console) {
        console.say(console.styled("This step goes on in a browser. Open:", .bold))
        console.say("  \(line: address)")
        if console.isInteractive, let code = try? QRCode(address, errorCorrection: .low) {
            console.say("Or scan it with a phone:")
            code.halfBlockLines().forEach { console.say(TerminalString($0)) }
        }
    }
}
