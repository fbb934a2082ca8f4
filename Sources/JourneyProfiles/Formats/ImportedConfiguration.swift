import JourneyEngine
import Orchestrate

/// What an SDK configuration file holds, as options: the values it sets, the file's key for
/// each, the keys that set no option, and the values that could not be taken.
public struct ImportedConfiguration: Sendable, Hashable {
    /// The options the file sets, as raw values (checked by ``options()``).
    public var values: [OptionKey: OptionValue] = [:]
    /// The file's key for each option set, for messages.
    public var sourceKeys: [OptionKey: String] = [:]
    /// Keys of the file that map to no option, sorted.
    public var unknownKeys: [String] = []
    /// Values the file holds that were not taken, and why.
    public var notes: [FormatNote] = []

    init() {}

    /// The values checked as a profile's are.
    ///
    /// - Throws: every problem, as ``describe(_:)`` words it with the file's key.
    public func options() throws(ImportProblems) -> ClientOptions {
        do throws(OptionProblems) {
            return try ClientOptions(values: values)
        } catch {
            throw ImportProblems(messages: error.problems.map(describe))
        }
    }

    /// A problem with the file's key in front: `forgerock_timeout: timeout "x" cannot be used: …`.
    public func describe(_ problem: OptionProblem) -> String {
        guard let key = sourceKeys[problem.key], key != problem.key.rawValue else { return problem.description }
        return "\(key): \(problem)"
    }
}

/// Values of an imported file that cannot be used, each naming the file's key.
public struct ImportProblems: Error, Sendable, Hashable, CustomStringConvertible {
    public let messages: [String]

    public var description: String { messages.joined(separator: "\n") }
}
