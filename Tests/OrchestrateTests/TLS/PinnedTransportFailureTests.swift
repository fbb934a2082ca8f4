import Foundation
import Orchestrate
import Testing
import TLSFixtures

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The pinned transport's network failures read like the default transport's.
struct PinnedTransportFailureTests {
    static let transport: any HTTPTransport = {
        try! HTTPTransports.make(for: TLSPolicy(pins: [OpenSSLCertificates.ecPin]))
    }()

    static func request(_ url: String) -> HTTPRequest {
        HTTPRequest(method: "GET", url: URL(string: url)!, headers: [], body: nil, timeout: .seconds(60))
    }

    @Test func aClosedPortIsRefused() async throws {
        let port = try SilentListener().closeAndReturnPort()
        await #expect {
            _ = try await Self.transport.send(Self.request("https://127.0.0.1:\(port)/am"))
        } throws: { error in
            guard case .connectionRefused(let url) = error as? TransportError else { return false }
            return url == "https://127.0.0.1:\(port)/am"
        }
    }

    @Test func anUnknownHostIsNotFound() async throws {
        await #expect {
            _ = try await Self.transport.send(Self.request("https://journeyterm-no-such-host.invalid/am"))
        } throws: { error in
            guard case .hostNotFound(let host) = error as? TransportError else { return false }
            return host == "journeyterm-no-such-host.invalid"
        }
    }

    @Test func cancellingEndsAnExchangeTheServerNeverAnswers() async throws {
        let listener = try SilentListener()
        let exchange = Task {
            try await Self.transport.send(Self.request("https://127.0.0.1:\(listener.port)/am"))
        }
        #expect(await listener.waitForPendingConnection(), "the transport connected")
        exchange.cancel()
        await #expect {
            _ = try await exchange.value
        } throws: { error in
            guard case .cancelled = error as? TransportError else { return false }
            return true
        }
        listener.close()
    }
}

/// A TCP socket on 127.0.0.1 that listens and never accepts: the kernel completes connections,
/// and nothing ever answers a TLS ClientHello.
private final class SilentListener: Sendable {
    let socket: Int32
    let port: Int

    init() throws {
        #if canImport(Glibc)
        let descriptor = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(descriptor, generic, length) == 0 && listen(descriptor, 8) == 0
                    && getsockname(descriptor, generic, &length) == 0
            }
        }
        guard descriptor >= 0, bound else { throw POSIXError(.EADDRNOTAVAIL) }
        socket = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    /// Whether a connection is waiting to be accepted, checked off the concurrency pool for up to
    /// the request's own timeout: the transport's event loops are shared with every other test of
    /// the run, so on a loaded machine its connect can start seconds late.
    func waitForPendingConnection() async -> Bool {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                var descriptor = pollfd(fd: self.socket, events: Int16(POLLIN), revents: 0)
                continuation.resume(returning: poll(&descriptor, 1, 60_000) == 1)
            }
        }
    }

    func close() {
        #if canImport(Glibc)
        _ = Glibc.close(socket)
        #else
        _ = Darwin.close(socket)
        #endif
    }

    func closeAndReturnPort() -> Int {
        close()
        return port
    }
}
