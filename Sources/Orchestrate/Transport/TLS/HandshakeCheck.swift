import Foundation
import NIOCore
import NIOSSL
import Synchronization
import X509

/// The certificate check of one TLS connection, run by NIOSSL's custom verification callback
/// during that connection's handshake, and what it concluded.
///
/// NIOSSL's callback replaces BoringSSL's verification entirely, so the chain and the hostname
/// are verified here with swift-certificates (RFC 5280 and RFC 6125 rules); only then are pins
/// compared, against the verified chain.
final class HandshakeCheck: Sendable {
    /// What is accepted.
    enum Rule: Sendable {
        /// A chain to one of `roots`, issued for the host; when `pins` is not empty, some
        /// certificate of the verified chain must also have one of them.
        case verify(roots: CertificateStore, pins: [String])
        /// Any chain (`insecure`): only recorded.
        case acceptAnything
    }

    private enum Outcome {
        case accepted([ServerCertificate])
        case refused(TransportError)
    }

    private let rule: Rule
    private let endpoint: TLSEndpoint
    private let outcome = Mutex<Outcome?>(nil)

    init(_ rule: Rule, endpoint: TLSEndpoint) {
        self.rule = rule
        self.endpoint = endpoint
    }

    /// The chain accepted: the verified one (leaf to root), or the presented one when anything is.
    var acceptedChain: [ServerCertificate]? {
        outcome.withLock { outcome in
            if case .accepted(let chain) = outcome { chain } else { nil }
        }
    }

    /// Why the handshake was refused, when this check refused it.
    var refusal: TransportError? {
        outcome.withLock { outcome in
            if case .refused(let error) = outcome { error } else { nil }
        }
    }

    /// NIOSSL's `NIOSSLCustomVerificationCallbackWithMetadata`, called once per handshake.
    func verify(_ presented: [NIOSSLCertificate], _ promise: EventLoopPromise<NIOSSLVerificationResultWithMetadata>) {
        let encoded = Result { try presented.map { try $0.toDERBytes() } }
        promise.completeWithTask {
            let decision = await self.decide(encoded)
            self.outcome.withLock { $0 = decision }
            if case .accepted = decision { return .certificateVerified(VerificationMetadata(nil)) }
            return .failed
        }
    }

    private func decide(_ encoded: Result<[[UInt8]], any Error>) async -> Outcome {
        do {
            return try await decide(encoded.get().map { try Certificate(derEncoded: $0) })
        } catch {
            return .refused(.certificateNotTrusted(
                server: endpoint.server, reason: "the server sent a certificate that cannot be read (\(TerminalText.line("\(error)")))"))
        }
    }

    private func decide(_ presented: [Certificate]) async throws -> Outcome {
        guard let leaf = presented.first else {
            return .refused(.certificateNotTrusted(server: endpoint.server, reason: "the server sent no certificate"))
        }
        guard case .verify(let roots, let pins) = rule else {
            return .accepted(try presented.map(ServerCertificate.init))
        }
        var verifier = Verifier(rootCertificates: roots) {
            RFC5280Policy()
            ServerIdentityPolicy(serverHostname: endpoint.hostname, serverIP: endpoint.ipAddress)
        }
        let intermediates = CertificateStore(presented.dropFirst())
        guard case .validCertificate(let chain) = await verifier.validate(leaf: leaf, intermediates: intermediates) else {
            return .refused(.certificateNotTrusted(
                server: endpoint.server, reason: await reason(leaf: leaf, intermediates: intermediates, roots: roots)))
        }
        let seen = try chain.map(ServerCertificate.init)
        if pins.isEmpty || seen.contains(where: { pins.contains($0.pin) }) { return .accepted(seen) }
        return .refused(.pinMismatch(server: endpoint.server, seen: seen, expected: pins))
    }

    /// Words for why no chain verified: the leaf's dates, then whether it verifies without the
    /// host check (another host's certificate), else no trusted root was reached.
    private func reason(leaf: Certificate, intermediates: CertificateStore, roots: CertificateStore) async -> String {
        let now = Date()
        if leaf.notValidAfter < now { return "it expired on \(leaf.notValidAfter.formatted(.iso8601))" }
        if leaf.notValidBefore > now { return "it is not valid before \(leaf.notValidBefore.formatted(.iso8601))" }
        var chainOnly = Verifier(rootCertificates: roots) { RFC5280Policy() }
        if case .validCertificate = await chainOnly.validate(leaf: leaf, intermediates: intermediates) {
            return "it is not issued for \(TerminalText.line(endpoint.host))"
        }
        return "its chain does not lead to a trusted root (self-signed, or a private CA)"
    }
}
