import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL

/// The real network: async-http-client, redirects never followed (AM's 302s carry data, and an
/// authenticate call never redirects), bodies capped at 8 MiB.
public struct AsyncHTTPTransport: HTTPTransport {
    /// One client for the whole process; it lives as long as the process.
    private static let shared = makeClient(tlsConfiguration: nil)

    private let client: HTTPClient

    /// The transport of profiles without TLS settings: the system's trust roots.
    public init() {
        client = Self.shared
    }

    /// A transport over a client of ``makeClient(tlsConfiguration:)``.
    init(client: HTTPClient) {
        self.client = client
    }

    /// A client that never follows redirects and, when a server is refused or unreachable,
    /// fails at once instead of retrying until the deadline: a person is waiting. It makes no
    /// distributed-tracing spans: JourneyTerm bootstraps no tracer, and the no-op tracer that
    /// async-http-client otherwise keeps still parsed each URL again for a span's attributes
    /// (3 % of a load run's CPU).
    static func makeClient(tlsConfiguration: TLSConfiguration?) -> HTTPClient {
        var configuration = HTTPClient.Configuration(tlsConfiguration: tlsConfiguration, redirectConfiguration: .disallow)
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.tracing.tracer = nil
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = 1024
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }

    /// Sends the request; `request.timeout` bounds the whole exchange, body included.
    public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        try request.checkHeaders()
        return try await ExchangeDeadline.run(url: request.url, timeout: request.timeout) { [client] () async throws(TransportError) in
            try await Self.exchange(request, client: client)
        }
    }

    private static func exchange(_ request: HTTPRequest, client: HTTPClient) async throws(TransportError) -> HTTPResponse {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.method)
        for header in request.headers {
            outgoing.headers.add(name: header.name, value: header.value)
        }
        if let body = request.body {
            outgoing.body = .bytes(ByteBuffer(bytes: body))
        }
        do {
            let deadline = NIODeadline.now() + .nanoseconds(Int64(request.timeout.inSeconds * 1e9))
            let response = try await client.execute(outgoing, deadline: deadline)
            let body = try await response.body.collect(upTo: TransportFailure.maximumBodySize)
            return HTTPResponse(
                status: Int(response.status.code),
                headers: response.headers.map { HTTPHeader($0.name, $0.value) },
                body: Data(body.readableBytesView))
        } catch {
            throw TransportFailure.classify(error, url: request.url, timeout: request.timeout)
        }
    }
}
