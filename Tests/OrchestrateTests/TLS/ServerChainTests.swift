import DemoAM
import Foundation
import Orchestrate
import Testing
import TLSFixtures

/// `journey config pins URL`'s engine part: the chain and its pins.
struct ServerChainTests {
    @Test(arguments: [
        (DemoAMConfiguration.HTTPS.KeyType.ec, "EC P-256"),
        (DemoAMConfiguration.HTTPS.KeyType.rsa, "RSA 2048"),
    ])
    func theChainCarriesTheDemoPin(keyType: DemoAMConfiguration.HTTPS.KeyType, description: String) async throws {
        try await HTTPSDemo.with(keyType) { https in
            let url = try #require(URL(string: https.baseURL))
            for chain in [
                try await ServerChain.fetch(url, insecure: true),
                try await ServerChain.fetch(url, caBundlePath: https.caBundlePath),
            ] {
                let certificate = try #require(chain.first)
                #expect(chain.count == 1)
                #expect(certificate.pin == https.pin)
                #expect(certificate.keyType == description)
                #expect(certificate.subject.contains("JourneyTerm demo AM"))
                #expect(certificate.issuer == certificate.subject)
                #expect(certificate.notValidBefore < Date() && Date() < certificate.notValidAfter)
            }
        }
    }

    @Test func withoutTrustTheChainIsRefused() async throws {
        try await HTTPSDemo.with { https in
            await #expect {
                _ = try await ServerChain.fetch(try #require(URL(string: https.baseURL)))
            } throws: { error in
                guard case .certificateNotTrusted = error as? TransportError else { return false }
                return true
            }
        }
    }
}
