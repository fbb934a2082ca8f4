import ArgumentParser
import Foundation
import JourneyMaps
import Orchestrate

/// `journey map`: a journey's definition drawn in the terminal, or written as Mermaid, dot or
/// JSON for docs and tools.
struct MapCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "map",
        abstract: "Draw a journey's definition as a map: its nodes, each outcome's edge, its ends.",
        discussion: """
        Definitions are read from journey exports (frodo journey export: one journey or many \
        in a file, or a folder of them) and from AM's file-based configuration (a folder \
        holding authenticationtreesservice). An inner tree is found by name among everything \
        read. Without JOURNEY, the journeys read are listed.

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
        """
    )

    @Argument(help: ArgumentHelp("The journey to draw (its name as AM knows it).", valueName: "journey"))
    var name: String?

    @Option(name: .customLong("journeys"), parsing: .upToNextOption,
            help: ArgumentHelp("Export files or folders to read definitions from (repeatable).", valueName: "path"))
    var paths: [String] = []

    @Option(help: ArgumentHelp("text (the map), mermaid, dot or json (nodes and edges).", valueName: "format"))
    var format: MapFormat = .text

    @Flag(help: "Draw each inner tree the journey runs below it, and theirs in turn.")
    var expand = false

    @Option(help: ArgumentHelp("Columns the map may take (default: the terminal's width; no limit when not a terminal).", valueName: "columns"))
    var width: Int?

    func validate() throws {
        if paths.isEmpty { throw ValidationError("Say where the definitions are: --journeys PATH (an export file or a folder).") }
        if let width, width < 20 { throw ValidationError("--width \(width) is too narrow for a map: give 20 columns or more.") }
    }

    func run() throws {
        let catalog = JourneyCatalog.read(paths: paths)
        for problem in catalog.problems { Console.write("⚠ \(problem.description)\n", to: .standardError) }
        guard let name else {
            try list(catalog)
            return
        }
        guard let journey = catalog.journey(named: name) else {
            let known = catalog.journeys.map(\.name).sorted().joined(separator: ", ")
            Console.write("✗ No journey named \(line: name) in what was read\(known.isEmpty ? "" : " (\(known))").\n", to: .standardError)
            throw ExitStatus.authenticationFailed.code
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
        let documents = journeys.map { format.render($0, width: columns) }
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
    }

    /// The journeys read, a line each: name, nodes, inner trees, where from.
    private func list(_ catalog: JourneyCatalog) throws {
        guard !catalog.journeys.isEmpty else {
            Console.write("✗ No journey definition was found in \(line: paths.joined(separator: ", ")).\n", to: .standardError)
            throw ExitStatus.authenticationFailed.code
        }
        for journey in catalog.journeys.sorted(by: { $0.name < $1.name }) {
            let inner = journey.innerTreeNames.isEmpty ? "" : ", runs \(journey.innerTreeNames.joined(separator: ", "))"
            Console.write("\(line: journey.name)  \(journey.nodes.count) nodes\(line: inner)  (\(line: journey.source))\n", to: .standardOutput)
        }
    }
}

extension MapFormat: ExpressibleByArgument {}
