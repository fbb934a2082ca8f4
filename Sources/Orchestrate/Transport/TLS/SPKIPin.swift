import Crypto
import Foundation
import SwiftASN1
import X509

/// The SDKs' pin of a certificate (`sslPinningPublicKeyHashes`, OkHttp's `sha256/…` without the
/// prefix): standard base64 of the SHA-256 of its DER SubjectPublicKeyInfo, for RSA and EC keys alike.
public enum SPKIPin {
    /// The pin of a DER-encoded certificate.
    ///
    /// - Throws: when the bytes are not an X.509 certificate with a key swift-certificates reads.
    public static func pin(certificateDER: [UInt8]) throws -> String {
        try pin(of: Certificate(derEncoded: certificateDER))
    }

    /// The pin of a parsed certificate.
    static func pin(of certificate: Certificate) throws -> String {
        Data(SHA256.hash(data: try subjectPublicKeyInfo(of: certificate))).base64EncodedString()
    }

    /// The DER SubjectPublicKeyInfo (algorithm and key), as `openssl pkey -pubin -outform der` writes it.
    static func subjectPublicKeyInfo(of certificate: Certificate) throws -> [UInt8] {
        var serializer = DER.Serializer()
        try serializer.serialize(certificate.publicKey)
        return serializer.serializedBytes
    }
}
