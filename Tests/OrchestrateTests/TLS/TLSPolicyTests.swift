import Foundation
import Orchestrate
import Testing
import TLSFixtures

/// Validation of the TLS settings: pins, caBundle, insecure.
struct TLSPolicyTests {
    @Test func validPinsAndAnEmptyPolicy() throws {
        let policy = try TLSPolicy(pins: [OpenSSLCertificates.rsaPin, OpenSSLCertificates.ecPin])
        #expect(policy.pins.count == 2)
        #expect(!policy.isStandard)
        #expect(try TLSPolicy().isStandard)
        #expect(TLSPolicy.standard.pins.isEmpty && TLSPolicy.standard.caBundlePath == nil && !TLSPolicy.standard.insecure)
    }

    @Test(arguments: [
        ("not base64!", "not standard base64"),
        ("q83vEjRWeJA=", "decodes to 8 bytes"),
        (String(OpenSSLCertificates.ecPin.dropLast()), "not standard base64"),
        ("PGUnYyaKdyW1K9PMwZBBQm6trELfchBTrXpJFptVFfU_", "not standard base64"),
        ("sha256/" + OpenSSLCertificates.ecPin, "sha256/ prefix"),
    ])
    func aPinThatIsNotBase64Of32BytesIsRefused(pin: String, reason: String) {
        #expect {
            _ = try TLSPolicy(pins: [OpenSSLCertificates.rsaPin, pin])
        } throws: { error in
            guard case .invalidValue(let name, let value, let why) = error as? ConfigurationError else { return false }
            return name == "sslPinningPublicKeyHashes" && value == pin && why.contains(reason)
        }
    }

    @Test func insecureWithPinsIsAContradiction() {
        #expect {
            _ = try TLSPolicy(pins: [OpenSSLCertificates.ecPin], insecure: true)
        } throws: { error in
            guard case .invalidValue(let name, _, _) = error as? ConfigurationError else { return false }
            return name == "insecure"
        }
        #expect(throws: Never.self) { try TLSPolicy(insecure: true) }
    }

    @Test func aCABundleMustBeAReadablePEMFileWithACertificate() throws {
        try withTemporaryFolder { folder in
            let good = folder.appendingPathComponent("good.pem")
            try Data((OpenSSLCertificates.rsaPEM + "\n" + OpenSSLCertificates.ecPEM).utf8).write(to: good)
            #expect(try TLSPolicy(caBundlePath: good.path).caBundlePath == good.path)

            let key = folder.appendingPathComponent("key.pem")
            try Data("-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIA==\n-----END PRIVATE KEY-----\n".utf8).write(to: key)
            let text = folder.appendingPathComponent("notes.txt")
            try Data("hello".utf8).write(to: text)
            for (path, reason) in [
                (folder.appendingPathComponent("missing.pem").path, "cannot be read"),
                (key.path, "no PEM certificate"),
                (text.path, "PEM"),
            ] {
                #expect {
                    _ = try TLSPolicy(caBundlePath: path)
                } throws: { error in
                    guard case .invalidValue(let name, let value, let why) = error as? ConfigurationError else { return false }
                    return name == "caBundle" && value == path && why.contains(reason)
                }
            }
        }
    }

    @Test func decodingValidatesToo() throws {
        let good = try JSONDecoder().decode(TLSPolicy.self, from: Data(#"{"pins":["\#(OpenSSLCertificates.ecPin)"]}"#.utf8))
        #expect(good.pins == [OpenSSLCertificates.ecPin])
        #expect(try JSONDecoder().decode(TLSPolicy.self, from: JSONEncoder().encode(good)) == good)
        #expect(throws: ConfigurationError.self) {
            _ = try JSONDecoder().decode(TLSPolicy.self, from: Data(#"{"pins":["abc"]}"#.utf8))
        }
    }

    private func withTemporaryFolder(_ body: (URL) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("journeyterm-policy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(folder)
    }
}
