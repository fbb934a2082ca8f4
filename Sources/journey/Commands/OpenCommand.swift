import ArgumentParser
import CursesUI
import Foundation
import JourneyApp
import JourneyEngine
import JourneyProfiles

/// `journey [--url URL] [--realm R] [--tree T]`: the full-screen UI.
struct OpenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open the full-screen UI (the default command).",
        discussion: """
        Opens a tab on the server and starts the journey. Without --url, a dialog asks for one.
        Falls back to the line-by-line mode of `journey login` with --plain, TERM=dumb, or
        without a terminal.

        Examples:
          journey --url http://127.0.0.1:8180/am --tree Login
          journey --url https://am.example.com/am --realm alpha --tree Login --name "high-security"
          journey --profile lab
        """
    )

    @OptionGroup(title: "Configuration") var options: ConfigurationOptions

    @Option(help: ArgumentHelp("The journey (tree) to walk; the profile's authServiceName (Login) when left out.", valueName: "name"))
    var tree: String?

    @Option(help: ArgumentHelp("The tab's name.", valueName: "name"))
    var name: String?

    @Flag(help: "Use the line-by-line mode instead of the full-screen UI.")
    var plain = false

    @OptionGroup var trace: TraceOption

    func run() async throws {
        var profiles: [ClientProfile] = []
        let layers = options.layers(adding: trace.flags)
        if layers.effectiveProfileName != nil || layers.flags[.url] != nil
            || layers.environment[EnvironmentOptions.variable(for: .url)] != nil {
            let resolved = try await options.resolve(adding: trace.flags)
            let server: ServerConfiguration
            let oauth: OAuthConfiguration?
            do {
                server = try resolved.options.serverConfiguration()
                oauth = try resolved.options.oauthConfiguration()
            } catch {
                throw ValidationError(error.description)
            }
            profiles.append(ClientProfile(name: name ?? resolved.profileName ?? "tab 1", server: server,
                                          request: JourneyRequest(.journey(tree ?? resolved.options.authServiceName)), oauth: oauth,
                                          transport: HTTPTransports.make(for: resolved.options)))
        }
        let traces = layers.flags[.logLevel]?.value == .text("trace")
        if plain || !Console().isInteractive {
            guard let profile = profiles.first else {
                throw ValidationError("The line-by-line mode needs --url. Example: journey --plain --url https://am.example.com/am --tree Login")
            }
            throw await PlainLogin(server: profile.server, transport: profile.transport ?? AsyncHTTPTransport(), answers: AnswerBook(),
                                   printsJSON: false, traces: traces)
                .run(profile.request).code
        }
        try await UILauncher.launch(profiles: profiles, open: profiles, hint: nil, traces: traces) {
            guard let profile = profiles.first else {
                throw ValidationError("This terminal cannot show the full-screen UI, and there is no --url for the line-by-line mode.")
            }
            return await PlainLogin(server: profile.server, transport: profile.transport ?? AsyncHTTPTransport(), answers: AnswerBook(),
                                    printsJSON: false, traces: traces)
                .run(profile.request)
        }
    }
}

/// Starts the full-screen UI, or the given line-by-line fallback when the terminal cannot show it.
enum UILauncher {
    static func launch(profiles: [ClientProfile], open: [ClientProfile], hint: String?, traces: Bool,
                       fallback: () async throws -> ExitStatus) async throws {
        let failure: String? = await MainActor.run { () -> String? in
            do throws(CursesUnavailable) {
                try FullScreen.run(profiles: profiles, open: open, hint: hint, traces: traces)
                return nil
            } catch {
                return error.description
            }
        }
        guard let failure else { return }
        Console().say("journey: \(failure) Using the line-by-line mode.")
        throw try await fallback().code
    }
}
