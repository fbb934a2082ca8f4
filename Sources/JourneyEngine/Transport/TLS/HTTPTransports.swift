import X509

/// The transport for a profile's TLS settings.
public enum HTTPTransports {
    /// ``AsyncHTTPTransport`` for ``TLSPolicy/standard``; an async-http-client transport with
    /// the extra roots or without verification for `caBundle` / `insecure`; a transport that
    /// checks the pins in each connection's handshake when there are pins.
    ///
    /// - Throws: ``ConfigurationError/invalidValue(name:value:reason:)`` named `caBundle` when
    ///   the bundle can no longer be read (it is read here, once per call).
    public static func make(for policy: TLSPolicy) throws(ConfigurationError) -> any HTTPTransport {
        if policy.isStandard { return AsyncHTTPTransport() }
        let extraRoots = try policy.caBundlePath.map(CABundle.certificates(atPath:)) ?? []
        if policy.pins.isEmpty {
            return AsyncHTTPTransport(client: try TLSClients.client(for: policy, extraRoots: extraRoots))
        }
        return PinnedHTTPTransport(roots: CertificateStore.systemTrustRoots.appending(contentsOf: extraRoots), pins: policy.pins)
    }

    /// The transport for a set of options: their TLS settings (pins, CA bundle, insecure) decide
    /// it. Settings that cannot be used give a transport that refuses every request with the
    /// reason, so nothing is ever sent with weaker checks than the options ask for.
    public static func make(for options: ClientOptions) -> any HTTPTransport {
        do {
            let policy = try TLSPolicy(pins: options.sslPinningPublicKeyHashes, caBundlePath: options.caBundle, insecure: options.insecure)
            return try make(for: policy)
        } catch {
            return RefusingTransport(problem: error.description)
        }
    }
}

/// Refuses every request: the TLS settings it was made for cannot be used.
public struct RefusingTransport: HTTPTransport {
    public let problem: String

    public init(problem: String) {
        self.problem = problem
    }

    public func send(_ request: HTTPRequest) async throws(JourneyError) -> HTTPResponse {
        throw .network(url: Redaction.url(request.url), problem: problem)
    }
}
