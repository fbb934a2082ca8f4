import Crypto
import Foundation

/// Issues and checks `authId`s: HS256 JWTs shaped like AM's, signed with a key made per server.
///
/// The payload carries `authIndexValue`, `otk`, `authIndexType`, `realm`, `exp` and `iat`. Only
/// `otk` matters to the server: it is the key of the journey state in ``JourneyStore``.
struct AuthIdSigner: Sendable {
    private let key = SymmetricKey(size: .bits256)
    private static let header = Data(#"{"typ":"JWT","alg":"HS256"}"#.utf8).base64URLEncoded

    func issue(otk: String, journey: String, realm: String, lifetime: Duration, now: Date = Date()) -> String {
        let issuedAt = Int(now.timeIntervalSince1970)
        let lifetimeSeconds = Int(lifetime.inSeconds.rounded(.up))
        let payload: JSONValue = .object([
            ("authIndexValue", .string(journey)), ("otk", .string(otk)), ("authIndexType", "service"),
            ("realm", .string(realm)), ("exp", .int(issuedAt + lifetimeSeconds)), ("iat", .int(issuedAt)),
        ])
        let signingInput = Self.header + "." + Data(payload.serialized.utf8).base64URLEncoded
        return signingInput + "." + Data(HMAC<SHA256>.authenticationCode(for: Data(signingInput.utf8), using: key)).base64URLEncoded
    }

    /// The `otk` of an `authId` this signer issued; `nil` when it is malformed or tampered with.
    func otk(of authId: String) -> String? {
        let parts = authId.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3,
            let signature = Data(base64URLEncoded: parts[2]),
            HMAC<SHA256>.isValidAuthenticationCode(signature, authenticating: Data("\(parts[0]).\(parts[1])".utf8), using: key),
            let payload = Data(base64URLEncoded: parts[1])
        else { return nil }
        return JSONValue(parsing: payload)?["otk"]?.string
    }
}
