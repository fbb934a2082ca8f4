import Crypto
import Foundation

/// RFC 6238 time-based one-time codes, as an authenticator app shows them: HMAC-SHA-1 over the
/// count of 30-second periods since 1970, 6 digits.
///
/// ```swift
/// let code = TimeBasedCode(secret: "JBSWY3DPEHPK3PXP")
/// code?.code(at: now)         // "282760"
/// code?.secondsLeft(at: now)  // 17
/// ```
public struct TimeBasedCode: Sendable, Equatable {
    /// How long one code lasts.
    public static let period = 30
    public static let digits = 6

    /// The key: the base32 secret, decoded.
    private let key: [UInt8]

    /// Nil when `secret` is not base32 (RFC 4648; spaces, dashes, padding and case ignored).
    public init?(secret: String) {
        guard let key = Self.base32Decoded(secret), !key.isEmpty else { return nil }
        self.key = key
    }

    /// The key as it is, for the RFC's test vectors (which give it as ASCII, not base32).
    public init(key: [UInt8]) {
        self.key = key
    }

    /// The code shown at `date`.
    public func code(at date: Date, digits: Int = Self.digits) -> String {
        let counter = UInt64(max(0, (date.timeIntervalSince1970 / Double(Self.period)).rounded(.down)))
        let message = withUnsafeBytes(of: counter.bigEndian) { Data($0) }
        let mac = Array(HMAC<Insecure.SHA1>.authenticationCode(for: message, using: SymmetricKey(data: key)))
        // Dynamic truncation (RFC 4226 §5.3): four bytes from the offset the last nibble names.
        let offset = Int(mac[mac.count - 1] & 0x0F)
        let number = mac[offset..<offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) } & 0x7FFF_FFFF
        var modulus: UInt32 = 1
        for _ in 0..<min(9, max(1, digits)) { modulus *= 10 }
        let text = String(number % modulus)
        return String(repeating: "0", count: max(0, min(9, max(1, digits)) - text.count)) + text
    }

    /// Whole seconds until the code shown at `date` changes (1…30).
    public func secondsLeft(at date: Date) -> Int {
        let elapsed = Int(date.timeIntervalSince1970.rounded(.down)) % Self.period
        return Self.period - (elapsed < 0 ? elapsed + Self.period : elapsed)
    }

    /// RFC 4648 base32: 5 bits a letter, A–Z then 2–7.
    private static func base32Decoded(_ text: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        var buffer: UInt32 = 0
        var bits = 0
        for character in text.uppercased() where !" -=".contains(character) {
            guard let ascii = character.asciiValue else { return nil }
            let value: UInt32
            switch ascii {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = UInt32(ascii - UInt8(ascii: "A"))
            case UInt8(ascii: "2")...UInt8(ascii: "7"): value = UInt32(ascii - UInt8(ascii: "2")) + 26
            default: return nil
            }
            buffer = buffer << 5 | value
            bits += 5
            if bits >= 8 {
                bits -= 8
                bytes.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
                buffer &= (1 << UInt32(bits)) - 1
            }
        }
        return bytes
    }
}
