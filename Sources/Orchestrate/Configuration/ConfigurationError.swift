/// A configuration value that cannot be used, with what is wrong and what would be right.
public enum ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    case invalidURL(String, reason: String)
    case invalidRealm(String, reason: String)
    case invalidValue(name: String, value: String, reason: String)

    /// What is wrong, without the value.
    public var reason: String {
        switch self {
        case .invalidURL(_, let reason), .invalidRealm(_, let reason), .invalidValue(_, _, let reason): reason
        }
    }

    public var description: String {
        switch self {
        case .invalidURL(let url, let reason):
            "The server URL \"\(TerminalText.line(url))\" cannot be used: \(reason). Expected something like https://am.example.com/am"
        case .invalidRealm(let realm, let reason):
            "The realm \"\(TerminalText.line(realm))\" cannot be used: \(reason). Expected something like alpha or /parent/child"
        case .invalidValue(let name, let value, let reason):
            "The \(name) \"\(TerminalText.line(value))\" cannot be used: \(reason)"
        }
    }
}
