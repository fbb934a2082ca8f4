import Foundation
import X509

/// A server's certificate chain, for `journey config pins URL`.
public enum ServerChain {
    /// Connects to `url` (https), sends `HEAD`, and returns the chain with each certificate's pin.
    ///
    /// By default the chain must verify to a system root (or one of `caBundlePath`) and be issued
    /// for the host, and the verified chain is returned, leaf to root: a pin on any of them works.
    /// With `insecure`, nothing is verified and the chain is returned as the server presented it
    /// (how to see a self-signed certificate's pin).
    ///
    /// - Throws: ``ConfigurationError`` for an unreadable `caBundlePath`; ``TransportError`` when
    ///   the URL is not https, the server cannot be reached, or its chain does not verify.
    public static func fetch(
        _ url: URL, caBundlePath: String? = nil, insecure: Bool = false, timeout: Duration = .seconds(30)
    ) async throws -> [ServerCertificate] {
        let extraRoots = try caBundlePath.map(CABundle.certificates(atPath:)) ?? []
        let rule: HandshakeCheck.Rule = insecure
            ? .acceptAnything
            : .verify(roots: CertificateStore.systemTrustRoots.appending(contentsOf: extraRoots), pins: [])
        let endpoint = try TLSEndpoint(url)
        let check = HandshakeCheck(rule, endpoint: endpoint)
        let request = HTTPRequest(method: "HEAD", url: url, headers: [], body: nil, timeout: timeout)
        return try await ExchangeDeadline.run(url: url, timeout: timeout) { () async throws(TransportError) in
            do {
                _ = try await CheckedTLSExchange.perform(request, endpoint: endpoint, check: check)
            } catch {
                // The handshake is what counts; a server that then answers HEAD badly still showed its chain.
                if let chain = check.acceptedChain { return chain }
                // Cancelled while connecting: the channel closed at once reads as the server's doing.
                if Task.isCancelled { throw .cancelled }
                throw check.refusal ?? TransportFailure.classify(error, url: url, timeout: timeout)
            }
            return check.acceptedChain ?? []
        }
    }
}
