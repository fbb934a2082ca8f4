import Foundation

/// What tests covered of one journey, as the demo AM records it (`GET /am/demo/coverage`,
/// `journey test --coverage-json`): each node reached or not, each outcome taken or not.
public struct JourneyCoverage: Sendable, Decodable {
    public struct Node: Sendable, Decodable {
        public let id: String
        public let name: String
        public let type: String
        /// The page node it is on, for a page's own node.
        public let page: String?
        public let reached: Bool
    }

    public struct Outcome: Sendable, Decodable {
        public let node: String
        public let name: String
        public let outcome: String
        public let taken: Bool
    }

    public let name: String
    /// The realm it is served in; nil when in every realm.
    public let realm: String?
    public let source: String
    public let nodes: [Node]
    public let outcomes: [Outcome]

    private struct Record: Decodable {
        let journeys: [JourneyCoverage]
    }

    /// The journeys of one record, or of a file of several (`[record, …]`); nil when the data
    /// is neither.
    public static func read(_ data: Data) -> [JourneyCoverage]? {
        let decoder = JSONDecoder()
        if let record = try? decoder.decode(Record.self, from: data) { return record.journeys }
        return (try? decoder.decode([Record].self, from: data))?.flatMap(\.journeys)
    }

    /// The marks that draw it on the journey's map.
    public var marks: MapMarks {
        .coverage(reached: nodes.filter(\.reached).map(\.id),
                  taken: Set(outcomes.filter(\.taken).map { TakenOutcome(node: $0.node, outcome: $0.outcome) }))
    }

    /// A summary line, and a line naming the nodes never reached and one the outcomes never taken.
    public var lines: [String] {
        let reached = nodes.filter(\.reached).count, taken = outcomes.filter(\.taken).count
        var lines = ["\(name)\(realm.map { " (realm \($0))" } ?? ""): nodes \(reached)/\(nodes.count) (\(Self.percent(reached, nodes.count))), "
                     + "outcomes \(taken)/\(outcomes.count) (\(Self.percent(taken, outcomes.count)))"]
        let missed = nodes.filter { !$0.reached }.map { "\($0.name) (\($0.type))" }
        if !missed.isEmpty { lines.append("  never reached: " + missed.joined(separator: ", ")) }
        let untaken = outcomes.filter { !$0.taken }.map { "\($0.name) → \($0.outcome)" }
        if !untaken.isEmpty { lines.append("  never taken: " + untaken.joined(separator: ", ")) }
        return lines
    }

    private static func percent(_ part: Int, _ whole: Int) -> String {
        whole == 0 ? "-" : "\(part * 100 / whole)%"
    }
}
