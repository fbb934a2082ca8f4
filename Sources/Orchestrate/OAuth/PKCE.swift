import Crypto
import Foundation

/// Proof Key for Code Exchange (RFC 7636, S256), with the `state` and `nonce` of one authorize.
public struct PKCE: Sendable, Hashable {
    public let verifier: String
    public let state: String
    public let nonce: String

    public init(verifier: String, state: String, nonce: String) {
        self.verifier = verifier
        self.state = state
        self.nonce = nonce
    }

    /// Fresh random values: a 64-byte verifier, 32-byte state and nonce, base64url.
    public static func generate() -> PKCE {
        PKCE(verifier: randomBase64URL(bytes: 64), state: randomBase64URL(bytes: 32), nonce: randomBase64URL(bytes: 32))
    }

    /// base64url(SHA-256(verifier)), sent with `code_challenge_method=S256`.
    public var challenge: String {
        Data(SHA256.hash(data: Data(verifier.utf8))).base64URLEncoded
    }

    static func randomBase64URL(bytes count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }).base64URLEncoded
    }
}

extension Data {
    /// Base64url without padding (RFC 4648 §5).
    var base64URLEncoded: String {
        base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Decodes base64url with or without padding.
    init?(base64URLEncoded text: String) {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        self.init(base64Encoded: base64)
    }
}
