import Foundation
import Orchestrate
import Testing

/// The client's TOTP (the demo panel's codes) against RFC 6238's test vectors (Appendix B,
/// SHA-1, 8 digits) and an authenticator's base32 secret.
struct TimeBasedCodeTests {
    /// The RFC's SHA-1 key: "12345678901234567890" in ASCII.
    static let rfcKey = Array("12345678901234567890".utf8)

    @Test(arguments: [
        (59.0, "94287082"), (1_111_111_109, "07081804"), (1_111_111_111, "14050471"),
        (1_234_567_890, "89005924"), (2_000_000_000, "69279037"), (20_000_000_000, "65353130"),
    ])
    func theRFCVectors(seconds: Double, expected: String) {
        let code = TimeBasedCode(key: Self.rfcKey).code(at: Date(timeIntervalSince1970: seconds), digits: 8)
        #expect(code == expected)
    }

    @Test func sixDigitsAreTheLastSixOfTheRFCCode() {
        #expect(TimeBasedCode(key: Self.rfcKey).code(at: Date(timeIntervalSince1970: 59)) == "287082")
    }

    @Test func aBase32SecretGivesTheSameCodeAsItsBytes() throws {
        // "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ" is the base32 of the RFC's key.
        let code = try #require(TimeBasedCode(secret: "gezd gnbv gy3t qojq gezd gnbv gy3t qojq"))
        #expect(code.code(at: Date(timeIntervalSince1970: 1_111_111_109)) == "081804")
        #expect(TimeBasedCode(secret: "not base32!") == nil)
        #expect(TimeBasedCode(secret: "") == nil)
    }

    @Test func theSecondsLeftCountDownToTheNextPeriod() {
        let code = TimeBasedCode(key: Self.rfcKey)
        #expect(code.secondsLeft(at: Date(timeIntervalSince1970: 60)) == 30)
        #expect(code.secondsLeft(at: Date(timeIntervalSince1970: 61.9)) == 29)
        #expect(code.secondsLeft(at: Date(timeIntervalSince1970: 89)) == 1)
    }
}
