import AsyncHTTPClient
import Foundation
import NIOCore
import NIOPosix
import NIOSSL

/// How the transports turn what went wrong underneath into a ``TransportError``.
enum TransportFailure {
    static let maximumBodySize = 8 * 1024 * 1024

    /// Scheme, host, port and path: enough to say where, without query parameters (which may
    /// carry a resume id).
    static func displayURL(_ url: URL) -> String {
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        components?.query = nil
        return components?.string ?? url.absoluteString
    }

    /// Scheme, host and port: the server a certificate belongs to.
    static func server(_ url: URL) -> String {
        var components = URLComponents()
        components.scheme = url.scheme
        components.host = url.host()
        components.port = url.port
        return components.string ?? url.absoluteString
    }

    static func bodyTooLarge(_ url: URL) -> TransportError {
        .network(url: displayURL(url), problem: "the response body is larger than \(maximumBodySize / 1024 / 1024) MiB")
    }

    static func classify(_ error: any Error, url: URL, timeout: Duration) -> TransportError {
        let target = displayURL(url)
        if let transportError = error as? TransportError { return transportError }
        if error is CancellationError { return .cancelled }
        if error is ResponseAccumulator.ResponseTooBigError { return bodyTooLarge(url) }
        if let clientError = error as? HTTPClientError, let classified = classify(clientError, url: target, timeout: timeout) {
            return classified
        }
        if let certificateProblem = certificateProblem(error, host: url.host() ?? "") {
            return .certificateNotTrusted(server: server(url), reason: certificateProblem)
        }
        if let connectionError = error as? NIOConnectionError, connectionError.connectionErrors.isEmpty,
           connectionError.dnsAError != nil || connectionError.dnsAAAAError != nil {
            return .hostNotFound(host: url.host() ?? target)
        }
        if case .connectTimeout? = error as? ChannelError {
            return .timedOut(url: target, after: timeout)
        }
        let text = String(describing: error)
        if text.localizedCaseInsensitiveContains("connection refused") || text.contains("ECONNREFUSED") {
            return .connectionRefused(url: target)
        }
        if text.localizedCaseInsensitiveContains("connection reset by peer") || text.contains("ECONNRESET") {
            return .network(url: target, problem: "the server closed the connection")
        }
        if text.localizedCaseInsensitiveContains("name or service not known")
            || text.localizedCaseInsensitiveContains("nodename nor servname")
            || text.contains("NXDOMAIN") || text.localizedCaseInsensitiveContains("no address") {
            return .hostNotFound(host: url.host() ?? target)
        }
        return .network(url: target, problem: TerminalText.line(text))
    }

    private static func classify(_ error: HTTPClientError, url: String, timeout: Duration) -> TransportError? {
        switch error {
        case .deadlineExceeded, .readTimeout, .connectTimeout, .writeTimeout, .tlsHandshakeTimeout,
             .getConnectionFromPoolTimeout:
            .timedOut(url: url, after: timeout)
        case .cancelled:
            .cancelled
        case .bodyLengthMismatch:
            .network(url: url, problem: "the response body was incomplete")
        case .remoteConnectionClosed:
            .network(url: url, problem: "the server closed the connection")
        default:
            nil
        }
    }

    /// What BoringSSL's own verification refused, in words, or nil for other errors.
    private static func certificateProblem(_ error: any Error, host: String) -> String? {
        if let extra = error as? NIOSSLExtraError, extra == .failedToValidateHostname {
            return "it is not issued for \(TerminalText.line(host))"
        }
        if let sslError = error as? NIOSSLError, case .handshakeFailed(let underlying) = sslError,
           String(describing: underlying).contains("CERTIFICATE_VERIFY_FAILED") {
            return "its chain does not lead to a trusted root (self-signed, a private CA, or expired)"
        }
        return nil
    }
}
