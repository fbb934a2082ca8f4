import ArgumentParser
import Foundation
import JourneyEngine
import JourneyProfiles
import Orchestrate

/// `journey config export NAME --format …`: a profile as the configuration file an app takes.
struct ConfigExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a profile as an iOS FRAuthConfig.plist, an Android strings.xml or a JavaScript SDK config (JSON).",
        discussion: """
        The profile's own values (its file; no defaults, JOURNEY_… variables or flags) are \
        written with the SDK's names and units: seconds as text in the plist (the OAuth threshold \
        in whole seconds), whole seconds in Android <integer> resources, milliseconds for \
        JavaScript; {realm} in an endpoint is expanded. An option the profile does not set is \
        left out, so the SDK's own default applies. Options the format cannot hold, and values \
        rounded up to whole seconds, are listed on stderr. See docs/configuration.md.

        Examples:
          journey config export lab --format plist --output FRAuthConfig.plist
          journey config export lab --format strings-xml \\
              > app/src/main/res/values/forgerock.xml
          journey config export lab --format js
        """
    )

    @Argument(help: ArgumentHelp("The profile.", valueName: "name"))
    var name: String

    @Option(help: ArgumentHelp("plist, strings-xml, js or unified.", valueName: "format"))
    var format: String

    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file instead of stdout.", valueName: "file"))
    var output: String?

    func validate() throws {
        guard SDKFormat(rawValue: format) != nil else {
            throw ValidationError("--format must be plist, strings-xml, js or unified, not \(TerminalText.line(format)).")
        }
    }

    func run() async throws {
        guard let format = SDKFormat(rawValue: format) else { return }
        let resolved = try ProfilesCommand.resolve(name)
        let defaulted = Set(resolved.sources.filter { $0.value == .defaultValue }.keys)
        let exported = format.export(resolved.options, defaulted: defaulted)
        let console = Console()
        for note in exported.omitted {
            console.say("Not in the \(format.title): \(TerminalText.line(note.description))")
        }
        guard let output else {
            Console.document(String(decoding: exported.data, as: UTF8.self))
            return
        }
        do {
            try exported.data.write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            throw ValidationError("\(output) cannot be written: \(error.localizedDescription)")
        }
        console.say("Wrote profile \(name) as \(format.title) to \(output).")
    }
}
