import Foundation
import JourneyEngine
import JourneyProfiles
import Orchestrate

/// `journey login` without curses: walks the journey with a `PlainPresenter`, restarts it when
/// AM timed it out (after asking), resumes from a pasted link, goes on from a step that left for a
/// browser (`PlainBrowserStep`), and prints the result.
struct PlainLogin {
    let server: ServerConfiguration
    var transport: any HTTPTransport = AsyncHTTPTransport()
    let answers: AnswerBook
    let printsJSON: Bool
    let traces: Bool
    /// Traces show credentials as they went (`--trace-secrets`).
    var revealsSecrets = false
    /// Where the client hands each exchange (`--har`, `--save-answers`).
    var wireTap: WireTap?
    /// Where the session and tokens go; nil keeps nothing (the demo's line mode).
    var recorder: LoginRecorder?
    /// Whether the command takes `--json` (the summary says it prints the token whole); the
    /// demo's line mode does not.
    var offersJSON = true
    /// Where the options came from: a server that refuses them is told with where its address
    /// and realm came from (a flag, a profile, the instance's last run).
    var optionSources: [OptionKey: OptionSource] = [:]

    func run(_ initialRequest: JourneyRequest) async -> ExitStatus {
        let console = Console()
        // Back from a browser, the journey goes on with the cookies it had when it left.
        var cookies = CookieJar()
        if case .browserReturn(let back) = initialRequest.entry { cookies = back.handoff.cookies }
        let client = JourneyClient(server: server, transport: transport, cookieJar: cookies, logger: Console.wireLogger(traces: traces),
                                   revealsSecrets: revealsSecrets, wireTap: wireTap)
        let presenter = PlainPresenter(console: console, answers: answers)
        let browser = PlainBrowserStep(console: console, instance: recorder?.instance, keepsCookies: recorder?.options.enableCookie ?? true)
        var request = initialRequest
        while true {
            do {
                let walked = request
                let success = try await client.walk(request) { step in
                    if step.redirect != nil { try await browser.handOff(step, request: walked, client: client) }
                    return try presenter.answer(step)
                }
                forgetHandoff(after: request, console: console)
                if let recorder, let status = await recorder.record(success, userName: presenter.userName, client: client,
                                                                    console: console) {
                    return status
                }
                printSuccess(success, console: console)
                return .signedIn
            } catch let error as PlainJourneyError {
                if case .resume(let link) = error {
                    request = JourneyRequest(.resume(link), noSession: request.noSession,
                                             forceAuth: request.forceAuth)
                    continue
                }
                if case .browserReturn(let back) = error {
                    request = back.handoff.returning(back)
                    continue
                }
                console.say(console.styled("journey: \(CommandHint.message(for: error))", .red))
                return error.exitStatus
            } catch let error as JourneyError {
                // AM said no: a kept step is spent. A network failure leaves it for another try.
                if error.isAuthenticationFailure || error.isExpiry { forgetHandoff(after: request, console: console) }
                console.say(console.styled("journey: \(CommandHint.message(for: error))\(whereFrom(error))", .red))
                // A timed-out journey can start again; an expired resume link cannot.
                if case .journeyTimedOut = error, console.isInteractive,
                   let reply = console.ask("Start the journey again? [Y/n] "), !reply.lowercased().hasPrefix("n") {
                    // Back from a browser, the kept step is spent: the journey starts from its beginning.
                    if case .browserReturn(let back) = request.entry {
                        request = JourneyRequest(.journey(back.journeyName), noSession: request.noSession, forceAuth: request.forceAuth)
                    }
                    continue
                }
                return Self.exitStatus(for: error)
            } catch {
                console.say(console.styled("journey: \(CommandHint.message(for: error))", .red))
                return .serverOrNetwork
            }
        }
    }

    /// The journey went on from a step kept for a browser and ended: the step is of no more use.
    private func forgetHandoff(after request: JourneyRequest, console: Console) {
        guard case .browserReturn = request.entry, let instance = recorder?.instance else { return }
        console.storing("Forgetting the step kept for a browser") { try instance.forget(browserHandoffOn: server) }
    }

    static func exitStatus(for error: JourneyError) -> ExitStatus {
        if error.isAuthenticationFailure { return .authenticationFailed }
        if error.isExpiry { return .expired }
        return .serverOrNetwork
    }

    /// The result on stdout: one JSON object with `--json`, a short summary otherwise.
    private func printSuccess(_ success: LoginSuccess, console: Console) {
        if printsJSON {
            var object: JSONObject = [:]
            object["tokenId"] = success.tokenId.map(JSONValue.string)
            object["successUrl"] = success.successUrl.map(JSONValue.string)
            object["realm"] = success.realm.map(JSONValue.string)
            console.json(object)
            return
        }
        console.say("")
        console.result(success.tokenId == nil ? "Journey complete (no session was created)." : "Signed in.")
        console.result("  realm       \(TerminalText.line(success.realm ?? "?"))")
        console.result("  successUrl  \(TerminalText.line(success.successUrl ?? "?"))")
        if let token = success.tokenId {
            console.result("  tokenId     \(Redaction.token(TerminalText.line(token)))" + (offersJSON ? "  (--json prints it whole)" : ""))
            console.result("  cookie      \(server.cookieName)")
        }
    }

    /// For a server that was not found or refused the address (a 404, a refused connection),
    /// where the URL and realm came from.
    private func whereFrom(_ error: JourneyError) -> String {
        let about: [OptionKey] = switch error {
        case .rejected(404, _, _), .unexpectedStatus(404, _), .serverError(404, _, _): [.url, .realm]
        case .transport: [.url]
        default: []
        }
        let said = about.compactMap { key in optionSources[key].map { "\(key.rawValue): \($0)" } }
        return said.isEmpty ? "" : " (\(said.joined(separator: "; ")))"
    }
}
