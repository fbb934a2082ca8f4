import ArgumentParser
import Foundation
import JourneyMaps
import JourneyProfiles
import Orchestrate

/// `journey map`: a journey's definition drawn in the terminal, or written as Mermaid, dot or
/// JSON for docs and tools.
struct MapCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "map",
        abstract: "Draw a journey's definition as a map: its nodes, each outcome's edge, its ends.",
        discussion: """
        Definitions are read from journey exports (frodo journey export: one journey or many \
        in a file, or a folder of them) and from AM's file-based configuration (a folder \
        holding authenticationtreesservice). Without --journeys they are read from the live AM \
        of the instance (--instance, --profile, --url) through AM's admin REST API: with the \
        instance's SSO session, which must be an administrator's (sign in as amadmin first), \
        or with an access token in JOURNEY_ADMIN_TOKEN (an Identity Cloud service account's). \
        An inner tree is found by name among everything read. Without JOURNEY, the journeys \
        read are listed.

        The map is drawn in layers from the start: each node a box with its name and type, a \
        page node's nodes inside it, each outcome an edge from its label on the box's bottom \
        edge, Success and Failure as ends below what leads to them, and a retry as a lane on \
        the right going up. It is drawn as wide as the terminal allows (--width).

        Exit codes: 0 drawn (or listed); 1 the journey is not among those read, or its \
        definition is broken (the file, the node and the problem are said); 64 bad usage.

        Examples:
          journey map Login --journeys exports/Login.journey.json
          journey map Login --journeys exports/ --expand
          journey map Login --journeys exports/ --format mermaid > docs/login.md
          journey map --journeys forgeops/config/services/realm/root
          journey login --url http://127.0.0.1:8180/am --instance admin \\
              --answer "User Name=amadmin" --answer Password=Admin-pass1
          journey map Login --instance admin --expand
        """
    )

    @Argument(help: ArgumentHelp("The journey to draw (its name as AM knows it).", valueName: "journey"))
    var name: String?

    /// One path per flag, so the journey's name may follow it (`--journeys exports/ Login`).
    @Option(name: .customLong("journeys"),
            help: ArgumentHelp("An export file or folder to read definitions from (repeat for more); without it, the instance's AM.", valueName: "path"))
    var paths: [String] = []

    @Option(help: ArgumentHelp("text (the map), mermaid, dot or json (nodes and edges).", valueName: "format"))
    var format: MapFormat = .text

    @Flag(help: "Draw each inner tree the journey runs below it, and theirs in turn.")
    var expand = false

    @Option(help: ArgumentHelp("Columns the map may take (default: the terminal's width; no limit when not a terminal).", valueName: "columns"))
    var width: Int?

    @Option(help: ArgumentHelp("Mark what tests covered: a file journey test --coverage-json wrote (nodes reached ✓, and a line of what was not).",
                               valueName: "file"))
    var coverage: String?

    @OptionGroup(title: "Storage") var instance: InstanceOptions
    @OptionGroup(title: "Configuration") var options: ConfigurationOptions
    @OptionGroup var trace: TraceOption

    /// The variable that holds an administrator's access token for a live AM.
    static let adminTokenVariable = "JOURNEY_ADMIN_TOKEN"

    func validate() throws {
        if let width, width < 20 { throw ValidationError("--width \(width) is too narrow for a map: give 20 columns or more.") }
        if coverage != nil, format != .text { throw ValidationError("--coverage marks the text map: leave --format out, or give --format text.") }
    }

    func run() async throws {
        let covered = try coverage.map(Self.readCoverage)
        // A profile's (or the environment's) `journeys` option stands in for --journeys.
        let layers = options.layers()
        let named = layers.effectiveProfileName != nil || EnvironmentOptions.setsOptions(layers.environment)
        let configured = named ? (try? ConfigurationOptions.resolve(layers))?.options.journey.journeyDefinitions ?? [] : []
        let paths = self.paths.isEmpty ? configured : self.paths
        if paths.isEmpty {
            let status = await InstanceCommand.run(options, instance, trace, use: "read journey definitions with") { session, _ in
                let token = ProcessInfo.processInfo.environment[Self.adminTokenVariable].flatMap { $0.isEmpty ? nil : $0 }
                let credential: LiveAM.Credential
                if let token {
                    credential = .bearer(token)
                } else if let ssoToken = try session.session?.success.tokenId {
                    credential = .ssoToken(header: session.server.cookieName, token: ssoToken)
                } else {
                    throw InstanceProblem("The instance \"\(session.instance.name)\" holds no session to read journey definitions with. "
                                          + "Sign in as an administrator (journey login --instance \(session.instance.name)), or set \(Self.adminTokenVariable).",
                                          status: .notSignedIn)
                }
                let am = LiveAM(trees: session.server.jsonEndpoint(LiveAM.treesEndpoint), credential: credential,
                                transport: session.transport, timeout: session.server.timeout)
                return draw(await LiveAMReader.catalog(am, journey: name), from: [], covered: covered)
            }
            throw status.code
        }
        let status = draw(JourneyCatalog.read(paths: paths), from: paths, covered: covered)
        if status != .signedIn { throw status.code }
    }

    /// Draws (or lists) from what was read; the problems first, on standard error.
    /// `covered`: what tests covered (`--coverage`), marked on the maps of its journeys.
    private func draw(_ catalog: JourneyCatalog, from paths: [String], covered: [JourneyCoverage]?) -> ExitStatus {
        // Drawing one journey, the problems of journeys it does not run are not this run's.
        var relevant: Set<String> = name.map { [$0.lowercased()] } ?? []
        if let name, let journey = catalog.journey(named: name) {
            let inner = catalog.innerTrees(of: journey)
            relevant.formUnion((inner.found.map(\.name) + inner.missing).map { $0.lowercased() })
        }
        for problem in catalog.problems where name == nil || problem.journey == nil || relevant.contains(problem.journey?.lowercased() ?? "") {
            Console.write("⚠ \(problem.description)\n", to: .standardError)
        }
        let repeated = catalog.passedOver.filter { name == nil || $0.name == catalog.journey(named: name!)?.name }
        if !repeated.isEmpty {
            let names = Set(repeated.map(\.name)).sorted()
            let said: TerminalString = name == nil
                ? "ℹ \(names.count) journeys are defined more than once (\(line: names.prefix(5).joined(separator: ", "))\(names.count > 5 ? ", …" : "")): the first definition read is used. Name one file or folder to pick another.\n"
                : "ℹ \(line: names[0]) is defined again in \(repeated.count) later file(s), the first \(line: repeated[0].source): the first definition read is used. Name one file or folder to pick another.\n"
            Console.write(said, to: .standardError)
        }
        guard let name else { return list(catalog, from: paths) }
        guard let journey = catalog.journey(named: name) else {
            let known = catalog.journeys.map(\.name).sorted().joined(separator: ", ")
            Console.write("✗ No journey named \(line: name) in what was read\(known.isEmpty ? "" : " (\(known))").\n", to: .standardError)
            return .authenticationFailed
        }
        let columns = width ?? Console.Stream.standardOutput.columns ?? .max
        var journeys = [journey]
        if expand {
            let inner = catalog.innerTrees(of: journey)
            journeys += inner.found
            for missing in inner.missing {
                Console.write("⚠ \(journey.name) runs the journey \(line: missing), which is not among those read.\n", to: .standardError)
            }
        }
        for journey in journeys {
            for line in covered?.first(where: { $0.name == journey.name })?.lines ?? [] {
                Console.write("\(line: line)\n", to: .standardOutput)
            }
        }
        let documents = journeys.map { journey in
            format.render(journey, width: columns, marks: covered?.first { $0.name == journey.name }?.marks ?? .none)
        }
        switch format {
        case .text:
            let titled = zip(journeys, documents).enumerated().map { index, pair in
                index == 0 ? pair.1 : "\nInner tree \(pair.0.name) (run by \(journey.name)):\n\n" + pair.1
            }
            Console.write(TerminalString(titled.joined(separator: "\n") + "\n"), to: .standardOutput)
        case .json:
            Console.write(TerminalString(expand ? "[" + documents.joined(separator: ",") + "]\n" : documents[0] + "\n"), to: .standardOutput)
        case .mermaid, .dot:
            Console.write(TerminalString(documents.joined(separator: "\n")), to: .standardOutput)
        }
        return .signedIn
    }

    /// The journeys read, a line each: name, nodes, inner trees, where from.
    private func list(_ catalog: JourneyCatalog, from paths: [String]) -> ExitStatus {
        guard !catalog.journeys.isEmpty else {
            let source = paths.isEmpty ? "the instance's AM" : paths.joined(separator: ", ")
            Console.write("✗ No journey definition was found in \(line: source).\n", to: .standardError)
            return .authenticationFailed
        }
        for journey in catalog.journeys.sorted(by: { $0.name < $1.name }) {
            let inner = journey.innerTreeNames.isEmpty ? "" : ", runs \(journey.innerTreeNames.joined(separator: ", "))"
            Console.write("\(line: journey.name)  \(journey.nodes.count) nodes\(line: inner)  (\(line: journey.source))\n", to: .standardOutput)
        }
        return .signedIn
    }
}

extension MapFormat: ExpressibleByArgument {}
