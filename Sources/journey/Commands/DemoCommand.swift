import ArgumentParser
import DemoAM
import Foundation
import JourneyApp
import JourneyEngine

/// `journey demo`: start the demo AM in this process and walk its journeys against it.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Start a local demo AM and walk its journeys (no AM tenant needed).",
        discussion: """
        The demo AM listens on 127.0.0.1:\(DemoAMConfiguration.defaultPort) (or a free port when that one
        is taken). The full-screen UI opens with two tabs, "standard" and "second user", each
        walking the journey; `n` opens a tab for any other demo journey. With --plain (or no
        full-screen terminal) the demo runs line by line and prints the users, passwords and
        TOTP secrets first.

        Examples:
          journey demo
          journey demo --tree SecondFactor
          journey demo --plain
        """
    )

    @Flag(help: "Walk the journeys line by line instead of in the full-screen UI.")
    var plain = false

    @Option(help: ArgumentHelp("The journey to walk first.", valueName: "name"))
    var tree: String = "Login"

    @Flag(help: "Trace every request and response on stderr, with secrets redacted.")
    var trace = false

    func run() async throws {
        let console = Console()
        guard console.isInteractive else {
            throw ValidationError("journey demo needs a terminal. Without one, run `journey serve` and `journey login --answer …`.")
        }
        let demo = try await Self.startDemoAM(console: console)
        let server = try ServerConfiguration(url: demo.baseURL)
        if !plain {
            let options = try Self.demoOptions(demo)
            let journeys = try DemoAM.journeys.map { name in
                try ClientProfile(name: name, options: options, request: JourneyRequest(.journey(name), forceAuth: true))
            }
            let open = [
                try ClientProfile(name: "standard", options: options, request: JourneyRequest(.journey(tree))),
                try ClientProfile(name: "second user", options: options, request: JourneyRequest(.journey(tree))),
            ]
            let hint = "Demo: sign in as demo / Demo-pass1 here, alice / Alice-pass1 in tab 2 (Alt-2) · n: other journeys · ? help"
            do {
                try await UILauncher.launch(profiles: journeys, open: open, hint: hint, traces: false) {
                    await runPlain(demo: demo, server: server, console: console)
                    return .signedIn
                }
            } catch {
                await demo.stop()
                throw error
            }
            await demo.stop()
            return
        }
        await runPlain(demo: demo, server: server, console: console)
        await demo.stop()
    }

    /// The demo AM's OAuth client: tabs fetch tokens with it after signing in.
    /// The demo AM's URL and its OAuth client that needs no consent.
    private static func demoOptions(_ demo: DemoAM) throws -> ClientOptions {
        var values: [OptionKey: OptionValue] = [.url: .text(demo.baseURL)]
        if let client = DemoAM.oauthClients.first(where: \.impliedConsent) {
            values[.oauthClientId] = .text(client.clientId)
            values[.oauthRedirectUri] = .text(client.redirectURIs[0])
            values[.oauthScope] = .text(client.scopes.joined(separator: " "))
        }
        return try ClientOptions(values: values)
    }

    /// The line-by-line demo: the banner, then one journey after another.
    private func runPlain(demo: DemoAM, server: ServerConfiguration, console: Console) async {
        console.say(demo.banner)
        TerminalEcho.installRestoringHandlers()
        var journey: String? = tree
        while let name = journey {
            let login = PlainLogin(server: server, answers: AnswerBook(), printsJSON: false, traces: trace)
            _ = await login.run(JourneyRequest(.journey(name), forceAuth: true))
            console.say("")
            journey = Self.nextJourney(console: console)
        }
    }

    private static func startDemoAM(console: Console) async throws -> DemoAM {
        do {
            return try await DemoAM.start(DemoAMConfiguration(), logger: DemoLogging.logger())
        } catch {
            console.say("Port \(DemoAMConfiguration.defaultPort) is taken; using a free port instead.")
            return try await DemoAM.start(DemoAMConfiguration(port: 0), logger: DemoLogging.logger())
        }
    }

    private static func nextJourney(console: Console) -> String? {
        let names = DemoAM.journeys.joined(separator: ", ")
        while true {
            guard let reply = console.ask("Next journey (\(names)), or q to quit: ") else { return nil }
            let trimmed = reply.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            if trimmed.lowercased() == "q" { return nil }
            if let match = DemoAM.journeys.first(where: { $0.caseInsensitiveCompare(trimmed) == .orderedSame }) {
                return match
            }
            console.say("There is no journey \"\(trimmed)\".")
        }
    }
}
