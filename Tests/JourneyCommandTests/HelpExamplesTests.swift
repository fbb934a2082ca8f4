import ArgumentParser
@testable import journey
import Testing

/// Every command's `--help` as an 80-column terminal shows it: its examples are whole commands,
/// so a copied line runs (a long one is continued with a backslash, never wrapped by the help).
struct HelpExamplesTests {
    /// Every command and subcommand, depth first.
    static func commands(_ root: any ParsableCommand.Type = JourneyCommand.self) -> [any ParsableCommand.Type] {
        [root] + root.configuration.subcommands.flatMap { commands($0) }
    }

    @Test(arguments: commands().map { ObjectIdentifier($0) })
    func examplesAreNeverWrapped(_ id: ObjectIdentifier) throws {
        let command = try #require(Self.commands().first { ObjectIdentifier($0) == id })
        let help = JourneyCommand.helpMessage(for: command, columns: 80)
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasSuffix("Examples:") }) else { return }
        var continues = false
        for line in lines[(start + 1)...] {
            if line.trimmingCharacters(in: .whitespaces).isEmpty { break }
            // A command starts at two spaces, a continuation (after a backslash) at six.
            let indent = line.prefix { $0 == " " }.count
            #expect(continues ? indent == 6 : indent == 2, "\(command._commandName): \"\(line)\" is cut from the line before")
            #expect(line.count <= 80, "\(command._commandName): \"\(line)\" is longer than 80 columns")
            continues = line.hasSuffix("\\")
        }
    }
}
