import ArgumentParser
import Foundation
import JourneyEngine
import Orchestrate

/// `journey request`: calls a protected API with the instance's access token (or SSO session),
/// and follows a step-up or transactional-authorization challenge the way the SDKs do.
struct RequestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "request",
        abstract: "Call a protected API with the instance's token; step up or authorize a transaction when it asks.",
        discussion: """
        Every hop is shown: the request (secrets redacted), the response, what the client concluded and what it did next. A 401/403 with an RFC 9470 step-up challenge walks the journey it names (acr_values) with the instance's session, gets tokens that carry it and retries once; a policy advice (AM's policy decision in a JSON body on any status, 200 included; an Identity Gateway SSOADVICE header or its redirect to AM) walks AM's composite_advice journey and retries once with the transaction id (_txid in the query for IG, X-TxID for a REST resource). A failed step-up keeps the session and tokens the instance had. Journey prompts are answered as in journey login.

        Examples:
          journey request http://127.0.0.1:8180/api/balance
          journey request --instance transactions --method POST \\
              --data '{"amount":"100.00"}' \\
              --answer "Password=Demo-pass1" \\
              http://127.0.0.1:8180/api/transfer
          journey request --session --method POST \\
              --answer "Password=Demo-pass1" \\
              http://127.0.0.1:8180/api/relay/transfer
          journey request --no-follow --json http://127.0.0.1:8180/ig/transfer

        Exit codes: 0 the resource answered 2xx; 1 it refused, challenged again, or the journey failed; 2 an answer is missing; 3 server or network error; 4 the journey expired; 64 bad usage.
        """
    )

    @OptionGroup(title: "Storage") var instance: InstanceOptions
    @OptionGroup(title: "Answers") var answers: AnswerOptions
    @OptionGroup var trace: TraceOption

    @Option(help: ArgumentHelp("The HTTP method.", valueName: "method")) var method = "GET"
    @Option(name: .customLong("header"), help: ArgumentHelp("A request header (repeatable).", valueName: "'Name: value'"))
    var headers: [String] = []
    @Option(help: ArgumentHelp("The request body, or @FILE to read it from a file.", valueName: "body|@file")) var data: String?
    @Flag(help: "Show a challenge without acting on it.") var noFollow = false
    @Flag(help: "Present the SSO session instead of the access token: the cookie AM set, from the instance's cookie jar.") var session = false
    @Flag(help: "Do not ask an Identity Gateway for advice in a header (x-authenticate-response), so it redirects to AM.")
    var adviceByRedirect = false
    @Flag(help: "Print every hop as one JSON document on stdout.") var json = false
    @Flag(help: "Show each request as a curl command to send it again (credentials redacted).") var curl = false
    @Argument(help: ArgumentHelp("The API's URL.", valueName: "url")) var url: String

    func validate() throws {
        _ = try call()
        _ = try answers.book()
    }

    /// The call as the flags describe it.
    private func call() throws -> ResourceCall {
        guard let target = URL(string: url), let scheme = target.scheme?.lowercased(), ["http", "https"].contains(scheme),
              target.host != nil else {
            throw ValidationError("\"\(TerminalText.line(url))\" is not an http or https URL.")
        }
        let parsedHeaders = try headers.map { line -> HTTPHeader in
            let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingSpaces() }
            guard parts.count == 2, !parts[0].isEmpty, !parts[0].contains(where: \.isWhitespace) else {
                throw ValidationError("--header \"\(Redaction.headerLine(line))\" is not \"Name: value\".")
            }
            return HTTPHeader(parts[0], parts[1])
        }
        var body: Data?
        if let data {
            if data.hasPrefix("@") {
                guard let contents = FileManager.default.contents(atPath: String(data.dropFirst())) else {
                    throw ValidationError("Cannot read the body file \(data.dropFirst()).")
                }
                body = contents
            } else {
                body = Data(data.utf8)
            }
        }
        var all = parsedHeaders
        if body != nil, !all.contains(where: { $0.name.lowercased() == "content-type" }) {
            let looksLikeJSON = body.flatMap { try? JSONValue.parse($0) } != nil
            all.append(HTTPHeader("Content-Type", looksLikeJSON ? "application/json" : "application/octet-stream"))
        }
        return ResourceCall(method: method.uppercased(), url: target, headers: all, body: body,
                            follows: !noFollow, asksForAdviceHeader: !adviceByRedirect)
    }

    func run() async throws {
        let call = try call()
        let book = try answers.book()
        let choice: ResourceRunner.CredentialChoice = session ? .session : .automatic
        let printsJSON = json
        let printsCurl = curl
        let status = await InstanceCommand.run(try ConfigurationOptions.parse([]), instance, trace, use: "call it with") { session, console in
            if choice == .session, !session.server.isSameOrigin(call.url) {
                throw InstanceProblem("--session presents the SSO session, which goes only to AM's own server (\(session.server.hostDescription)); \(TerminalText.line(call.url.host() ?? "that URL")) is another host. Call it with the access token instead (without --session).")
            }
            let presenter = PlainPresenter(console: console, answers: book)
            let oauth = try session.oauth.map { _ in try session.oauthClient().0 }
            let options = try session.instance.profile()?.startedOptions
            let runner = ResourceRunner(instance: session.instance, client: session.client, oauth: oauth,
                                        signInJourney: options?.authServiceName ?? "Login", enablesCookies: options?.enableCookie ?? true)
            let printer = HopPrinter(console: console, cookieName: session.server.cookieName, printsJSON: printsJSON, printsCurl: printsCurl)
            var walkProblem: PlainJourneyError?
            TerminalEcho.installRestoringHandlers()
            let outcome = await runner.run(call, presenting: choice, walk: { journey in
                do {
                    return .success(try await session.client.walk(journey) { step in try presenter.answer(step) })
                } catch let error as JourneyError {
                    return .failure(error)
                } catch let error as PlainJourneyError {
                    // Its reason is the call's: the hop and the last line say it, not "cancelled".
                    walkProblem = error
                    return .failure(.stopped(CommandHint.message(for: error)))
                } catch {
                    return .failure(.cancelled)
                }
            }, report: printer.print)
            printer.finish(outcome)
            if let walkProblem {
                // Without --json the last line said it; with it, stderr says it for the person.
                if printsJSON { console.say(console.styled("journey: \(CommandHint.message(for: walkProblem))", .red)) }
                return walkProblem.exitStatus
            }
            return Self.exitStatus(outcome)
        }
        throw status.code
    }

    private static func exitStatus(_ outcome: ResourceOutcome) -> ExitStatus {
        switch outcome {
        case .answered(let response): (200..<300).contains(response.status) ? .signedIn : .authenticationFailed
        case .challenged: .authenticationFailed
        case .failed(_, let cause?): PlainLogin.exitStatus(for: cause)
        case .failed: .serverOrNetwork
        }
    }
}
