import JourneyEngine
import Orchestrate

/// A configuration problem with where the value came from: "cookieName "a b" cannot be used:
/// use letters, digits… (profile lab, ~/.config/journeyterm/profiles.yaml:4)".
public struct SourcedProblem: Error, Sendable, Hashable, CustomStringConvertible {
    public let problem: OptionProblem?
    public let source: OptionSource?
    public let message: String

    public init(problem: OptionProblem, source: OptionSource) {
        self.problem = problem
        self.source = source
        message = "\(problem.description) (from \(source))"
    }

    public init(message: String) {
        problem = nil
        source = nil
        self.message = message
    }

    public var description: String { message }
}

/// Every configuration problem found, reported together.
public struct OptionErrors: Error, Sendable, CustomStringConvertible {
    public let problems: [SourcedProblem]

    public init(_ problems: [SourcedProblem]) {
        self.problems = problems
    }

    public var description: String { problems.map(\.description).joined(separator: "\n") }
}
