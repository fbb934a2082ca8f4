import JWTKit

/// The claims of a JWT the demo AM signs, as an ordered JSON object, so access tokens, ID tokens
/// and `userinfo` share one way of writing claims (``TokenSigner`` writes them in order).
struct JWTClaims: JWTPayload {
    let json: JSONValue

    init(_ members: [(key: String, value: JSONValue)]) {
        json = .object(members)
    }

    init(from decoder: any Decoder) throws {
        json = try JSONValue(from: decoder)
    }

    func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }

    /// Nothing beyond the signature: whether an access token is live is ``OAuthStore``'s record,
    /// and `endSession` takes an expired ID token as a hint, as OIDC allows.
    func verify(using algorithm: some JWTAlgorithm) {}

    subscript(key: String) -> JSONValue? {
        json[key]
    }
}
