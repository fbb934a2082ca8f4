import X509

/// The transport of profiles with pins (`sslPinningPublicKeyHashes`): every request goes over
/// its own TLS connection, accepted only when the chain verifies to a trusted root (the
/// system's and the `caBundle`'s), is issued for the host, and holds a pinned key. The pins are
/// checked in the handshake of the connection that carries the request. Otherwise like
/// ``AsyncHTTPTransport``: one deadline, redirects not followed, bodies capped at 8 MiB.
///
/// The system's roots are swift-certificates' `CertificateStore.systemTrustRoots`, read from the
/// distribution's CA file on Linux; on other platforms only the `caBundle` is trusted.
struct PinnedHTTPTransport: HTTPTransport {
    let roots: CertificateStore
    let pins: [String]

    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        try request.checkHeaders()
        return try await ExchangeDeadline.run(url: request.url, timeout: request.timeout) { () async throws(TransportError) in
            let endpoint = try TLSEndpoint(request.url)
            let check = HandshakeCheck(.verify(roots: roots, pins: pins), endpoint: endpoint)
            do {
                return try await CheckedTLSExchange.perform(request, endpoint: endpoint, check: check)
            } catch {
                // Cancelled while connecting: the channel closed at once reads as the server's doing.
                if Task.isCancelled { throw .cancelled }
                throw check.refusal ?? TransportFailure.classify(error, url: request.url, timeout: request.timeout)
            }
        }
    }
}
