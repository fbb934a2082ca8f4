import ArgumentParser
import Foundation
import JourneyProfiles
import Orchestrate

/// `journey config`: the merged configuration, imports and exports, discovery, pins.
struct ConfigCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Show, import, export and discover client configuration.",
        subcommands: [ConfigShowCommand.self, ConfigImportCommand.self, ConfigExportCommand.self, ConfigDiscoverCommand.self,
                      ConfigPinsCommand.self]
    )
}

/// `journey config show`: every option after merging, with where each value came from.
struct ConfigShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Print the merged options and, for each, where it came from.",
        discussion: """
        Precedence: flags > JOURNEY_… environment variables > the profile > the SDKs' defaults. \
        Header and query-parameter values are redacted.

        Examples:
          journey config show --profile lab
          JOURNEY_REALM=beta journey config show --profile lab --json
        """
    )

    @OptionGroup(title: "Configuration") var options: ConfigurationOptions
    @Flag(help: "Print one JSON object on stdout.") var json = false

    func run() async throws {
        let resolved = try options.resolve()
        if json {
            Console.json(text: OptionsTable.json(resolved))
        } else {
            Console().result(TerminalString(OptionsTable.text(resolved)))
        }
    }
}
