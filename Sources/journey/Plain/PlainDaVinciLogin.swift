import DaVinci
import Foundation
import JourneyEngine
import Orchestrate
import TerminalKit

/// `journey login` for a DaVinci profile (`kind: davinci`), without curses: runs the flow
/// form by form. The button comes first: `--answer button=KEY` (or its label), a choice on a
/// terminal, else the form's submit button; a link or flow button leaves the form without
/// its answers. Each field then takes its answer from the book (by key, then label) or, on a
/// terminal, asks for it. A refused answer shows PingOne's messages and asks again; an expired
/// flow starts again after asking. Ends with the flow's tokens, kept in the instance's stores.
struct PlainDaVinciLogin {
    let configuration: DaVinciConfiguration
    var transport: any HTTPTransport = AsyncHTTPTransport()
    let answers: AnswerBook
    let printsJSON: Bool
    let traces: Bool
    var revealsSecrets = false
    var wireTap: WireTap?
    /// Whether PingOne's session cookies are kept between runs (`enableCookie`).
    var keepsSession = true
    /// Whether the command takes `--json` (the summary says it prints the tokens); the demo's
    /// line mode does not.
    var offersJSON = true
    /// Where the session and tokens go, the profile they came from and the TLS settings they
    /// were fetched with; nil keeps nothing.
    var instance: (store: DaVinciInstance, profileName: String?, tls: DaVinciInstanceRecord.TLSSettings)?
    /// `--redirected`: the address a browser landed on, to go on from the flow the instance keeps.
    var redirected: String?

    /// The answer key that names the button to press.
    static let buttonKey = "button"
    /// How many times a terminal is asked for a form's answers before the run ends.
    static let attempts = 3

    func run() async -> ExitStatus {
        let console = Console()
        let kept: CookieJar?
        var resuming: (step: DaVinciBrowserStep, continueToken: String)?
        do {
            // Read first: a store that holds a journey's records refuses this instance before anything is sent.
            _ = try instance?.store.tokens(for: configuration)
            kept = keepsSession ? try instance?.store.session(for: configuration) : nil
            if let redirected {
                resuming = try PlainDaVinciBrowserStep.resumption(of: redirected, kept: instance?.store, configuration: configuration)
            } else {
                // A flow started again abandons the one kept for a browser.
                try instance?.store.forgetBrowserStep(for: configuration)
            }
        } catch let stop as PlainFlowStop {
            console.say(console.styled("journey: \(CommandHint.message(for: stop))", .red))
            return stop.exitStatus
        } catch {
            console.say(console.styled("journey: \(CommandHint.message(for: error))", .red))
            return .usage
        }
        let browserStep = PlainDaVinciBrowserStep(console: console, configuration: configuration, instance: instance?.store)
        // The kept flow's cookies (PingOne's ST, the interaction's) go back with its continue token.
        let client = DaVinciClient(configuration: configuration, transport: transport, cookieJar: resuming?.step.cookies ?? kept ?? CookieJar(),
                                   logger: Console.wireLogger(traces: traces), revealsSecrets: revealsSecrets, wireTap: wireTap)
        do {
            let endpoints = try await client.discover()
            while true {
                let status = PlainPollStatus(console: console)
                do {
                    defer { status.end() }
                    var shown: String?
                    let (minted, flow) = try await client.walk(endpoints, resuming: resuming, answer: { step in
                        status.end()
                        // Without a terminal the same answers would be refused again.
                        if step.formMessage != nil || !step.fieldMessages.isEmpty, !console.isInteractive { throw PlainFlowStop.refused(step) }
                        return try fill(step, console: console)
                    }, browser: browserStep.handOff, polling: { step, progress in
                        // A polling form is shown once, then its status line.
                        if shown != step.id || progress.attempt == 1 {
                            status.end()
                            try? show(step, console: console)
                            shown = step.id
                        }
                        status.show(progress)
                    })
                    status.end()
                    forgetBrowserStep(console: console)
                    let (tokens, claims) = (minted.tokens, minted.claims)
                    if let (store, profileName, tls) = instance {
                        try await store.keep(tokens, claims: claims, endpoints: flow.endpoints, through: client,
                                             record: DaVinciInstanceRecord(configuration, profileName: profileName, stores: store.stores, tls: tls),
                                             keepsSession: keepsSession)
                    }
                    if !printsJSON { console.say(console.styled("Signed on: the flow ended with tokens.", .green)) }
                    try InstanceCommand.printTokens(tokens, claims: claims, renewal: .minted, json: printsJSON,
                                                    offersJSON: offersJSON, console: console)
                    return .signedIn
                } catch let error as DaVinciError where error.isExpiry && console.isInteractive {
                    console.say(console.styled("journey: \(CommandHint.message(for: error))", .red))
                    guard let reply = console.ask("Start the flow again? [Y/n] "), !reply.lowercased().hasPrefix("n") else { return .expired }
                    resuming = nil
                    forgetBrowserStep(console: console)
                } catch let error as DaVinciError {
                    // PingOne answered the flow: a kept browser step cannot go on any more (one
                    // that did not reach PingOne stays, so the same address can be sent again).
                    if case .transport = error {} else if resuming != nil { forgetBrowserStep(console: console) }
                    throw error
                }
            }
        } catch let stop as PlainFlowStop {
            console.say(console.styled("journey: \(CommandHint.message(for: stop))", .red))
            return stop.exitStatus
        } catch let error as StoreError {
            console.say(console.styled("journey: \(CommandHint.message(for: error))", .red))
            return .usage
        } catch let error as DaVinciError {
            console.say(console.styled("journey: \(CommandHint.message(for: error))", .red))
            switch error {
            case .expired: return .expired
            case .failed, .stateMismatch, .sessionWithoutCode: return .authenticationFailed
            default: return .serverOrNetwork
            }
        } catch {
            console.say(console.styled("journey: \(CommandHint.message(for: error))", .red))
            return .serverOrNetwork
        }
    }

    /// The kept browser step is spent (the flow ended, or PingOne answered it): forgotten, a
    /// store that cannot be written said.
    private func forgetBrowserStep(console: Console) {
        guard let store = instance?.store else { return }
        console.storing("Forgetting the flow kept for a browser") { try store.forgetBrowserStep(for: configuration) }
    }

    /// Prints the form, picks the button, and fills the form in when the button sends it.
    private func fill(_ step: DaVinciStep, console: Console) throws -> (step: DaVinciStep, pressing: Int?) {
        try show(step, console: console)
        let pressed = try button(of: step, console: console)
        // A link, flow button, FIDO2 error or social sign-on leaves the form: nothing typed is sent with it, no password asked for.
        if let pressed, step.collectors[pressed].kind.leavesForm { return (step, pressed) }
        var answered = step
        // On a terminal, answers that cannot be sent are asked for again, a few times.
        for attempt in 1...Self.attempts {
            var unreadable: (index: Int, message: String)?
            for index in step.collectors.indices where step.collectors[index].kind.collectsInput {
                // Asked again, a blank line keeps what was typed the time before.
                let collector = answered.collectors[index]
                if attempt == 1, case .password(let policy, true) = collector.kind, let policy {
                    console.say("  Password rules: \(policy.rules.joined(separator: "; "))")
                }
                let text = try answer(for: collector, in: step, console: console, again: attempt > 1)
                if case .checkbox = collector.kind, Collector.checked(text) == nil, unreadable == nil {
                    let name = TerminalText.line(collector.label.isEmpty ? collector.key ?? collector.type : collector.label)
                    unreadable = (index, "Answer \"\(name)\" with yes or no, not \"\(TerminalText.line(text))\".")
                }
                answered.collectors[index].value = collector.value(answering: text)
            }
            guard let (index, problem) = unreadable ?? answered.problem() else { break }
            guard console.isInteractive, attempt < Self.attempts else { throw PlainFlowStop.invalid(answered.collectors[index], problem) }
            console.say(console.styled("✗ \(problem)", .red))
        }
        return (answered, pressed)
    }

    /// Prints the form: its name, description, messages and what is only read (labels, QR
    /// codes, what a terminal cannot answer, which stops the run when required).
    private func show(_ step: DaVinciStep, console: Console) throws {
        console.say("")
        console.say(console.styled("── \(TerminalText.line(step.formName.isEmpty ? "Form" : step.formName))", .bold))
        if !step.formDescription.isEmpty { console.say(TerminalString(PlainText.fromHTML(step.formDescription))) }
        if let message = step.formMessage { console.say(console.styled("✗ \(TerminalText.line(message))", .red)) }
        for collector in step.collectors {
            let name = TerminalText.line(collector.label.isEmpty ? collector.key ?? collector.type : collector.label)
            for message in step.messages(for: collector) { console.say(console.styled("✗ \(name): \(TerminalText.line(message))", .red)) }
            switch collector.kind {
            case .label: console.say(TerminalString(PlainText.fromHTML(collector.label)))
            case .readOnlyText, .image: CollectorText.lines(collector).forEach { console.say(TerminalString($0)) }
            case .metadata: CollectorText.lines(collector).forEach { console.say(console.styled(TerminalString("! " + $0), .yellow)) }
            case .qrCode(let scannable, let fallbackText): Self.show(qrCode: scannable, fallbackText: fallbackText, console: console)
            case .unsupported(let reason): console.say(console.styled("! \(name): \(reason)", .yellow))
            case .fido2:
                console.say(console.styled("! \(name): a passkey, which a terminal has no authenticator for. Pressing it sends \(CollectorKind.fido2Unavailable), as the SDKs do when the platform cannot, and the flow takes its fallback branch.", .yellow))
            case .protect:
                console.say(console.styled("! \(name): PingOne Protect's device signals; sent without them, as the SDKs send the form without their Protect module.", .yellow))
            case .socialLogin:
                console.say(console.styled("! \(name): signing in with the provider goes on in a browser (--answer \(Self.buttonKey)=\(TerminalText.line(collector.key ?? "")))", .yellow))
            case .unknown: console.say("  (\(TerminalText.line(collector.type)) \(TerminalText.line(collector.key ?? "")): \(name), not supported here)")
            default: break
            }
            switch collector.kind {
            case .unknown, .unsupported: if collector.isRequired { throw PlainFlowStop.unsupported(collector) }
            default: break
            }
        }
    }

    /// The answer for a collector: from the book unless PingOne refused this form or the answers
    /// are asked `again`, else asked on a terminal (a blank line keeps the value the form had).
    private func answer(for collector: Collector, in step: DaVinciStep, console: Console, again: Bool) throws -> String {
        let refused = !step.messages(for: collector).isEmpty || step.formMessage != nil
        if !refused, !again, let given = answers.value(forKeys: [collector.key, collector.label].compactMap { $0 }) { return given }
        guard console.isInteractive else {
            if !collector.isRequired { return Self.current(collector) }
            throw PlainFlowStop.missing(collector)
        }
        let name = TerminalText.line(collector.label.isEmpty ? collector.key ?? collector.type : collector.label)
        let prompt: TerminalString = "\(name)\(Self.hint(collector)): "
        let hidden: Bool
        if case .password = collector.kind { hidden = true } else { hidden = step.secretKeys.contains(collector.key ?? "") }
        guard let typed = hidden ? console.askHidden(prompt) : console.ask(prompt) else { throw PlainFlowStop.inputEnded }
        return typed.isEmpty ? Self.current(collector) : typed
    }

    /// The button named by the book (`button=KEY`), asked for when there is a choice, else the
    /// form's submit button. Social sign-on buttons and FIDO2 collectors are among them.
    private func button(of step: DaVinciStep, console: Console) throws -> Int? {
        let buttons = step.collectors.indices.filter {
            switch step.collectors[$0].kind {
            case .button, .fido2, .socialLogin: return true
            default: return false
            }
        }
        let matches = { (text: String) in
            buttons.first { step.collectors[$0].key?.lowercased() == text.lowercased() || step.collectors[$0].label.lowercased() == text.lowercased() }
        }
        if let named = answers.value(forKeys: [Self.buttonKey]), let index = matches(named) { return index }
        guard console.isInteractive, buttons.count > 1 else { return step.defaultButton ?? buttons.first }
        let names = buttons.map { "\(TerminalText.line(step.collectors[$0].key ?? "?")) (\(TerminalText.line(step.collectors[$0].label)))" }
        let fallback = step.defaultButton.flatMap { step.collectors[$0].key }.map(TerminalText.line) ?? ""
        guard let reply = console.ask("Press [\(names.joined(separator: ", "))] (Enter: \(fallback)): ") else { throw PlainFlowStop.inputEnded }
        return reply.isEmpty ? step.defaultButton : matches(reply) ?? step.defaultButton
    }

    /// What the prompt says about the expected answer: the options, a phone number's shape.
    private static func hint(_ collector: Collector) -> String {
        switch collector.kind {
        case .singleSelect(let options, _): " [\(options.map { TerminalText.line($0.label) }.joined(separator: " / "))]"
        case .multiSelect(let options, _): " [\(options.map { TerminalText.line($0.label) }.joined(separator: ", "))], comma-separated"
        case .checkbox: " [yes/no]"
        case .phoneNumber(let country, nil): " (COUNTRY NUMBER, e.g. \(TerminalText.line(country ?? "US")) 5551234)"
        case .phoneNumber(let country, let extensionLabel?):
            " (COUNTRY NUMBER [ext \(TerminalText.line(extensionLabel).uppercased())], e.g. \(TerminalText.line(country ?? "US")) 5551234 ext 89)"
        case .devices(let devices, _): " [\(devices.map { TerminalText.line($0.title) }.joined(separator: " / "))]"
        default: ""
        }
    }

    /// A QR code drawn with half blocks when its content is text (on a terminal), then the key
    /// to type by hand; an image (a `data:` URI) is never printed.
    private static func show(qrCode scannable: String?, fallbackText: String, console: Console) {
        if console.isInteractive, let scannable, let code = try? QRCode(scannable, errorCorrection: .low) {
            console.say("Scan it with an authenticator app:")
            code.halfBlockLines().forEach { console.say(TerminalString($0)) }
        } else if scannable == nil {
            console.say(console.styled("! The QR code is an image a terminal cannot show.", .yellow))
        }
        if !fallbackText.isEmpty { console.say("  Key to enter by hand: \(line: fallbackText)") }
    }

    /// The value already in the collector, as text.
    private static func current(_ collector: Collector) -> String {
        switch collector.value {
        case .text(let text), .choice(let text), .device(let text): text
        case .choices(let values): values.joined(separator: ",")
        case .checked(let checked): checked ? "yes" : "no"
        case .phone(let country, let number, let phoneExtension):
            number.isEmpty ? "" : "\(country) \(number)" + (phoneExtension.map { $0.isEmpty ? "" : " ext \($0)" } ?? "")
        case .password, .none: ""
        }
    }
}
