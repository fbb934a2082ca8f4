import ArgumentParser

extension JourneyCommand {
    /// The command line parsed from the subcommand it names (`journey login …` as `login …`), or
    /// nil when that is not a clean parse.
    ///
    /// Parsed from the root, ArgumentParser also reflects every option of the default subcommand
    /// (`open`) and the named subcommand once more, only to learn that neither takes passthrough
    /// arguments: a third of a login's parse (docs/performance.md). Parsed from the named
    /// subcommand it reflects that command alone. Help, a usage error, a completion-script request
    /// or anything else that is not one of that subcommand's own commands returns nil, and the
    /// caller parses again from the root, so every message names the whole command path as before.
    static func parseNamedSubcommand(_ arguments: [String]) async -> ParsableCommand? {
        guard let name = arguments.first,
              let subcommand = configuration.subcommands.first(where: { $0._commandName == name })
        else { return nil }
        let rest = Array(arguments.dropFirst())
        let parsed: ParsableCommand?
        if let asyncSubcommand = subcommand as? AsyncParsableCommand.Type {
            parsed = try? await asyncSubcommand.asyncParseAsRoot(rest)
        } else {
            parsed = try? subcommand.parseAsRoot(rest)
        }
        guard let parsed, commands(under: subcommand).contains(where: { $0 == type(of: parsed) }) else { return nil }
        return parsed
    }

    /// A command and all the commands under it.
    private static func commands(under command: ParsableCommand.Type) -> [ParsableCommand.Type] {
        [command] + command.configuration.subcommands.flatMap { commands(under: $0) }
    }
}
