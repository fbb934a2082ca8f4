import ArgumentParser
import Foundation
import JourneyEngine
import Orchestrate

/// `journey`: walk ForgeRock / PingAM journeys from a terminal.
@main
struct JourneyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "journey",
        abstract: "Walk ForgeRock / PingAM authentication journeys from a terminal.",
        discussion: """
        Start with `journey demo`: it runs a local demo AM and walks its journeys.
        Against your own AM: journey login --url https://am.example.com/am --realm alpha --tree Login
        With a profile (profiles.yaml): journey login --profile lab; journey config show --profile lab

        Exit codes: 0 signed in; 1 authentication failed; 2 the journey needs an answer that was \
        not given; 3 server or network error; 4 the journey or resume link expired; 5 the journey goes on in \
        a browser (journey login --redirected goes on); 64 bad usage.
        """,
        version: JourneyTermVersion.current,
        subcommands: [OpenCommand.self, LoginCommand.self, RegisterCommand.self, TokenCommand.self, UserinfoCommand.self, SessionCommand.self,
                      LogoutCommand.self, InstancesCommand.self, RequestCommand.self, TestCommand.self, LoadCommand.self, IntrospectCommand.self, MapCommand.self, ConfigCommand.self, ProfilesCommand.self, ServeCommand.self, DemoCommand.self],
        defaultSubcommand: OpenCommand.self
    )

    /// `journey --version` answers before ArgumentParser reflects the whole command tree (every
    /// subcommand's options, through Mirror and protocol-conformance lookups): that walk was most
    /// of the time a start took. Everything ArgumentParser would print itself (help, usage
    /// errors, the message of an error a command throws) goes through `Console` instead, so an
    /// argument or a server's text inside it reaches the terminal neutralised.
    static func main() async {
        if CommandLine.arguments.dropFirst().elementsEqual(["--version"]) {
            Console.write("\(JourneyTermVersion.current)\n", to: .standardOutput)
            return
        }
        var command: any ParsableCommand
        do {
            if let named = await parseNamedSubcommand(Array(CommandLine.arguments.dropFirst())) {
                command = named
            } else {
                command = try await asyncParseAsRoot(nil)
            }
        } catch {
            // The command line could not be read: the message and the usage that explains it.
            exit(saying: fullMessage(for: error), code: exitCode(for: error))
        }
        do {
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            // The command ran and failed (a bad configuration value, a refused request): what
            // went wrong, without a usage block the person did not get wrong.
            let message = CommandHint.hint(for: error) == nil ? message(for: error) : CommandHint.message(for: error)
            let code = exitCode(for: error)
            exit(saying: code.isSuccess || message.isEmpty ? message : "journey: " + message, code: code)
        }
    }

    private static func exit(saying message: String, code: ExitCode) -> Never {
        if !message.isEmpty {
            Console.write(TerminalString(message) + "\n", to: code.isSuccess ? .standardOutput : .standardError)
        }
        Foundation.exit(code.rawValue)
    }
}
