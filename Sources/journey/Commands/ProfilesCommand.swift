import ArgumentParser
import Foundation
import JourneyEngine
import JourneyProfiles
import Orchestrate

/// `journey profiles`: the profiles of profiles.yaml.
struct ProfilesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profiles",
        abstract: "List, show, check and edit the profiles of profiles.yaml.",
        discussion: """
        The file is $XDG_CONFIG_HOME/journeyterm/profiles.yaml (JOURNEY_PROFILES names another):
        a map from profile name to options named as the SDKs name them. See docs/configuration.md.
        """,
        subcommands: [List.self, Show.self, Validate.self, Edit.self]
    )

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the profiles with their server and realm (a DaVinci profile: its environment and client), and the problems of any that cannot be used.")

        func run() async throws {
            let document = try ProfilesCommand.document()
            guard !document.profiles.isEmpty else {
                Console().say("No profiles in \(document.path). Add one with journey profiles edit NAME or journey config import.")
                return
            }
            for profile in document.profiles {
                let name = profile.name.padding(toLength: 16, withPad: " ", startingAt: 0)
                do throws(OptionErrors) {
                    let options = try ProfilesCommand.resolve(profile.name, in: document).options
                    let summary = options.kind == .davinci
                        ? "davinci · \(TerminalText.line(options.discoveryEndpoint?.absoluteString ?? "?")) · client \(TerminalText.line(options.clientId ?? "?"))"
                        : "\(TerminalText.line(options.url)) · realm \(TerminalText.line(options.realmText))"
                    Console().result("\(line: name) \(summary)")
                } catch {
                    // A broken profile is listed with its problems; the others are not affected.
                    Console().result("\(line: name) cannot be used:")
                    for problem in error.problems { Console().result("  \(line: problem.description)") }
                }
            }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "Show one profile's options (without environment or flags) and their lines.")

        @Argument(help: "The profile.") var name: String
        @Flag(help: "Print one JSON object on stdout.") var json = false

        func run() async throws {
            let resolved = try ProfilesCommand.resolve(name)
            if json { Console.json(text: OptionsTable.json(resolved)) } else { Console().result(TerminalString(OptionsTable.text(resolved))) }
        }
    }

    struct Validate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "validate", abstract: "Check every profile (or one); exit 64 when any has a problem.")

        @Argument(help: "Only this profile.") var name: String?

        func run() async throws {
            let document = try ProfilesCommand.document()
            var failed = false
            for profile in document.profiles where name == nil || profile.name == name {
                do {
                    _ = try ProfilesCommand.resolve(profile.name, in: document)
                    Console().result("✓ \(line: profile.name)")
                } catch {
                    failed = true
                    Console().result("✗ \(line: profile.name)")
                    for problem in error.problems { Console().result("  \(problem)") }
                }
            }
            if let name, document.profile(named: name) == nil {
                throw ValidationError("There is no profile \"\(name)\" in \(document.path).")
            }
            if failed { throw ExitStatus.usage.code }
        }
    }

    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract: "Open profiles.yaml in $EDITOR at the profile (added when new) and check it on save.",
            discussion: "While `journey` runs, its tabs of the profile take the saved change at once.")

        @Argument(help: "The profile.") var name: String

        func run() async throws {
            guard ProfileName.isValid(name) else { throw ValidationError("\"\(name)\" is not a profile name: \(ProfileName.rule).") }
            let file = ProfilesFile.standard()
            let before = FileManager.default.contents(atPath: file.path)
            let isNew = (try? file.read())?.profile(named: name) == nil
            let line = try ProfilesEditing.ensureProfile(name, in: file)
            let console = Console()
            while true {
                try await ProfilesEditing.openEditor(file.path, line: line)
                let resolved: ResolvedOptions
                do {
                    resolved = try OptionsResolver.resolve(OptionLayers(environment: [:], profileName: name, profilesFile: file))
                } catch {
                    console.say(console.styled("\(error)", .red))
                    guard console.isInteractive, let reply = console.ask("Edit again? [Y/n] "), !reply.lowercased().hasPrefix("n") else {
                        throw ExitStatus.usage.code
                    }
                    continue
                }
                // A new profile left with the example address was not set up: it is not kept.
                if isNew, resolved.options.url == ProfilesEditing.placeholderURL {
                    do throws(ProfilesWriteError) { try ProfilesWriter(file: file).restore(before) } catch { throw ValidationError(error.description) }
                    console.say(console.styled("Nothing was set up: the new profile \(name) still had the example address \(ProfilesEditing.placeholderURL), so it is not kept (\(file.path) is as it was).", .red))
                    throw ExitStatus.usage.code
                }
                console.say("✓ \(name) is valid (\(file.path)).")
                return
            }
        }
    }

    static func document() throws -> ProfilesDocument {
        do {
            return try ProfilesFile.standard().read()
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// The profile's own options: the file's values and the defaults, without the environment.
    static func resolve(_ name: String) throws -> ResolvedOptions {
        do {
            return try OptionsResolver.resolve(OptionLayers(environment: [:], profileName: name, profilesFile: .standard()))
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// The same from the file as already read: `list` and `validate` read it once for all profiles.
    static func resolve(_ name: String, in document: ProfilesDocument) throws(OptionErrors) -> ResolvedOptions {
        try OptionsResolver.resolve(OptionLayers(environment: [:], profileName: name, profilesFile: .standard()), in: document)
    }
}
