import Foundation

/// Random identifiers: `authId` keys, session tokens and handles, suspended ids, TOTP secrets,
/// OAuth codes, grant ids, refresh tokens and `jti`s.
enum RandomToken {
    static func bytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    /// `count` random bytes as unpadded base64url text.
    static func base64URL(bytes count: Int) -> String {
        Data(bytes(count)).base64URLEncoded
    }
}

extension Data {
    /// Unpadded base64url, as in JWTs.
    var base64URLEncoded: String {
        base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Decodes unpadded base64url; `nil` for anything else.
    init?(base64URLEncoded text: Substring) {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        self.init(base64Encoded: base64)
    }
}
