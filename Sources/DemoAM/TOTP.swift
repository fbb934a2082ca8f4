import Crypto
import Foundation

/// RFC 6238 time-based one-time passwords (HMAC-SHA1), as authenticator apps compute them.
public enum TOTP {
    /// The code for `date`, or `nil` when `base32` is not a base32 secret (or `digits`/`period` make no sense).
    ///
    /// ```swift
    /// TOTP.code(secret: "JBSWY3DPEHPK3PXP")  // e.g. "282760"
    /// ```
    public static func code(secret base32: String, at date: Date = Date(), digits: Int = 6, period: Int = 30) -> String? {
        guard (1...10).contains(digits), period > 0, let key = Base32.decode(base32), !key.isEmpty else { return nil }
        let counter = UInt64(max(0, (date.timeIntervalSince1970 / Double(period)).rounded(.down)))
        let message = withUnsafeBytes(of: counter.bigEndian) { Data($0) }
        let mac = Array(HMAC<Insecure.SHA1>.authenticationCode(for: message, using: SymmetricKey(data: key)))
        let offset = Int(mac[mac.count - 1] & 0x0F)
        let truncated = mac[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } & 0x7FFF_FFFF
        let modulus = (0..<digits).reduce(1) { product, _ in product * 10 }
        let value = String(truncated % modulus)
        return String(repeating: "0", count: digits - value.count) + value
    }
}
