import DemoAM
import Foundation
import JourneyEngine
import Orchestrate
import Testing
import TLSFixtures

/// A journey over a pinned TLS connection to the demo AM's HTTPS listener, with an EC P-256 and
/// an RSA 2048 certificate (the transport's own checks are in OrchestrateTests' PinningTests).
struct PinnedJourneyTests {
    static let keyTypes: [DemoAMConfiguration.HTTPS.KeyType] = [.ec, .rsa]

    @Test(arguments: keyTypes)
    func theRightPinWithTheCABundleSignsIn(keyType: DemoAMConfiguration.HTTPS.KeyType) async throws {
        try await HTTPSDemo.with(keyType) { https in
            let transport = try HTTPTransports.make(for: TLSPolicy(pins: [OpenSSLCertificates.ecPin, https.pin], caBundlePath: https.caBundlePath))
            let client = JourneyClient(server: try ServerConfiguration(url: https.baseURL), transport: transport)
            let success = try await client.walk(JourneyRequest(.journey("Login"))) { step in
                try DemoAMJourneyTests.answer(step, DemoAMJourneyTests.demoLogin)
            }
            #expect(success.tokenId?.isEmpty == false)
        }
    }
}
