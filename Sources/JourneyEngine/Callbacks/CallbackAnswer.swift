/// A value a person (or an answers file) gives a callback. `Callback.answer(_:)` checks that the
/// answer fits the callback's kind and writes it into the right input with the wire type AM
/// expects (strings for text, integers for choices, booleans for flags, numbers for numbers).
public enum CallbackAnswer: Sendable, Hashable {
    case text(String)
    /// An index into a Choice's `choices` or a Confirmation's options.
    case index(Int)
    case bool(Bool)
    case number(Double)
    /// A security question (predefined or the person's own) and its answer.
    case kba(question: String, answer: String)
    /// The SDKs' way of telling a node that the client cannot do what it asks
    /// (`Unsupported`, `Abort`…), so the journey can take its fallback path.
    case clientError(String)
    /// Ask AM to validate the page's policies without advancing (`IDToken<N>validateOnly`).
    case validateOnly(Bool)
    /// A token from a social provider and its type (`IdPCallback`: one of
    /// ``IdPCallback/tokenTypes``).
    case providerToken(String, type: String)
}

/// Why an answer could not be applied to a callback.
public enum AnswerError: Error, Sendable, Hashable, CustomStringConvertible {
    case notApplicable(callbackType: String, answer: String)
    case outOfRange(index: Int, count: Int)
    case noInput(callbackType: String, role: String)

    public var description: String {
        switch self {
        case .notApplicable(let type, let answer): "\(type) does not take \(answer)"
        case .outOfRange(let index, let count): "choice \(index) is out of range (there are \(count) options, numbered from 0)"
        case .noInput(let type, let role): "\(type) has no \(role.isEmpty ? "value" : role) input"
        }
    }
}
