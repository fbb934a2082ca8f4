import Orchestrate

/// Compares the claims of a sign-in's tokens with `expect.claims`: the ID token's claims first,
/// then the access token's (when it is a JWT) for those it lacks.
enum ClaimCheck {
    static func failures(_ expected: [(name: String, value: ExpectedClaim)], tokens: OAuthTokens?) -> [TestFailure] {
        guard !expected.isEmpty else { return [] }
        guard let tokens else {
            return [TestFailure(step: nil, expectation: "claims", expected: "tokens to read claims from",
                                got: "no OAuth client (set oauthClientId, oauthRedirectUri and oauthScope)")]
        }
        var claims: JSONObject = [:]
        for token in [tokens.idToken, tokens.accessToken].compactMap({ $0 }) {
            for (name, value) in TokenClaims.decode(token)?.objectValue ?? [:] where claims[name] == nil { claims[name] = value }
        }
        return expected.compactMap { name, expected in
            let actual = claims[name]
            let matches: Bool = switch expected {
            case .value(let value): actual.map(text) == value
            case .list(let items): actual?.arrayValue.map { Set($0.map(text)) == Set(items) && $0.count == items.count } ?? false
            }
            guard !matches else { return nil }
            return TestFailure(step: nil, expectation: "claims.\(name)", expected: expected.description,
                               got: actual.map { TerminalText.line(shown($0)) } ?? "(no such claim)")
        }
    }

    /// A claim as a test file writes it: text as it is, numbers and booleans as written.
    private static func text(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): text
        case .int(let number): String(number)
        case .double(let number): number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
        case .bool(let flag): String(flag)
        default: shown(value)
        }
    }

    private static func shown(_ value: JSONValue) -> String {
        if case .array(let items) = value { return "[" + items.map(text).joined(separator: ", ") + "]" }
        if case .string(let text) = value { return text }
        return value.terminalSafeJSONText
    }
}
