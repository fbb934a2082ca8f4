import Crypto
import Foundation

/// Proof Key for Code Exchange (RFC 7636) with the only method the demo AM accepts, `S256`.
enum PKCE {
    static let method = "S256"

    /// Whether `verifier` answers `challenge`: base64url(SHA-256(verifier)) == challenge.
    static func verifier(_ verifier: String, answers challenge: String) -> Bool {
        Data(SHA256.hash(data: Data(verifier.utf8))).base64URLEncoded == challenge
    }
}
