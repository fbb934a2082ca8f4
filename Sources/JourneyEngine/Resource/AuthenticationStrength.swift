import Foundation
import Orchestrate

/// How strongly and when the person authenticated, as a token's claims say: `auth_level`,
/// `acr`, `amr`, `auth_time`, with the token's `scope`. Read from the access token when it is
/// a JWT, else from the ID token; decoded, not verified: for showing, never for deciding.
public struct AuthenticationStrength: Sendable, Hashable {
    public var authLevel: Int?
    public var acr: String?
    public var amr: [String]
    public var authTime: Date?
    public var scope: String?

    public init(authLevel: Int? = nil, acr: String? = nil, amr: [String] = [], authTime: Date? = nil, scope: String? = nil) {
        self.authLevel = authLevel
        self.acr = acr
        self.amr = amr
        self.authTime = authTime
        self.scope = scope
    }

    /// The claims of the tokens; scope alone when neither token is a JWT.
    public init(_ tokens: OAuthTokens) {
        let claims = TokenClaims.decode(tokens.accessToken) ?? tokens.idToken.flatMap(TokenClaims.decode)
        authLevel = claims?["auth_level"]?.intValue
        acr = claims?["acr"]?.stringValue
        let amr = claims?["amr"]
        self.amr = amr?.arrayValue == nil ? amr?.stringValue.map { [$0] } ?? [] : amr?.stringArray ?? []
        authTime = claims?["auth_time"]?.doubleValue.map(Date.init(timeIntervalSince1970:))
        scope = tokens.scope ?? claims?["scope"]?.stringValue
    }

    /// The claims as `name: value` pairs, in a fixed order; missing ones are left out.
    public var fields: [(name: String, value: String)] {
        var fields: [(String, String)] = []
        if let authLevel { fields.append(("auth_level", String(authLevel))) }
        if let acr { fields.append(("acr", TerminalText.line(acr))) }
        if !amr.isEmpty { fields.append(("amr", ClaimText.list(amr))) }
        if let authTime { fields.append(("auth_time", authTime.formatted(.iso8601))) }
        if let scope { fields.append(("scope", TerminalText.line(scope))) }
        return fields
    }

    /// One line: `auth_level 0 · acr Login · amr pwd · …`.
    public var summary: String {
        fields.isEmpty ? "no claims readable (opaque tokens)" : fields.map { "\($0.name) \($0.value)" }.joined(separator: " · ")
    }

    /// What changed from `old` to this: `auth_level 0 → 2, amr pwd → pwd, otp`; the summary
    /// when nothing did.
    public func changes(from old: AuthenticationStrength) -> String {
        let before = Dictionary(old.fields, uniquingKeysWith: { first, _ in first })
        let changed = fields.filter { before[$0.name] != $0.value }.map { "\($0.name) \(before[$0.name] ?? "–") → \($0.value)" }
        return changed.isEmpty ? "unchanged: \(summary)" : changed.joined(separator: ", ")
    }
}
