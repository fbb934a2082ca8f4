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
}

/// Refuses every request: the TLS settings it was made for cannot be used.
public struct RefusingTransport: HTTPTransport {
    public let problem: String

    public init(problem: String) {
        self.problem = problem
    }

    public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        throw .network(url: Redaction.url(request.url), problem: problem)
    }
}
