import Orchestrate

/// Why a journey definition cannot be used: the file (or address) it came from, the journey and
/// node when the problem is in one, and what is wrong, in words. Every part is neutralised for
/// the terminal: a path or a server's text may hold escape sequences.
public struct DefinitionProblem: Error, Sendable, Equatable, CustomStringConvertible {
    public let source: String
    public let journey: String?
    public let node: String?
    public let problem: String
    /// The HTTP status a live AM answered with, when that is the problem.
    let status: Int?

    public init(source: String, journey: String? = nil, node: String? = nil, problem: String) {
        self.init(source: source, journey: journey, node: node, problem: problem, status: nil)
    }

    init(source: String, journey: String? = nil, node: String? = nil, problem: String, status: Int?) {
        self.source = TerminalText.line(source)
        self.journey = journey.map(TerminalText.line)
        self.node = node.map(TerminalText.line)
        self.problem = TerminalText.line(problem)
        self.status = status
    }

    public var description: String {
        var place = source
        if let journey { place += ": journey \(journey)" }
        if let node { place += ", node \(node)" }
        return "\(place): \(problem)"
    }
}
