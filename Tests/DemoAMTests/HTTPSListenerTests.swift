import AsyncHTTPClient
import Crypto
import DemoAM
import Foundation
import Logging
import NIOSSL
import SwiftASN1
import Testing
import X509

@Suite("HTTPS listener")
struct HTTPSListenerTests {
    @Test("off by default")
    func offByDefault() async throws {
        try await withDemoAM { server, _ in
            #expect(server.httpsPort == nil && server.httpsBaseURL == nil)
            #expect(server.certificatePEM == nil && server.certificatePin == nil)
            #expect(!server.banner.contains("HTTPS"))
        }
    }

    @Test("the certificate names 127.0.0.1 and localhost, with the key asked for", arguments: [
        (DemoAMConfiguration.HTTPS.KeyType.ec, "P256"),
        (DemoAMConfiguration.HTTPS.KeyType.rsa, "RSA2048"),
    ])
    func certificate(keyType: DemoAMConfiguration.HTTPS.KeyType, key: String) async throws {
        try await withDemoAM(Self.configuration(keyType)) { server, _ in
            let certificate = try Certificate(pemEncoded: try #require(server.certificatePEM))
            #expect("\(certificate.publicKey)".hasPrefix(key))
            #expect(certificate.subject == certificate.issuer)
            let names = try #require(try certificate.extensions.subjectAlternativeNames)
            #expect(names.contains(.dnsName("localhost")))
            #expect(names.contains(.ipAddress(ASN1OctetString(contentBytes: [127, 0, 0, 1]))))
            #expect(certificate.notValidBefore < Date() && Date() < certificate.notValidAfter)
            // The pin, computed here through swift-certificates' key types rather than from the DER.
            var serializer = DER.Serializer()
            try serializer.serialize(certificate.publicKey)
            #expect(server.certificatePin == Data(SHA256.hash(data: serializer.serializedBytes)).base64EncodedString())
        }
    }

    @Test("the same routes answer over HTTPS to a client that trusts the certificate, and URLs say https")
    func sameRoutes() async throws {
        try await withDemoAM(Self.configuration(.ec)) { server, _ in
            let httpsURL = try #require(server.httpsBaseURL)
            #expect(httpsURL == "https://127.0.0.1:\(try #require(server.httpsPort))/am")
            #expect(server.httpsPort != server.port)
            let pin = try #require(server.certificatePin)
            #expect(server.banner.contains(httpsURL) && server.banner.contains(pin))

            var tls = TLSConfiguration.makeClientConfiguration()
            tls.trustRoots = .certificates(try NIOSSLCertificate.fromPEMBytes(Array(try #require(server.certificatePEM).utf8)))
            let discovery = try await Self.get(httpsURL + "/oauth2/realms/root/.well-known/openid-configuration", tls: tls)
            #expect(discovery.status == 200)
            #expect(JSON.parse(discovery.text)?["issuer"]?.string == httpsURL + "/oauth2/realms/root")
            let plain = try await AMClient(server).get("/oauth2/realms/root/.well-known/openid-configuration")
            #expect(plain.json["issuer"]?.string == server.baseURL + "/oauth2/realms/root")
        }
    }

    @Test("a client without the certificate is refused")
    func untrusted() async throws {
        try await withDemoAM(Self.configuration(.rsa)) { server, _ in
            let url = try #require(server.httpsBaseURL)
            await #expect(throws: NIOSSLError.self) {
                _ = try await Self.get(url, tls: .makeClientConfiguration())
            }
        }
    }

    @Test("a taken HTTPS port is a clear error and stops the HTTP listener too")
    func httpsPortTaken() async throws {
        try await withDemoAM(Self.configuration(.ec)) { server, _ in
            let taken = try #require(server.httpsPort)
            do {
                let unexpected = try await DemoAM.start(
                    DemoAMConfiguration(port: 0, https: .init(port: taken)),
                    logger: .init(label: "t") { _ in SwiftLogNoOpLogHandler() })
                await unexpected.stop()
                Issue.record("a second HTTPS listener started on port \(taken)")
            } catch let error as DemoAMError {
                #expect("\(error)".contains("127.0.0.1:\(taken)"))
            }
        }
    }

    static func configuration(_ keyType: DemoAMConfiguration.HTTPS.KeyType) -> DemoAMConfiguration {
        DemoAMConfiguration(port: 0, https: .init(port: 0, keyType: keyType))
    }

    /// `GET url` with a client of its own, shut down before returning.
    static func get(_ url: String, tls: TLSConfiguration) async throws -> (status: Int, text: String) {
        var configuration = HTTPClient.Configuration(tlsConfiguration: tls)
        configuration.connectionPool.retryConnectionEstablishment = false
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        do {
            let response = try await client.execute(HTTPClientRequest(url: url), timeout: .seconds(10))
            let body = try await response.body.collect(upTo: 1 << 20)
            try await client.shutdown()
            return (Int(response.status.code), String(buffer: body))
        } catch {
            try await client.shutdown()
            throw error
        }
    }
}
