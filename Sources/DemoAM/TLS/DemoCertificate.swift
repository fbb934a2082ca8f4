import Crypto
import Foundation
import NIOSSL
import SwiftASN1
import X509
import _CryptoExtras

/// The HTTPS listener's identity: a fresh key and a self-signed certificate for `127.0.0.1` and
/// `localhost` (subject alternative names, IP and DNS), valid from an hour ago for 30 days, that
/// a client can trust as its own root (`caBundle`).
struct DemoCertificate: Sendable {
    /// The certificate as PEM, for clients to trust as a CA bundle.
    let pem: String
    /// Base64 SHA-256 of the certificate's SubjectPublicKeyInfo.
    let pin: String
    /// `EC P-256` or `RSA 2048`.
    let keyDescription: String
    /// NIOSSL's server configuration with this certificate and key.
    let serverConfiguration: TLSConfiguration

    static func make(_ keyType: DemoAMConfiguration.HTTPS.KeyType) throws -> DemoCertificate {
        let key: Certificate.PrivateKey
        let signature: Certificate.SignatureAlgorithm
        switch keyType {
        case .ec:
            key = Certificate.PrivateKey(P256.Signing.PrivateKey())
            signature = .ecdsaWithSHA256
        case .rsa:
            key = Certificate.PrivateKey(try _RSA.Signing.PrivateKey(keySize: .bits2048))
            signature = .sha256WithRSAEncryption
        }
        let name = try DistinguishedName {
            OrganizationName("JourneyTerm")
            CommonName("JourneyTerm demo AM")
        }
        let now = Date()
        let certificate = try Certificate(
            version: .v3,
            serialNumber: Certificate.SerialNumber(),
            publicKey: key.publicKey,
            notValidBefore: now.addingTimeInterval(-3600),
            notValidAfter: now.addingTimeInterval(30 * 24 * 3600),
            issuer: name,
            subject: name,
            signatureAlgorithm: signature,
            extensions: try Certificate.Extensions {
                // Its own issuer: verifiers take a self-signed certificate as a trust root only
                // when it is marked as a CA.
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(digitalSignature: true, keyEncipherment: keyType == .rsa, keyCertSign: true))
                try ExtendedKeyUsage([.serverAuth])
                SubjectAlternativeNames([.dnsName("localhost"), .ipAddress(ASN1OctetString(contentBytes: [127, 0, 0, 1]))])
            },
            issuerPrivateKey: key)
        var serializer = DER.Serializer()
        try serializer.serialize(certificate)
        let der = serializer.serializedBytes
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: [.certificate(try NIOSSLCertificate(bytes: der, format: .der))],
            privateKey: .privateKey(try NIOSSLPrivateKey(bytes: Array(key.serializeAsPEM().pemString.utf8), format: .pem)))
        // Stopping closes idle keep-alive connections; waiting the default 5 s for each
        // client's close_notify would only delay the stop.
        configuration.shutdownTimeout = .milliseconds(100)
        return DemoCertificate(
            pem: try certificate.serializeAsPEM().pemString,
            pin: try SPKIDigest.pin(certificateDER: der),
            keyDescription: keyType == .ec ? "EC P-256" : "RSA 2048",
            serverConfiguration: configuration)
    }
}
