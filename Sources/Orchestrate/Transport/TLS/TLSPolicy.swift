import Foundation

/// How a profile's HTTPS connections are checked: the SDKs' `sslPinningPublicKeyHashes`, extra
/// trust roots, or no verification at all.
///
/// Every way of making one validates it, decoding included: pins must be standard base64 of a
/// SHA-256 (32 bytes), a CA bundle must be a readable PEM file holding at least one certificate,
/// and `insecure` cannot be combined with pins.
public struct TLSPolicy: Sendable, Hashable, Codable {
    /// The policy of a profile without TLS settings: the system's trust roots, hostname checked.
    public static let standard = TLSPolicy(checkedPins: [], caBundlePath: nil, insecure: false)

    /// Base64 of the SHA-256 of a certificate's DER SubjectPublicKeyInfo (as `journey config pins`
    /// prints them). A connection is accepted only when some certificate of its verified chain has one.
    public let pins: [String]
    /// A PEM file of trust roots added to the system's.
    public let caBundlePath: String?
    /// No certificate verification at all (lab servers only).
    public let insecure: Bool

    /// Whether this is ``standard``: nothing to add to the default transport.
    public var isStandard: Bool { self == .standard }

    /// A validated policy.
    ///
    /// - Throws: ``ConfigurationError/invalidValue(name:value:reason:)`` naming
    ///   `sslPinningPublicKeyHashes`, `caBundle` or `insecure`.
    public init(pins: [String] = [], caBundlePath: String? = nil, insecure: Bool = false) throws(ConfigurationError) {
        for pin in pins {
            try Self.check(pin: pin)
        }
        if let caBundlePath {
            _ = try CABundle.certificates(atPath: caBundlePath)
        }
        if insecure && !pins.isEmpty {
            throw .invalidValue(
                name: "insecure", value: "true",
                reason: "it turns certificate verification off, so the sslPinningPublicKeyHashes could never be checked; remove one of them")
        }
        self.init(checkedPins: pins, caBundlePath: caBundlePath, insecure: insecure)
    }

    private init(checkedPins: [String], caBundlePath: String?, insecure: Bool) {
        self.pins = checkedPins
        self.caBundlePath = caBundlePath
        self.insecure = insecure
    }

    private enum CodingKeys: String, CodingKey {
        case pins, caBundlePath, insecure
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(
            pins: try container.decodeIfPresent([String].self, forKey: .pins) ?? [],
            caBundlePath: try container.decodeIfPresent(String.self, forKey: .caBundlePath),
            insecure: try container.decodeIfPresent(Bool.self, forKey: .insecure) ?? false)
    }

    /// Refuses a pin that is not standard base64 of exactly 32 bytes.
    public static func check(pin: String) throws(ConfigurationError) {
        let name = "sslPinningPublicKeyHashes"
        if pin.hasPrefix("sha256/") {
            throw .invalidValue(name: name, value: pin, reason: "write the hash without OkHttp's sha256/ prefix")
        }
        guard let bytes = Data(base64Encoded: pin) else {
            throw .invalidValue(
                name: name, value: pin,
                reason: "it is not standard base64 (A-Z a-z 0-9 + / with = padding)")
        }
        guard bytes.count == 32 else {
            throw .invalidValue(
                name: name, value: pin,
                reason: "it decodes to \(bytes.count) bytes, and a SHA-256 hash has 32 (44 base64 characters ending in =)")
        }
    }
}
