extension DemoAMConfiguration {
    /// An HTTPS listener beside the HTTP one, with a self-signed certificate made at start for
    /// `127.0.0.1` and `localhost`.
    public struct HTTPS: Sendable, Hashable {
        /// The port used unless another is asked for.
        public static let defaultPort = 8443

        /// The certificate's key.
        public enum KeyType: String, Sendable, Hashable, CaseIterable {
            /// ECDSA on P-256 (the default).
            case ec
            /// RSA with a 2048-bit modulus.
            case rsa
        }

        /// The TCP port on 127.0.0.1; 0 picks a free port.
        public var port: Int
        public var keyType: KeyType

        public init(port: Int = HTTPS.defaultPort, keyType: KeyType = .ec) {
            self.port = port
            self.keyType = keyType
        }
    }
}
