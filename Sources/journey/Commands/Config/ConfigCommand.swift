import ArgumentParser
import Foundation
import JourneyEngine
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
        Header and query-parameter values are redacted. What it shows is what a command with the \
        same flags uses: with neither a server nor a profile named, that is the instance as it \
        last ran (--instance, default "default"), each such value said to be kept by it. With \
        nothing at all, it lists the defaults a profile starts from and what it still needs.

        Examples:
          journey config show --profile lab
          JOURNEY_REALM=beta journey config show --profile lab --json
          journey config show --instance second
        """
    )

    @OptionGroup(title: "Configuration") var options: ConfigurationOptions
    @OptionGroup var instance: InstanceOptions
    @Flag(help: "Print one JSON object on stdout.") var json = false

    func run() async throws {
        // The instance's record, as a run of it would read it; one that cannot be read adds nothing.
        let record = (try? ClientInstance(name: instance.instance, backend: try FileRecordStore()).profile()) ?? nil
        let layers = InstanceStart.layers(options.layers(), instance: instance.instance, record: record)
        let resolved: ResolvedOptions
        do {
            resolved = try ConfigurationOptions.resolve(layers)
        } catch let error as ValidationError where layers.effectiveProfileName == nil && layers.flags.isEmpty && !EnvironmentOptions.setsOptions(layers.environment) {
            // Nothing named yet: what a profile starts from, and what it still needs.
            if json {
                Console.json(text: OptionsTable.defaultsJSON(missing: error.message))
            } else {
                Console().result(TerminalString(OptionsTable.defaultsText(missing: error.message)))
            }
            return
        }
        if json {
            Console.json(text: OptionsTable.json(resolved))
        } else {
            Console().result(TerminalString(OptionsTable.text(resolved)))
        }
    }
}
