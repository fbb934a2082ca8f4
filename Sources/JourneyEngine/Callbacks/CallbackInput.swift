import Orchestrate
/// One entry of a callback's `input` array: the name AM gave it (`IDToken1`,
/// `IDToken1validateOnly`, `IDToken8question`…) and the value to send back.
public struct CallbackInput: Sendable, Hashable {
    public let name: String
    public var value: JSONValue

    public init(name: String, value: JSONValue) {
        self.name = name
        self.value = value
    }

    /// The input's role, read from its name: `IDToken3question` → `question`, `IDToken3` → "".
    public var suffix: String {
        guard name.hasPrefix("IDToken") else { return name }
        return String(name.dropFirst("IDToken".count).drop { $0.isNumber })
    }
}
