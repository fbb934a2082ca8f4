import ArgumentParser
import JourneyEngine

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
                      LogoutCommand.self, InstancesCommand.self, RequestCommand.self, IntrospectCommand.self, ConfigCommand.self, ProfilesCommand.self, ServeCommand.self, DemoCommand.self],
        defaultSubcommand: OpenCommand.self
    )

    /// `journey --version` answers before ArgumentParser reflects the whole command tree (every
    /// subcommand's options, through Mirror and protocol-conformance lookups): that walk was most
    /// of the time a start took.
    static func main() async {
        if CommandLine.arguments.dropFirst().elementsEqual(["--version"]) {
            print(JourneyTermVersion.current)
            return
        }
        await main(nil)
    }
}
