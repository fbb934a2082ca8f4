import ArgumentParser
import CursesUI
import Foundation
import JourneyApp
import JourneyEngine

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
        """
    )

    @Option(help: ArgumentHelp("AM's deployment URL, up to its context path.", valueName: "url"))
    var url: String?

    @Option(help: ArgumentHelp("Realm: alpha, /alpha, root/alpha or /parent/child.", valueName: "realm"))
    var realm: String = "root"

    @Option(help: ArgumentHelp("The journey (tree) to walk.", valueName: "name"))
    var tree: String?

    @Option(help: ArgumentHelp("The tab's name.", valueName: "name"))
    var name: String?

    @Option(help: ArgumentHelp("Name of AM's SSO cookie.", valueName: "name"))
    var cookieName: String = ServerConfiguration.defaultCookieName

    @Option(help: ArgumentHelp("Seconds to wait for each response.", valueName: "seconds"))
    var timeout: Double = 30

    @OptionGroup(title: "OAuth 2.0") var oauth: OAuthOptions

    @Flag(help: "Use the line-by-line mode instead of the full-screen UI.")
    var plain = false

    @Flag(help: "Trace requests and responses (redacted) on stderr; use with --plain.")
    var trace = false

    func run() async throws {
        var profiles: [ClientProfile] = []
        if let url {
            let server = try ServerOptions.configuration(
                url: url, realm: realm, cookieName: cookieName, timeout: timeout, locale: nil)
            profiles.append(ClientProfile(name: name ?? "tab 1", server: server, request: JourneyRequest(.journey(tree)),
                                          oauth: try oauth.configuration()))
        }
        if plain || !Console().isInteractive {
            guard let profile = profiles.first else {
                throw ValidationError("The line-by-line mode needs --url. Example: journey --plain --url https://am.example.com/am --tree Login")
            }
            throw await PlainLogin(server: profile.server, answers: AnswerBook(), printsJSON: false, traces: trace)
                .run(profile.request).code
        }
        try await UILauncher.launch(profiles: profiles, open: profiles, hint: nil, traces: trace) {
            guard let profile = profiles.first else {
                throw ValidationError("This terminal cannot show the full-screen UI, and there is no --url for the line-by-line mode.")
            }
            return await PlainLogin(server: profile.server, answers: AnswerBook(), printsJSON: false, traces: trace)
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
