import Foundation
import Orchestrate
import Testing
import TLSFixtures

/// Pins of certificates made by openssl equal the pins openssl computes.
struct SPKIPinTests {
    @Test(arguments: [
        (OpenSSLCertificates.rsaPEM, OpenSSLCertificates.rsaPin),
        (OpenSSLCertificates.ecPEM, OpenSSLCertificates.ecPin),
    ])
    func aPinIsTheSHA256OfTheSubjectPublicKeyInfo(pem: String, expected: String) throws {
        #expect(try SPKIPin.pin(certificateDER: Self.der(pem)) == expected)
    }

    @Test func somethingThatIsNotACertificateHasNoPin() {
        #expect(throws: (any Error).self) { try SPKIPin.pin(certificateDER: [0x30, 0x03, 0x02, 0x01, 0x01]) }
    }

    static func der(_ pem: String) throws -> [UInt8] {
        let base64 = pem.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
        return Array(try #require(Data(base64Encoded: base64)))
    }
}
