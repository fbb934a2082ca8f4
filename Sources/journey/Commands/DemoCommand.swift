import ArgumentParser
import DaVinci
import DemoAM
import DemoPingOne
import Foundation
import JourneyApp
import JourneyEngine
import JourneyProfiles
import Orchestrate

/// `journey demo`: start the demo AM in this process and walk its journeys against it.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Start a local demo AM and walk its journeys (no AM tenant needed).",
        discussion: """
        The demo AM listens on 127.0.0.1:\(DemoAMConfiguration.defaultPort) (or a free port when that one \
        is taken, said on the first screen), with a protected API beside it; --port N asks for N and \
        stops at once when it is taken. The full-screen UI opens the step-up preset: \
        a "standard" tab and a "transactions" tab sharing one session, each with its own \
        tokens. Sign in once; `a` calls the API: the balance asks for a one-time code (step-up), \
        a transfer for a confirmation (transactional authorization). Tab 3 runs the demo \
        PingOne's DaVinci sign-on flow (the same user), its stores apart from the journeys'. \
        `n` opens a tab for any other demo journey or flow. With --plain (or no full-screen terminal) the demo runs line by line \
        and prints the users, passwords and TOTP secrets first; without a terminal it walks --tree once from --answer \
        and exits with its status (as journey login does); there it also offers the demo \
        PingOne's DaVinci flows (DaVinci, DaVinciRegistration, DaVinciDetails, DaVinciSessionOnly, \
        DaVinciFields, DaVinciRedirect). The demo keeps its instances in \
        memory: they end with it.

        Examples:
          journey demo
          journey demo --tree SecondFactor
          journey demo --plain
          journey demo --plain --tree DaVinci
          journey demo --plain --answer 'User Name=demo' \\
              --answer Password=Demo-pass1 < /dev/null
          journey demo --port 9180
        """
    )

    @Flag(help: "Walk the journeys line by line instead of in the full-screen UI.")
    var plain = false

    @Option(help: ArgumentHelp("The journey to walk first.", valueName: "name"))
    var tree: String = "Login"

    @Flag(help: "Trace every request and response on stderr, with secrets redacted.")
    var trace = false

    @OptionGroup(title: "Answers (line by line, and without a terminal)") var answers: AnswerOptions

    @Option(help: ArgumentHelp("Port on 127.0.0.1 (0 picks a free one); refused at once when taken. Default: \(DemoAMConfiguration.defaultPort), or a free one when that is taken.",
                               valueName: "port"))
    var port: Int?

    func validate() throws {
        if let port, !(0...65535).contains(port) { throw ValidationError("--port must be between 0 and 65535, not \(port).") }
    }

    func run() async throws {
        let console = Console()
        let book = try answers.book()
        let fullScreen = !plain && Self.terminalCanBeFullScreen(console)
        // The port first: one asked for and taken is said at once, terminal or not.
        let (demo, portNote) = try await Self.startDemoAM(port: port, hasDemoPanel: fullScreen)
        let server = try ServerConfiguration(url: demo.baseURL)
        if fullScreen {
            let options = try Self.demoOptions(demo, clientId: "journeyterm", scope: "openid profile")
            let flows = try Self.flows.map { name, policy in
                try ClientProfile(name: name, options: try Self.demoFlowOptions(demo, policy: policy))
            }
            let journeys = try Self.journeys.map { name in
                try ClientProfile(name: name, options: options, request: JourneyRequest(.journey(name), forceAuth: true))
            } + flows
            let open = [
                try ClientProfile(name: StoragePreset.standardInstance, options: options, request: JourneyRequest(.journey(tree))),
                try ClientProfile(name: StoragePreset.transactionsInstance,
                                  options: try Self.demoOptions(demo, clientId: "journeyterm-transactions", scope: "openid profile WRITE_TRANSACTION"),
                                  request: JourneyRequest(.journey(tree))),
                try ClientProfile(name: "pingone", options: try Self.demoFlowOptions(demo, policy: DemoPingOne.signOnPolicy)),
            ]
            let hint = (portNote.map { $0 + " · " } ?? "") + "3-minute demo: sign in as demo / Demo-pass1 · a: call the API (balance: a one-time code; "
                + "tab 2, Alt-2: a transfer to confirm) · Alt-3: a PingOne DaVinci flow, same user · "
                + "Esc d: demo panel (users, TOTP codes, the outbox) · ? help"
            let setting = FullScreen.Setting(store: MemoryRecordStore(), suggestions: Self.suggestions(demo), demo: Self.panel(demo),
                                             readJourneyMap: JourneyMapReaders.demo(demo))
            do {
                try await UILauncher.launch(profiles: journeys, open: open, hint: hint, traces: false, setting: setting) {
                    await runPlain(demo: demo, server: server, answers: book, console: console)
                }
            } catch {
                await demo.stop()
                throw error
            }
            await demo.stop()
            return
        }
        if let portNote { console.say(TerminalString(portNote)) }
        let status = await runPlain(demo: demo, server: server, answers: book, console: console)
        await demo.stop()
        if status != .signedIn { throw status.code }
    }

    /// Standard input and output are a terminal curses can drive (`TERM` set, not `dumb`):
    /// else the demo runs line by line, as `--plain` asks.
    private static func terminalCanBeFullScreen(_ console: Console) -> Bool {
        let term = ProcessInfo.processInfo.environment["TERM"] ?? ""
        return console.isInteractive && isatty(STDOUT_FILENO) == 1 && !term.isEmpty && term != "dumb"
    }

    /// The demo AM's URL in the step-up preset, with one of its OAuth clients.
    private static func demoOptions(_ demo: DemoAM, clientId: String, scope: String) throws -> ClientOptions {
        try ClientOptions(values: [
            .url: .text(demo.baseURL), .preset: .text(StoragePreset.stepUp.rawValue), .oauthClientId: .text(clientId),
            .oauthRedirectUri: .text("http://127.0.0.1/callback"), .oauthScope: .text(scope),
        ])
    }

    /// The demo PingOne's sign-on or registration flow (`policy`), as a DaVinci profile.
    private static func demoFlowOptions(_ demo: DemoAM, policy: String) throws -> ClientOptions {
        try ClientOptions(values: [
            .kind: .text(OrchestrationKind.davinci.rawValue), .discoveryEndpoint: .text(demo.pingOneDiscoveryEndpoint),
            .clientId: .text(DemoPingOne.defaultClientId), .scopes: .list(demoFlowScopes),
            .redirectUri: .text(DemoPingOne.defaultRedirectURI), .acrValues: .list([policy]),
        ])
    }

    private static let demoFlowScopes = ["openid", "profile", "email", "phone"]

    /// The journeys offered by name: ConfirmTransaction confirms the transaction an advice names
    /// (by name it confirms nothing), so it is reached through the demo API instead.
    private static let journeys = DemoAM.journeys.filter { $0 != "ConfirmTransaction" }

    /// The demo PingOne's DaVinci flows the line-by-line demo offers beside the journeys, by the
    /// name it offers them under, with their flow policy (`acr_values`).
    private static let flows = [("DaVinci", DemoPingOne.signOnPolicy), ("DaVinciRegistration", DemoPingOne.registrationPolicy),
                                ("DaVinciDetails", DemoPingOne.detailsPolicy), ("DaVinciSessionOnly", DemoPingOne.sessionOnlyPolicy),
                                ("DaVinciFields", DemoPingOne.fieldsPolicy), ("DaVinciRedirect", DemoPingOne.redirectPolicy)]

    /// What the demo panel (`d`) shows: both servers' users, the demo AM's TOTP secrets, and
    /// its outbox, read when the panel asks.
    static func panel(_ demo: DemoAM) -> FullScreen.Demo {
        let accounts = DemoAccounts(
            journeyUsers: DemoAM.builtInUsers.map { DemoAccounts.Account(username: $0.username, password: $0.password, totpSecret: $0.totpSecret) },
            flowUsers: DemoPingOne.builtInUsers.map { DemoAccounts.Account(username: $0.username, password: $0.password) },
            administrator: DemoAccounts.Account(username: DemoAM.administrator.username, password: DemoAM.administrator.password))
        return FullScreen.Demo(accounts: accounts) {
            await demo.outbox().map { DemoMail(to: $0.to, sentAt: $0.sentAt, link: $0.resumeURL, text: $0.text) }
        }
    }

    /// The demo API's calls, ready in the request pane.
    static func suggestions(_ demo: DemoAM) -> [RequestSuggestion] {
        let origin = demo.baseURL.replacingOccurrences(of: "/am", with: "")
        return [
            RequestSuggestion(label: "profile (any token)", url: "\(origin)/api/profile"),
            RequestSuggestion(label: "balance (needs a one-time code: step-up)", url: "\(origin)/api/balance"),
            RequestSuggestion(label: "transfer (a transaction to confirm)", method: "POST", url: "\(origin)/api/transfer",
                              body: #"{"amount":"100.00","to":"savings"}"#),
            RequestSuggestion(label: "transfer, AM's decision passed on with HTTP 200", method: "POST", url: "\(origin)/api/relay/transfer",
                              body: #"{"amount":"100.00","to":"savings"}"#),
            RequestSuggestion(label: "transfer through Identity Gateway", url: "\(origin)/ig/transfer"),
        ]
    }

    /// The line-by-line demo: the banner, then one journey after another.
    /// Walks `--tree`, then whichever journey the person names next; without a terminal, only
    /// `--tree`, from `--answer`, ending with its exit status.
    private func runPlain(demo: DemoAM, server: ServerConfiguration, answers: AnswerBook, console: Console) async -> ExitStatus {
        console.say(TerminalString(demo.banner))
        TerminalEcho.installRestoringHandlers()
        var journey: String? = tree
        var status = ExitStatus.signedIn
        while let name = journey {
            if let policy = Self.flows.first(where: { $0.0.equalsIgnoringCase(name) })?.1 {
                do {
                    let configuration = try Self.demoFlowOptions(demo, policy: policy).davinciConfiguration()
                    var login = PlainDaVinciLogin(configuration: configuration, answers: answers, printsJSON: false, traces: trace)
                    login.offersJSON = false
                    status = await login.run()
                } catch {
                    console.say(console.styled("journey: \(CommandHint.message(for: error))", .red))
                    status = .usage
                }
            } else {
                var login = PlainLogin(server: server, answers: answers, printsJSON: false, traces: trace)
                login.offersJSON = false
                status = await login.run(JourneyRequest(.journey(name), forceAuth: true))
            }
            guard console.isInteractive else { return status }
            console.say("")
            journey = Self.nextJourney(console: console)
        }
        return status
    }

    /// Starts the demo AM on `port`, or on the default port and else a free one (the note says
    /// so); a port asked for that cannot be had stops the command at once.
    private static func startDemoAM(port: Int?, hasDemoPanel: Bool) async throws -> (DemoAM, note: String?) {
        var configuration = DemoAMConfiguration(port: port ?? DemoAMConfiguration.defaultPort)
        configuration.hasDemoPanel = hasDemoPanel
        if port != nil {
            do {
                return (try await DemoAM.start(configuration, logger: DemoLogging.logger()), nil)
            } catch {
                throw ValidationError("\(error) Without --port the demo takes \(DemoAMConfiguration.defaultPort), or a free port when that is taken.")
            }
        }
        do {
            return (try await DemoAM.start(configuration, logger: DemoLogging.logger()), nil)
        } catch {
            configuration.port = 0
            let demo = try await DemoAM.start(configuration, logger: DemoLogging.logger())
            return (demo, "Port \(DemoAMConfiguration.defaultPort) is taken: the demo AM is on \(demo.baseURL)")
        }
    }

    private static func nextJourney(console: Console) -> String? {
        let names = (journeys + flows.map(\.0)).joined(separator: ", ")
        while true {
            guard let reply = console.ask("Next journey (\(names)), or q to quit: ") else { return nil }
            let trimmed = reply.trimmingSpaces()
            if trimmed.isEmpty { continue }
            if trimmed.lowercased() == "q" { return nil }
            if let match = (journeys + flows.map(\.0)).first(where: { $0.equalsIgnoringCase(trimmed) }) {
                return match
            }
            console.say("There is no journey \"\(trimmed)\".")
        }
    }
}
