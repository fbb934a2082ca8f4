import Orchestrate
/// An option's value as written in a profile, a variable, a flag or a form, before it is
/// checked: text, or a list for the options that take several values.
public enum OptionValue: Sendable, Hashable, Codable, CustomStringConvertible {
    case text(String)
    case list([String])

    public var description: String {
        switch self {
        case .text(let text): text
        case .list(let items): items.joined(separator: ", ")
        }
    }

    /// The items of a list; text is one item (an empty text none).
    public var items: [String] {
        switch self {
        case .text(let text): text.isEmpty ? [] : [text]
        case .list(let items): items
        }
    }
}

/// A value that cannot be used for an option, and why.
public struct OptionProblem: Error, Sendable, Hashable, CustomStringConvertible {
    public let key: OptionKey
    public let value: String
    public let reason: String

    public init(_ key: OptionKey, value: String, reason: String) {
        self.key = key
        self.value = value
        self.reason = reason
    }

    public var description: String {
        "\(key.rawValue) \"\(TerminalText.line(value))\" cannot be used: \(reason)"
    }
}
