import Foundation
import NIOCore

/// Where an `https` URL connects: host and port, and how the host is checked (a name is sent
/// in SNI and matched against the certificate's DNS names; an IP address against its IP names).
struct TLSEndpoint: Sendable {
    /// The host as it is connected to (an IPv6 address without brackets).
    let host: String
    let port: Int
    /// `https://host:port`, for messages.
    let server: String

    /// Refuses URLs that are not `https` or have no host.
    init(_ url: URL) throws(TransportError) {
        guard url.scheme?.lowercased() == "https" else {
            throw .network(
                url: TransportFailure.displayURL(url),
                problem: "TLS settings (pins, caBundle, insecure) need an https URL, and this one is not")
        }
        guard let host = url.host(percentEncoded: false), !host.isEmpty else {
            throw .network(url: TransportFailure.displayURL(url), problem: "the URL has no host")
        }
        self.host = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        self.port = url.port ?? 443
        self.server = TransportFailure.server(url)
    }

    /// Whether the host is an IP address literal.
    var isIPAddress: Bool { (try? SocketAddress(ipAddress: host, port: 0)) != nil }

    /// The name for SNI and hostname verification; nil for an IP address.
    var hostname: String? { isIPAddress ? nil : host }

    /// The address for IP verification; nil for a name.
    var ipAddress: String? { isIPAddress ? host : nil }

    /// The `Host` header: the port only when it is not 443, an IPv6 address in brackets.
    var hostHeader: String {
        let name = host.contains(":") ? "[\(host)]" : host
        return port == 443 ? name : "\(name):\(port)"
    }
}
