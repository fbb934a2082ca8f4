import Crypto
import SwiftASN1
import X509

/// A certificate key's type and size as people name them: `RSA 2048`, `EC P-256`, `Ed25519`.
enum KeyDescription {
    static func text(of key: Certificate.PublicKey) -> String {
        if P256.Signing.PublicKey(key) != nil { return "EC P-256" }
        if P384.Signing.PublicKey(key) != nil { return "EC P-384" }
        if P521.Signing.PublicKey(key) != nil { return "EC P-521" }
        if Curve25519.Signing.PublicKey(key) != nil { return "Ed25519" }
        guard let bits = try? rsaModulusBits(key.subjectPublicKeyInfoBytes) else { return "unknown" }
        return "RSA \(bits)"
    }

    /// The size of an RSAPublicKey's modulus (`SEQUENCE { modulus INTEGER, publicExponent INTEGER }`).
    private static func rsaModulusBits(_ rsaPublicKey: ArraySlice<UInt8>) throws -> Int {
        let modulus = try DER.sequence(DER.parse(rsaPublicKey), identifier: .sequence) { nodes in
            let modulus = try ArraySlice<UInt8>(derEncoded: &nodes)
            _ = try ArraySlice<UInt8>(derEncoded: &nodes)
            return modulus.drop { $0 == 0 }
        }
        guard let first = modulus.first else { return 0 }
        return modulus.count * 8 - first.leadingZeroBitCount
    }
}
