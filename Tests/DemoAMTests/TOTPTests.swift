import DemoAM
import Foundation
import Testing

@Suite("TOTP")
struct TOTPTests {
    /// RFC 6238 appendix B, SHA1: the ASCII secret "12345678901234567890" (base32
    /// `GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ`), 8 digits.
    @Test("RFC 6238 SHA1 test vectors", arguments: [(59, "94287082"), (1_111_111_109, "07081804"), (1_234_567_890, "89005924")])
    func rfcVectors(time: Int, code: String) {
        let date = Date(timeIntervalSince1970: TimeInterval(time))
        #expect(TOTP.code(secret: "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ", at: date, digits: 8) == code)
    }

    @Test("six digits by default, zero-padded, stable within a period")
    func sixDigits() throws {
        let start = Date(timeIntervalSince1970: 1_700_000_010)
        let code = try #require(TOTP.code(secret: "JBSWY3DPEHPK3PXP", at: start))
        #expect(code.count == 6 && code.allSatisfy(\.isNumber))
        #expect(TOTP.code(secret: "JBSWY3DPEHPK3PXP", at: start.addingTimeInterval(15)) == code)
        #expect(TOTP.code(secret: "jbswy3dpehpk3pxp", at: start) == code)
    }

    @Test("an invalid base32 secret gives nil", arguments: ["not base32!", "", "ABC1"])
    func invalidSecret(secret: String) {
        #expect(TOTP.code(secret: secret) == nil)
    }
}
