import ArgumentParser
import CursesUI
import Foundation
import JourneyApp
import JourneyEngine
import JourneyProfiles
import Orchestrate

/// `journey [--url URL] [--realm R] [--tree T]`: the full-screen UI.
struct OpenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open the full-screen UI (the default command).",
        discussion: """
        Opens a tab on the server and starts the journey; a tab is a stored instance (named after \
        the tab), signed in at once while AM accepts its stored session. Without --url or \
        --profile, the tabs open when journey last quit (the workspace, kept in \
        $XDG_STATE_HOME/journeyterm) open again, or a dialog asks for a server. --workspace NAME \
        keeps several sets of tabs. --preset step-up opens a "standard" and a "transactions" tab \
        sharing one session; --preset multi-user opens tabs "a" and "b", each with its own. \
        Falls back to the line-by-line mode of `journey login` with --plain, TERM=dumb, or \
        without a terminal.

        Examples:
          journey
          journey --url http://127.0.0.1:8180/am --tree Login
          journey --url https://am.example.com/am --realm alpha --tree Login \\
              --name "high-security"
          journey --profile lab --preset step-up
          journey --workspace lab-demo
        """
    )

    @OptionGroup(title: "Configuration") var options: ConfigurationOptions

    @Option(help: ArgumentHelp("The journey (tree) to walk; the profile's authServiceName (Login) when left out.", valueName: "name"))
    var tree: String?

    @Option(help: ArgumentHelp("The tab's name.", valueName: "name"))
    var name: String?

    @Option(help: ArgumentHelp("The set of tabs to reopen and to save on quit.", valueName: "name"))
    var workspace = "default"

    @Option(name: .customLong("journeys"),
            help: ArgumentHelp("A journey export (file or folder) the map pane (M) draws, repeat for more; else JOURNEY_ADMIN_TOKEN reads them from the AM named here.",
                               valueName: "path"))
    var journeyDefinitions: [String] = []

    @Flag(help: "Use the line-by-line mode instead of the full-screen UI.")
    var plain = false

    @OptionGroup var trace: TraceOption

    func run() async throws {
        let layers = options.layers(adding: trace.flags)
        var opened: [ClientProfile] = []
        if layers.effectiveProfileName != nil || layers.flags[.url] != nil
            || EnvironmentOptions.sets(.url, in: layers.environment) {
            let resolved = try options.resolve(adding: trace.flags)
            // A preset opens its instances side by side; otherwise one tab.
            let preset = resolved.options.preset
            let names = name.map { [$0] } ?? (preset == .shared ? [resolved.profileName ?? "tab 1"] : preset.defaultInstances)
            do {
                for tabName in names {
                    opened.append(try ClientProfile(name: tabName, options: resolved.options, profileName: resolved.profileName,
                                                    request: tree.map { JourneyRequest(.journey($0)) }))
                }
            } catch {
                throw ValidationError(error.description)
            }
        }
        let traces = layers.flags[.logLevel]?.value == .text("trace")
        if plain || !Console().isInteractive {
            guard let profile = opened.first else {
                throw ValidationError("The line-by-line mode needs --url or --profile. Example: journey --plain --url https://am.example.com/am --tree Login")
            }
            throw await Self.plainLogin(profile, traces: traces, revealsSecrets: trace.traceSecrets).code
        }
        let adminToken = ProcessInfo.processInfo.environment[MapCommand.adminTokenVariable].flatMap { $0.isEmpty ? nil : $0 }
        let launchServer = opened.first?.server?.baseURL
        let mapReader = journeyDefinitions.isEmpty ? adminToken.map { JourneyMapReaders.adminToken($0, boundTo: launchServer) }
            : JourneyMapReaders.files(journeyDefinitions)
        // The new-tab dialog offers every profile of the file; saving the file re-applies them.
        let catalog = UIProfiles.load(layers, opened: opened.first)
        let store: any RecordStore
        do {
            store = try FileRecordStore()
            if opened.isEmpty { opened = try Workspace.load(named: workspace, from: store)?.profiles ?? [] }
        } catch {
            throw ValidationError(error.description)
        }
        try await UILauncher.launch(profiles: catalog.profiles, open: opened, hint: nil, traces: traces, watching: catalog.watcher,
                                    setting: FullScreen.Setting(store: store, workspace: workspace, readJourneyMap: mapReader)) {
            guard let profile = opened.first else {
                throw ValidationError("This terminal cannot show the full-screen UI, and there is no --url for the line-by-line mode.")
            }
            return await Self.plainLogin(profile, traces: traces, revealsSecrets: trace.traceSecrets)
        }
    }

    private static func plainLogin(_ profile: ClientProfile, traces: Bool, revealsSecrets: Bool) async -> ExitStatus {
        switch profile.kind {
        case .davinci(let flow):
            var login = PlainDaVinciLogin(configuration: flow, transport: HTTPTransports.make(for: profile.options), answers: AnswerBook(),
                                          printsJSON: false, traces: traces)
            login.revealsSecrets = revealsSecrets
            return await login.run()
        case .journey(let server):
            var login = PlainLogin(server: server, transport: HTTPTransports.make(for: profile.options), answers: AnswerBook(),
                                   printsJSON: false, traces: traces)
            login.revealsSecrets = revealsSecrets
            return await login.run(profile.request)
        }
    }
}

/// Starts the full-screen UI, or the given line-by-line fallback when the terminal cannot show it.
enum UILauncher {
    static func launch(profiles: [ClientProfile], open: [ClientProfile], hint: String?, traces: Bool,
                       watching watcher: UIProfiles.Watcher? = nil, setting: FullScreen.Setting,
                       fallback: () async throws -> ExitStatus) async throws {
        let failure: String? = await MainActor.run { () -> String? in
            do throws(CursesUnavailable) {
                try FullScreen.run(profiles: profiles, open: open, hint: hint, traces: traces, watching: watcher, setting: setting)
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
