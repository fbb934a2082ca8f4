import ArgumentParser
import Foundation
import JourneyEngine
import JourneyProfiles
import Orchestrate

/// `journey config import FILE --as NAME`: a profile from the configuration file an app
/// already has.
struct ConfigImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Write a profile from an iOS FRAuthConfig.plist, an Android strings.xml or a JavaScript SDK config (JSON).",
        discussion: """
        The format comes from the file's extension (.plist, .json) or its content (<plist>, \
        <resources>, {…}); --format names it. Only the keys the SDK reads are taken (forgerock_* \
        keys and resources, or the JavaScript SDK's option names), converted to JourneyTerm's \
        options and units; keys that set no option are listed, and so are values the SDK would \
        not read (an Android @string/… reference, a resource of the wrong type). The values are \
        checked before the profile is written. See docs/configuration.md.

        Examples:
          journey config import FRAuthConfig.plist --as lab
          journey config import app/src/main/res/values/strings.xml --as android
          journey config import forgerock-config.json --as web --format js --replace
        """
    )

    @Argument(help: ArgumentHelp("The configuration file.", valueName: "file"))
    var file: String

    @Option(name: .customLong("as"), help: ArgumentHelp("The profile to write.", valueName: "name"))
    var name: String

    @Option(help: ArgumentHelp("plist, strings-xml, js or unified (default: from the file).", valueName: "format"))
    var format: String?

    @Flag(help: "Replace a profile of that name.")
    var replace = false

    func validate() throws {
        try ProfileWriting.check(name: name)
        if let format, SDKFormat(rawValue: format) == nil {
            throw ValidationError("--format must be plist, strings-xml, js or unified, not \(TerminalText.line(format)).")
        }
    }

    func run() async throws {
        guard let contents = FileManager.default.contents(atPath: file) else {
            throw ValidationError("\(file) cannot be read.")
        }
        guard let format = format.flatMap(SDKFormat.init(rawValue:)) ?? SDKFormat.detect(path: file, contents: contents) else {
            throw ValidationError("The format of \(file) is not clear from its name or content: add --format plist, strings-xml, js or unified.")
        }
        let imported: ImportedConfiguration
        do {
            imported = try await format.read(path: file)
        } catch {
            throw ValidationError(error.description)
        }
        do {
            _ = try imported.options()
        } catch {
            let problems = [error.description] + Self.leftOut(imported)
            throw ValidationError("The values of \(file) cannot be used, so no profile was written:\n" + problems.joined(separator: "\n"))
        }
        let written = try ProfileWriting.write(name, values: imported.values, replace: replace)
        let lines = ["Imported \(file) (format: \(format.title))."] + ProfileWriting.summary(written, values: imported.values)
            + Self.leftOut(imported) + [ProfileWriting.nextStep(written)]
        Console().result(TerminalString(lines.joined(separator: "\n")))
    }

    /// The file's keys that set no option, and the values that were not taken.
    private static func leftOut(_ imported: ImportedConfiguration) -> [String] {
        let unknown = imported.unknownKeys.isEmpty ? [] : ["Not imported, no such option: " + imported.unknownKeys.map(TerminalText.line).joined(separator: ", ")]
        return unknown + imported.notes.map { "Not imported: " + TerminalText.line($0.description) }
    }
}
