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

/// Every problem found in a set of option values.
public struct OptionProblems: Error, Sendable, Hashable, CustomStringConvertible {
    public let problems: [OptionProblem]

    public init(_ problems: [OptionProblem]) {
        self.problems = problems
    }

    public var description: String { problems.map(\.description).joined(separator: "\n") }
}

/// Options kept as their raw values by option name (an instance's record, a saved workspace),
/// the format every version has written; checked again when read back.
extension OptionValue {
    /// The values of `keys` in a kept dictionary; other names are left out.
    public static func decodeValues(of keys: [OptionKey], from decoder: any Decoder) throws -> [OptionKey: OptionValue] {
        let raw = try decoder.singleValueContainer().decode([String: OptionValue].self)
        return Dictionary(uniqueKeysWithValues: keys.compactMap { key in raw[key.rawValue].map { (key, $0) } })
    }

    public static func encode(_ values: [OptionKey: OptionValue], to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Dictionary(uniqueKeysWithValues: values.map { ($0.key.rawValue, $0.value) }))
    }
}
