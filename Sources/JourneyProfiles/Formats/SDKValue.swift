/// A value as an SDK configuration file holds it, before it becomes an option: text, a number,
/// a boolean or a list of text. Each format's keys map to and from these.
public enum SDKValue: Sendable, Hashable {
    case text(String)
    case number(Double)
    case bool(Bool)
    case list([String])

    /// What the value is, for messages: "text", "a number", …
    var kindDescription: String {
        switch self {
        case .text: "text"
        case .number: "a number"
        case .bool: "a boolean"
        case .list: "a list"
        }
    }
}
