import Foundation
import JourneyEngine
import Orchestrate
import Testing
@testable import journey

/// `journey serve --tls` as a subprocess, and `journey config pins`' parts against it.
@Suite(.serialized)
struct ServeTLSCommandTests {
    @Test func theBannerGivesTheHTTPSURLThePinAndAPrivateCertificateFile() async throws {
        let server = try await TLSServe(["--tls-key", "rsa"])
        let folder = URL(filePath: server.certificatePath).deletingLastPathComponent().path
        #expect(try FileManager.default.attributesOfItem(atPath: server.certificatePath)[.posixPermissions] as? Int == 0o600)
        #expect(try FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? Int == 0o700)

        let url = try #require(URL(string: server.httpsURL))
        let chain = try await ServerChain.fetch(url, caBundlePath: server.certificatePath)
        #expect(chain.map(\.pin) == [server.pin])
        #expect(chain.first?.keyType == "RSA 2048")

        let text = PinsReport.text(chain, server: url, verified: true)
        #expect(text.contains("(verified)") && text.contains("  - \(server.pin)") && text.contains("RSA 2048"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(PinsReport.json(chain, server: url, verified: false).utf8)) as? [String: Any])
        #expect(json["sslPinningPublicKeyHashes"] as? [String] == [server.pin])
        #expect(json["verified"] as? Bool == false)

        let command = try ConfigPinsCommand.parse([server.httpsURL, "--ca-bundle", server.certificatePath])
        try await command.run()

        #expect(await server.interrupt() == 0)
        #expect(!FileManager.default.fileExists(atPath: folder), "the certificate's folder is removed at stop")
    }

    @Test func tlsOptionsNeedTLS() async throws {
        let result = try await JourneyProcess.run(["serve", "--port", "0", "--tls-key", "rsa"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("need --tls"))
    }

    @Test func pinsTakeAnHTTPSURLOrAHost() throws {
        #expect(try ConfigPinsCommand.serverURL("am.example.com:8443").absoluteString == "https://am.example.com:8443")
        #expect(try ConfigPinsCommand.serverURL("https://am.example.com/am").host() == "am.example.com")
        #expect(throws: (any Error).self) { try ConfigPinsCommand.serverURL("http://am.example.com/am") }
        #expect(throws: (any Error).self) { try ConfigPinsCommand.parse(["https://am.example.com", "--timeout", "0"]) }
    }
}

/// `journey serve --port 0 --tls --tls-port 0 …`, once its banner is complete.
final class TLSServe: Sendable {
    let httpsURL: String
    let pin: String
    let certificatePath: String
    private let server: JourneyProcess.Server

    init(_ arguments: [String]) async throws {
        server = try await JourneyProcess.Server(arguments: ["serve", "--port", "0", "--tls", "--tls-port", "0"] + arguments,
                                                 ready: { $0.contains("Press Ctrl-C") })
        let text = server.banner
        guard let url = text.firstMatch(of: /https:\/\/127\.0\.0\.1:\d+\/am/),
              let pin = text.firstMatch(of: /sslPinningPublicKeyHashes\): (\S+)/),
              let path = text.firstMatch(of: /Certificate: (\S+)/) else {
            throw JourneyProcess.ServerDidNotStart(output: text)
        }
        httpsURL = String(url.output)
        self.pin = String(pin.output.1)
        certificatePath = String(path.output.1)
    }

    func interrupt() async -> Int32 {
        await server.interrupt()
    }
}
