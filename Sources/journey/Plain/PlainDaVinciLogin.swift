import DaVinci
import Foundation
import JourneyEngine
import Orchestrate

/// `journey login` for a DaVinci profile (`kind: davinci`), without curses: runs the flow
/// form by form. Each field takes its answer from the book (by key, then label) or, on a
/// terminal, asks for it; a button is pressed with `--answer button=KEY` (or its label), else
/// the form's submit button. A refused answer shows PingOne's messages and asks again; an
/// expired flow starts again after asking. Ends with the flow's tokens.
struct PlainDaVinciLogin {
    let configuration: DaVinciConfiguration
    var transport: any HTTPTransport = AsyncHTTPTransport()
    let answers: AnswerBook
    let printsJSON: Bool
    let traces: Bool
    var revealsSecrets = false
    var wireTap: WireTap?
    /// Where the session and tokens go, and the profile they came from; nil keeps nothing.
    var instance: (store: DaVinciInstance, profileName: String?)?

    /// The answer key that names the button to press.
    static let buttonKey = "button"

    func run() async -> ExitStatus {
        let console = Console()
        let kept: CookieJar?
        do {
            // Read first: a store that holds a journey's records refuses this instance before anything is sent.
            _ = try instance?.store.tokens(for: configuration)
            kept = try instance?.store.session(for: configuration)
        } catch {
            console.say(console.styled("journey: \(error.description)", .red))
            return .usage
        }
        let client = DaVinciClient(configuration: configuration, transport: transport, cookieJar: kept ?? CookieJar(),
                                   logger: Console.wireLogger(traces: traces), revealsSecrets: revealsSecrets, wireTap: wireTap)
        do {
            let endpoints = try await client.discover()
            while true {
                do {
                    var refusals = 0
                    let (tokens, flow) = try await client.walk(endpoints) { step in
                        if step.formMessage != nil || !step.fieldMessages.isEmpty {
                            refusals += 1
                            // Without a terminal the same answers would be refused again.
                            guard console.isInteractive else { throw PlainFlowStop.refused(step) }
                        }
                        return try fill(step, console: console, refused: refusals > 0)
                    }
                    let claims = await client.oauth(flow.endpoints).verifyIDToken(tokens.idToken ?? "", nonce: flow.pkce.nonce)
                    if let (store, profileName) = instance {
                        let user = claims.claims["preferred_username"]?.stringValue ?? claims.claims["sub"]?.stringValue
                        try store.save(DaVinciInstanceRecord(configuration, profileName: profileName, stores: store.stores))
                        try store.saveSession(await client.connection.cookieJar, for: configuration)
                        try store.save(StoredFlowTokens(tokens: tokens, endpoints: flow.endpoints, userName: user), for: configuration)
                    }
                    if !printsJSON { console.say(console.styled("Signed on: the flow ended with tokens.", .green)) }
                    try InstanceCommand.printTokens(tokens, claims: tokens.idToken == nil ? nil : claims, renewal: .minted, json: printsJSON,
                                                    console: console)
                    return .signedIn
                } catch let error as DaVinciError where error.isExpiry && console.isInteractive {
                    console.say(console.styled("journey: \(error.description)", .red))
                    guard let reply = console.ask("Start the flow again? [Y/n] "), !reply.lowercased().hasPrefix("n") else { return .expired }
                }
            }
        } catch let stop as PlainFlowStop {
            console.say(console.styled("journey: \(stop.description)", .red))
            return stop.exitStatus
        } catch let error as StoreError {
            console.say(console.styled("journey: \(error.description)", .red))
            return .usage
        } catch let error as DaVinciError {
            console.say(console.styled("journey: \(error.description)", .red))
            switch error {
            case .expired: return .expired
            case .failed, .stateMismatch: return .authenticationFailed
            default: return .serverOrNetwork
            }
        } catch {
            console.say(console.styled("journey: \(error)", .red))
            return .serverOrNetwork
        }
    }

    /// Prints the form and fills it in; returns it with the button to press.
    private func fill(_ step: DaVinciStep, console: Console, refused: Bool) throws -> (step: DaVinciStep, pressing: Int?) {
        console.say("")
        console.say(console.styled("── \(TerminalText.line(step.formName.isEmpty ? "Form" : step.formName))", .bold))
        if !step.formDescription.isEmpty { console.say(PlainText.fromHTML(step.formDescription)) }
        if let message = step.formMessage { console.say(console.styled("✗ \(TerminalText.line(message))", .red)) }
        var answered = step
        for index in step.collectors.indices {
            let collector = step.collectors[index]
            for message in messages(for: collector, in: step) { console.say(console.styled("✗ \(collector.label): \(TerminalText.line(message))", .red)) }
            switch collector.kind {
            case .label:
                console.say(PlainText.fromHTML(collector.label))
            case .unsupported(let reason):
                console.say(console.styled("! \(TerminalText.line(collector.label.isEmpty ? collector.type : collector.label)): \(reason)", .yellow))
                if collector.isRequired { throw PlainFlowStop.unsupported(collector) }
            case .unknown:
                console.say("  (\(TerminalText.line(collector.type)) \(TerminalText.line(collector.key ?? "")): \(TerminalText.line(collector.label)), not supported here)")
                if collector.isRequired { throw PlainFlowStop.unsupported(collector) }
            case .password(let policy, let verify):
                if verify, let policy { console.say("  Password rules: \(policy.rules.joined(separator: "; "))") }
                let text = try answer(for: collector, console: console, hidden: true, refused: refused)
                answered.collectors[index].value = .password(text, confirmation: text)
            case .text, .singleSelect, .multiSelect, .phoneNumber, .devices:
                let text = try answer(for: collector, console: console, hidden: false, refused: refused)
                answered.collectors[index].value = Self.value(text, for: collector)
            case .button, .socialLogin, .errorDisplay:
                break
            }
        }
        if let (index, problem) = answered.problem() {
            guard console.isInteractive else { throw PlainFlowStop.invalid(answered.collectors[index], problem) }
            console.say(console.styled("✗ \(problem)", .red))
            return try fill(answered, console: console, refused: true)
        }
        return (answered, try button(of: answered, console: console))
    }

    private func messages(for collector: Collector, in step: DaVinciStep) -> [String] {
        guard let key = collector.key else { return [] }
        return step.fieldMessages[key] ?? step.fieldMessages[key.split(separator: ".").last.map(String.init) ?? key] ?? []
    }

    private func answer(for collector: Collector, console: Console, hidden: Bool, refused: Bool) throws -> String {
        let keys = [collector.key, collector.label].compactMap { $0 }
        if !refused, let given = answers.value(forKeys: keys) { return given }
        guard console.isInteractive else {
            if !collector.isRequired { return Self.current(collector) }
            throw PlainFlowStop.missing(collector)
        }
        let prompt = "\(TerminalText.line(collector.label.isEmpty ? collector.key ?? collector.type : collector.label))\(Self.hint(collector)): "
        let typed = (hidden ? console.askHidden(prompt) : console.ask(prompt)) ?? ""
        return typed.isEmpty ? Self.current(collector) : typed
    }

    /// The button named by the book (`button=KEY`), asked for when there is a choice, else the default.
    private func button(of step: DaVinciStep, console: Console) throws -> Int? {
        let buttons = step.collectors.indices.filter { step.collectors[$0].isAction && step.collectors[$0].kind.action != nil }
        let matches = { (text: String) in
            buttons.first { step.collectors[$0].key?.lowercased() == text.lowercased() || step.collectors[$0].label.lowercased() == text.lowercased() }
        }
        if let named = answers.value(forKeys: [Self.buttonKey]), let index = matches(named) { return index }
        guard console.isInteractive, buttons.count > 1 else { return step.defaultButton ?? buttons.first }
        let names = buttons.map { "\(step.collectors[$0].key ?? "?") (\(TerminalText.line(step.collectors[$0].label)))" }
        let fallback = step.defaultButton.flatMap { step.collectors[$0].key } ?? ""
        let reply = console.ask("Press [\(names.joined(separator: ", "))] (Enter: \(fallback)): ") ?? ""
        return reply.isEmpty ? step.defaultButton : matches(reply) ?? step.defaultButton
    }

    /// What the prompt says about the expected answer: the options, a phone number's shape.
    private static func hint(_ collector: Collector) -> String {
        switch collector.kind {
        case .singleSelect(let options, _): " [\(options.map { TerminalText.line($0.label) }.joined(separator: " / "))]"
        case .multiSelect(let options, _): " [\(options.map { TerminalText.line($0.label) }.joined(separator: ", "))], comma-separated"
        case .phoneNumber(let country): " (COUNTRY NUMBER, e.g. \(country ?? "US") 5551234)"
        case .devices(let devices, _): " [\(devices.map { TerminalText.line($0.title) }.joined(separator: " / "))]"
        default: ""
        }
    }

    /// The value already in the collector, as text.
    private static func current(_ collector: Collector) -> String {
        switch collector.value {
        case .text(let text), .choice(let text), .device(let text): text
        case .choices(let values): values.joined(separator: ",")
        case .phone(let country, let number): number.isEmpty ? "" : "\(country) \(number)"
        case .password, .none: ""
        }
    }

    /// Text typed or given for a collector, as its value: options by label or value.
    static func value(_ text: String, for collector: Collector) -> CollectorValue {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        func option(_ given: String, in options: [CollectorOption]) -> String {
            options.first { $0.label.lowercased() == given.lowercased() || $0.value.lowercased() == given.lowercased() }?.value ?? given
        }
        switch collector.kind {
        case .singleSelect(let options, _): return .choice(option(trimmed, in: options))
        case .multiSelect(let options, _):
            return .choices(trimmed.split(separator: ",").map { option($0.trimmingCharacters(in: .whitespaces), in: options) }.filter { !$0.isEmpty })
        case .phoneNumber(let country):
            let parts = trimmed.split(separator: " ", maxSplits: 1).map(String.init)
            return parts.count == 2 ? .phone(countryCode: parts[0], number: parts[1]) : .phone(countryCode: country ?? "", number: trimmed)
        case .devices(let devices, _):
            let chosen = devices.first { [$0.title, $0.type, $0.value].map { $0.lowercased() }.contains(trimmed.lowercased()) }
            return .device(chosen?.value ?? trimmed)
        default: return .text(trimmed)
        }
    }
}

/// Why a flow run without a terminal stopped before PingOne said how it ended.
enum PlainFlowStop: Error, CustomStringConvertible {
    case missing(Collector)
    case invalid(Collector, String)
    case refused(DaVinciStep)
    case unsupported(Collector)

    var description: String {
        switch self {
        case .missing(let collector):
            "No answer for \"\(TerminalText.line(collector.label))\" (give it with --answer \"\(TerminalText.line(collector.key ?? collector.label))=…\")."
        case .invalid(let collector, let problem):
            "The answer for \"\(TerminalText.line(collector.label))\" cannot be sent: \(problem)"
        case .refused(let step):
            "PingOne refused the answers to \(TerminalText.line(step.formName)): "
                + ([step.formMessage].compactMap { $0 } + step.fieldMessages.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.joined(separator: "; "))" })
                .map(TerminalText.line).joined(separator: "; ")
        case .unsupported(let collector):
            "The form needs \(TerminalText.line(collector.type)), which a terminal cannot answer."
        }
    }

    var exitStatus: ExitStatus {
        switch self {
        case .refused: .authenticationFailed
        case .missing, .invalid, .unsupported: .answerMissing
        }
    }
}
