import AsyncHTTPClient
import NIOSSL
import SwiftASN1
import Synchronization
import X509

/// The async-http-client clients of policies without pins (`caBundle`, `insecure`): one per
/// distinct policy, made when first needed and kept for the life of the process.
enum TLSClients {
    private static let clients = Mutex<[TLSPolicy: HTTPClient]>([:])

    static func client(for policy: TLSPolicy, extraRoots: [Certificate]) throws(ConfigurationError) -> HTTPClient {
        try clients.withLock { (clients) throws(ConfigurationError) -> HTTPClient in
            if let client = clients[policy] { return client }
            var tls = TLSConfiguration.makeClientConfiguration()
            if policy.insecure { tls.certificateVerification = .none }
            if !extraRoots.isEmpty {
                let roots = try extraRoots.map { (root) throws(ConfigurationError) in try nioCertificate(root, path: policy.caBundlePath) }
                tls.additionalTrustRoots = [.certificates(roots)]
            }
            let client = AsyncHTTPTransport.makeClient(tlsConfiguration: tls)
            clients[policy] = client
            return client
        }
    }

    private static func nioCertificate(_ certificate: Certificate, path: String?) throws(ConfigurationError) -> NIOSSLCertificate {
        do {
            var serializer = DER.Serializer()
            try serializer.serialize(certificate)
            return try NIOSSLCertificate(bytes: serializer.serializedBytes, format: .der)
        } catch {
            throw .invalidValue(name: "caBundle", value: path ?? "", reason: "a certificate in it cannot be used by TLS (\(error))")
        }
    }
}
