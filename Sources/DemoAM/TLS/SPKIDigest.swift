import Crypto
import Foundation
import SwiftASN1

/// The pin clients use for a certificate: base64 of the SHA-256 of its SubjectPublicKeyInfo.
/// Read straight from the certificate's DER (the seventh field of `tbsCertificate` once the
/// optional version is skipped), not through swift-certificates' key types, so it is a second
/// reading beside the engine's.
enum SPKIDigest {
    static func pin(certificateDER: [UInt8]) throws -> String {
        let certificate = try DER.parse(certificateDER)
        guard case .constructed(let certificateFields) = certificate.content,
              let tbs = Array(certificateFields).first,
              case .constructed(let tbsFields) = tbs.content else {
            throw ASN1Error.invalidASN1Object(reason: "not a certificate")
        }
        let fields = tbsFields.filter { $0.identifier != ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific) }
        // serialNumber, signature, issuer, validity, subject, subjectPublicKeyInfo
        guard fields.count > 5 else { throw ASN1Error.invalidASN1Object(reason: "tbsCertificate is too short") }
        return Data(SHA256.hash(data: Array(fields[5].encodedBytes))).base64EncodedString()
    }
}
