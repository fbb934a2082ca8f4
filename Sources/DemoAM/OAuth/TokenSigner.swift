import Crypto
import Foundation
import JWTKit

/// Signs the demo AM's access and ID tokens with ES256 and a P-256 key made when the server
/// starts, and reads them back. The public key is published as a JWKS whose `kid` is the key's
/// RFC 7638 thumbprint; every token's header names it.
struct TokenSigner: Sendable {
    /// The key's `kid`.
    let keyId: String
    /// `{"keys":[…]}` with the public key.
    let jwks: JSONValue
    private let keys: JWTKeyCollection

    init() async {
        let key = P256.Signing.PrivateKey()
        let point = key.publicKey.x963Representation  // 0x04 ‖ x ‖ y
        let x = Data(point[1..<33]).base64URLEncoded
        let y = Data(point[33..<65]).base64URLEncoded
        let thumbprintInput = #"{"crv":"P-256","kty":"EC","x":"\#(x)","y":"\#(y)"}"#
        keyId = Data(SHA256.hash(data: Data(thumbprintInput.utf8))).base64URLEncoded
        jwks = .object([("keys", .array([.object([
            ("kty", "EC"), ("kid", .string(keyId)), ("use", "sig"), ("alg", "ES256"), ("crv", "P-256"), ("x", .string(x)), ("y", .string(y)),
        ])]))])
        // Cannot fail: the raw form of a freshly made P-256 key is always a valid ES256 key.
        keys = await JWTKeyCollection().add(
            ecdsa: try! ES256PrivateKey(backing: key), kid: JWKIdentifier(string: keyId),
            serializer: DefaultJWTSerializer(jsonEncoder: ClaimsEncoder())
        )
    }

    /// The signed JWT.
    func sign(_ claims: JWTClaims) async throws(OAuthError) -> String {
        do {
            return try await keys.sign(claims, kid: JWKIdentifier(string: keyId))
        } catch {
            throw .serverError("The token could not be signed")
        }
    }

    /// The claims of a token this server signed; `nil` when it is malformed or its signature is wrong.
    func claims(of token: String) async -> JWTClaims? {
        try? await keys.verify(token, as: JWTClaims.self)
    }
}

/// Writes ``JWTClaims`` with ``JSONValue/serialized``, so a token's claims keep their order and
/// its URLs their plain `/`; anything else (the header) with `JSONEncoder`.
private struct ClaimsEncoder: JWTJSONEncoder {
    func encode<T: Encodable>(_ value: T) throws -> Data {
        if let claims = value as? JWTClaims {
            return Data(claims.json.serialized.utf8)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        return try encoder.encode(value)
    }
}
