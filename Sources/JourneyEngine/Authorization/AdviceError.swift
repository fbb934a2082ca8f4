import Orchestrate
/// Why an advice or an authentication challenge could not be read. Each description names what
/// was wrong; any text from the server in it is neutralised for a terminal and shortened.
public enum AdviceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The input is larger than `AdviceError.maximumInputBytes`; it was not read.
    case tooLarge(what: String, bytes: Int)
    /// Not base64 in either alphabet (standard or URL-safe, padded or not).
    case badBase64(what: String, excerpt: String)
    /// Not JSON, with the parser's reason and offset.
    case notJSON(what: String, JSONParseError)
    /// JSON, but not an object of advices where one was expected.
    case notAnAdviceObject(what: String)
    /// The composite advice XML does not have AM's shape.
    case badXML(reason: String, offset: Int)
    /// An advice type this client does not know.
    case unknownAdviceType(String)
    /// The advices object or XML lists no advice at all.
    case emptyAdviceList(what: String)
    /// An advice without a value.
    case noValues(AdviceType)
    /// An advice value that is not a string (a number, an object …).
    case badValue(AdviceType, found: String)
    /// A required parameter is absent (`advices` of an SSOADVICE challenge, `authIndexValue` …).
    case missingParameter(String, in: String)
    /// A redirect whose `authIndexType` is something else than `composite_advice`.
    case notCompositeAdvice(authIndexType: String?)
    /// A body that carries no advices (no `advices` member, and not an object of advice types).
    case noAdvicesInBody
    /// A `WWW-Authenticate` value without a challenge of this scheme.
    case missingChallenge(String)
    /// A `WWW-Authenticate` value that does not follow RFC 9110 §11's challenge grammar.
    case badChallenge(reason: String, offset: Int)

    /// The most an advice input (a body, a header, a Location, an XML document) may take.
    public static let maximumInputBytes = 64 * 1024

    public var description: String {
        switch self {
        case .tooLarge(let what, let bytes):
            "The \(what) is \(bytes) bytes, more than the \(Self.maximumInputBytes) an advice may take; it was not read."
        case .badBase64(let what, let excerpt):
            "The \(what) is not base64 (standard or URL-safe alphabet): \"\(Self.shown(excerpt))\"."
        case .notJSON(let what, let error):
            "The \(what) is not JSON: \(error.description)."
        case .notAnAdviceObject(let what):
            "The \(what) is not a JSON object of advices (advice type → list of values)."
        case .badXML(let reason, let offset):
            "The composite advice XML cannot be read: \(reason) at byte \(offset)."
        case .unknownAdviceType(let name):
            "\"\(Self.shown(name))\" is not an advice type this client knows (known: "
                + AdviceType.allCases.map(\.rawValue).joined(separator: ", ") + ")."
        case .emptyAdviceList(let what):
            "The \(what) lists no advices."
        case .noValues(let type):
            "The \(type.rawValue) advice has no value."
        case .badValue(let type, let found):
            "A value of the \(type.rawValue) advice is \(found), not a string."
        case .missingParameter(let name, let place):
            "The \(place) has no \(name) parameter."
        case .notCompositeAdvice(let type?):
            "The redirect's authIndexType is \"\(Self.shown(type))\", not composite_advice."
        case .notCompositeAdvice(nil):
            "The redirect has no authIndexType=composite_advice."
        case .noAdvicesInBody:
            "The body has no advices: neither an \"advices\" member nor an object of advice types."
        case .missingChallenge(let scheme):
            "The WWW-Authenticate header has no \(scheme) challenge."
        case .badChallenge(let reason, let offset):
            "The WWW-Authenticate header cannot be read: \(reason) at byte \(offset)."
        }
    }

    /// Refuses an input over the size limit.
    static func checkSize(_ bytes: Int, of what: String) throws(AdviceError) {
        if bytes > maximumInputBytes { throw .tooLarge(what: what, bytes: bytes) }
    }

    /// Server text for a message: one line, safe for a terminal, at most 60 characters.
    static func shown(_ text: String) -> String {
        let line = TerminalText.line(text)
        return line.count > 60 ? String(line.prefix(59)) + "…" : line
    }
}
