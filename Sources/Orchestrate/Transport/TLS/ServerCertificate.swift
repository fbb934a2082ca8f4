import Foundation
import X509

/// One certificate of a server's chain as `journey config pins` shows it and a pin mismatch
/// reports it. Subjects and issuers are server text: neutralise them before printing.
public struct ServerCertificate: Sendable, Hashable, Codable {
    /// The subject's distinguished name, e.g. `CN=am.example.com,O=Example`.
    public let subject: String
    /// The issuer's distinguished name.
    public let issuer: String
    /// `RSA 2048`, `EC P-256`, …
    public let keyType: String
    /// The start of the validity period.
    public let notValidBefore: Date
    /// The end of the validity period.
    public let notValidAfter: Date
    /// The certificate's SPKI pin (see ``SPKIPin``), ready for `sslPinningPublicKeyHashes`.
    public let pin: String

    init(_ certificate: Certificate) throws {
        subject = certificate.subject.description
        issuer = certificate.issuer.description
        keyType = KeyDescription.text(of: certificate.publicKey)
        notValidBefore = certificate.notValidBefore
        notValidAfter = certificate.notValidAfter
        pin = try SPKIPin.pin(of: certificate)
    }
}
