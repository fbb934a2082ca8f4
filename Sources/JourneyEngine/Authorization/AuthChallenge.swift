/// One challenge of a `WWW-Authenticate` header (RFC 9110 §11.6.1, RFC 7235): its scheme,
/// and either auth-params or a token68.
public struct AuthChallenge: Sendable, Hashable {
    /// The scheme as sent; compare it with `hasScheme(_:)`, which ignores case.
    public let scheme: String
    /// The auth-params, names lower-cased, quoted values unescaped; the first of a repeated name wins.
    public let parameters: [String: String]
    public let token68: String?

    public init(scheme: String, parameters: [String: String] = [:], token68: String? = nil) {
        self.scheme = scheme
        self.parameters = parameters
        self.token68 = token68
    }

    /// Whether this challenge's scheme is `name`, in any case.
    public func hasScheme(_ name: String) -> Bool {
        scheme.equalsIgnoringCase(name)
    }

    /// The parameter with this name, in any case.
    public subscript(parameter name: String) -> String? {
        parameters[name.lowercased()]
    }

    /// Every challenge of one header value, in order (several may share it, comma-separated).
    public static func parse(_ value: String) throws(AdviceError) -> [AuthChallenge] {
        try AdviceError.checkSize(value.utf8.count, of: "WWW-Authenticate header")
        return try ChallengeReader.challenges(in: value)
    }

    /// Every challenge of several header fields, in order; their total size is bounded too.
    public static func parse(fields: [String]) throws(AdviceError) -> [AuthChallenge] {
        try AdviceError.checkSize(fields.reduce(0) { $0 + $1.utf8.count }, of: "WWW-Authenticate header")
        var challenges: [AuthChallenge] = []
        for field in fields { challenges += try ChallengeReader.challenges(in: field) }
        return challenges
    }
}
