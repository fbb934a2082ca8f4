import DemoAM
import Foundation
import Orchestrate
import Testing
import TLSFixtures

/// Pins, CA bundles and `insecure` against the demo AM's HTTPS listener on loopback, with an
/// EC P-256 and an RSA 2048 certificate.
struct PinningTests {
    static let keyTypes: [DemoAMConfiguration.HTTPS.KeyType] = [.ec, .rsa]

    @Test(arguments: keyTypes)
    func aWrongPinIsRefusedWithTheHashesSeen(keyType: DemoAMConfiguration.HTTPS.KeyType) async throws {
        try await HTTPSDemo.with(keyType) { https in
            let wrong = OpenSSLCertificates.rsaPin
            let transport = try HTTPTransports.make(for: TLSPolicy(pins: [wrong], caBundlePath: https.caBundlePath))
            await #expect {
                _ = try await transport.send(https.startLogin())
            } throws: { error in
                guard let error = error as? TransportError, case .pinMismatch(let server, let seen, let expected) = error else { return false }
                let text = error.description
                return server == https.baseURL.replacingOccurrences(of: "/am", with: "")
                    && seen.map(\.pin) == [https.pin] && expected == [wrong]
                    && text.contains(https.pin) && text.contains(wrong) && text.contains("JourneyTerm demo AM")
            }
        }
    }

    @Test func aPinDoesNotReplaceVerification() async throws {
        try await HTTPSDemo.with { https in
            let transport = try HTTPTransports.make(for: TLSPolicy(pins: [https.pin]))
            await #expect {
                _ = try await transport.send(https.startLogin())
            } throws: { error in
                guard let error = error as? TransportError, case .certificateNotTrusted = error else { return false }
                return error.description.contains("caBundle") && !error.description.contains("journey ")
            }
        }
    }

    @Test func theCABundleAloneIsTrusted() async throws {
        try await HTTPSDemo.with(.rsa) { https in
            let transport = try HTTPTransports.make(for: TLSPolicy(caBundlePath: https.caBundlePath))
            let response = try await transport.send(https.startLogin())
            #expect(response.status == 200)
            #expect(String(decoding: response.body, as: UTF8.self).contains("authId"))
        }
    }

    @Test func withoutTheCABundleTheSelfSignedCertificateIsNotTrusted() async throws {
        try await HTTPSDemo.with { https in
            #expect(TLSPolicy.standard.isStandard)
            await #expect {
                _ = try await HTTPTransports.make(for: .standard).send(https.startLogin())
            } throws: { error in
                guard let error = error as? TransportError, case .certificateNotTrusted(let server, _) = error else { return false }
                return server.hasPrefix("https://127.0.0.1:") && error.description.contains("caBundle")
            }
        }
    }

    @Test func insecureNeedsNoTrust() async throws {
        try await HTTPSDemo.with { https in
            let response = try await HTTPTransports.make(for: TLSPolicy(insecure: true)).send(https.startLogin())
            #expect(response.status == 200)
        }
    }

    @Test func theCertificateNamesLocalhostToo() async throws {
        try await HTTPSDemo.with { https in
            let transport = try HTTPTransports.make(for: TLSPolicy(pins: [https.pin], caBundlePath: https.caBundlePath))
            let localhost = https.baseURL.replacingOccurrences(of: "127.0.0.1", with: "localhost")
            #expect(try await transport.send(https.startLogin(base: localhost)).status == 200)
        }
    }

    @Test func pinsAreNeverSentOverPlainHTTP() async throws {
        try await HTTPSDemo.with { https in
            let transport = try HTTPTransports.make(for: TLSPolicy(pins: [https.pin]))
            await #expect {
                _ = try await transport.send(https.startLogin(base: https.demo.baseURL))
            } throws: { error in
                guard case .network(_, let problem) = error as? TransportError else { return false }
                return problem.contains("https")
            }
        }
    }
}
