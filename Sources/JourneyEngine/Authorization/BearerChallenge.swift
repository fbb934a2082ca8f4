/// A `Bearer` challenge read as RFC 6750 §3 and RFC 9470 define its parameters.
public struct BearerChallenge: Sendable, Hashable {
    /// RFC 9470: the token's authentication is not strong or recent enough.
    public static let insufficientUserAuthentication = "insufficient_user_authentication"
    /// RFC 6750: the token lacks a scope the resource needs.
    public static let insufficientScope = "insufficient_scope"
    /// RFC 6750: the token is expired, revoked, malformed or otherwise refused.
    public static let invalidToken = "invalid_token"

    public var realm: String?
    /// The `error` code; nil for a bare challenge (no token was sent, or it was not one).
    public var error: String?
    public var errorDescription: String?
    /// `scope`: the scopes the resource needs, space-separated on the wire.
    public var scope: [String]
    /// `acr_values` (RFC 9470): the authentication context classes to reach, in order of preference.
    public var acrValues: [String]
    /// `max_age` (RFC 9470): the most seconds since the user last authenticated; nil when absent
    /// or not a non-negative integer.
    public var maxAge: Int?

    public init(realm: String? = nil, error: String? = nil, errorDescription: String? = nil,
                scope: [String] = [], acrValues: [String] = [], maxAge: Int? = nil) {
        self.realm = realm
        self.error = error
        self.errorDescription = errorDescription
        self.scope = scope
        self.acrValues = acrValues
        self.maxAge = maxAge
    }

    /// The challenge's Bearer parameters; nil when its scheme is not Bearer.
    public init?(_ challenge: AuthChallenge) {
        guard challenge.hasScheme("Bearer") else { return nil }
        self.init(realm: challenge[parameter: "realm"],
                  error: challenge[parameter: "error"],
                  errorDescription: challenge[parameter: "error_description"],
                  scope: Self.words(challenge[parameter: "scope"]),
                  acrValues: Self.words(challenge[parameter: "acr_values"]),
                  maxAge: challenge[parameter: "max_age"].flatMap { Int($0) }.flatMap { $0 >= 0 ? $0 : nil })
    }

    private static func words(_ value: String?) -> [String] {
        value?.split(separator: " ", omittingEmptySubsequences: true).map(String.init) ?? []
    }
}
