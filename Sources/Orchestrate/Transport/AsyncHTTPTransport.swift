import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL
import Synchronization

/// The real network: async-http-client, redirects never followed (AM's 302s carry data, and an
/// authenticate call never redirects), bodies capped at 8 MiB.
public struct AsyncHTTPTransport: HTTPTransport {
    /// One client for the whole process; it lives as long as the process.
    private static let shared = makeClient(tlsConfiguration: nil)

    private let client: HTTPClient
    private let lastRequest = LastRequest()

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

    /// Sends the request; `request.timeout` bounds the whole exchange (connection, request,
    /// response body) as async-http-client's deadline: one timer on the event loop, taken off
    /// when the answer is complete, where ``ExchangeDeadline`` would race two child tasks.
    public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        try request.checkHeaders()
        return try await Self.exchange(request, client: client, lastRequest: lastRequest)
    }

    /// Through async-http-client's future API: its async `execute` starts an unstructured task
    /// per request only to register the request for cancellation, which woke a thread of Swift's
    /// pool on every exchange (a tenth of a load run's client CPU). Cancellation stays: a
    /// cancelled caller cancels the request. A caller running on one of the client's event
    /// loops (a load run's virtual user) is answered on that loop: async-http-client picks the
    /// current loop when it is one of its own.
    private static func exchange(_ request: HTTPRequest, client: HTTPClient, lastRequest: LastRequest) async throws(TransportError) -> HTTPResponse {
        do {
            var headers = HTTPHeaders()
            for header in request.headers {
                headers.add(name: header.name, value: header.value)
            }
            var outgoing = try lastRequest.request(to: request.url, method: HTTPMethod(rawValue: request.method))
            outgoing.headers = headers
            outgoing.body = request.body.map { .byteBuffer(ByteBuffer(bytes: $0)) }
            let deadline = NIODeadline.now() + .nanoseconds(Int64(request.timeout.inSeconds * 1e9))
            let exchange = client.execute(request: outgoing, delegate: ResponseAccumulator(request: outgoing, maxBodySize: TransportFailure.maximumBodySize),
                                          eventLoop: .indifferent, deadline: deadline)
            let response = try await withTaskCancellationHandler {
                try await exchange.futureResult.get()
            } onCancel: {
                exchange.cancel()
            }
            return HTTPResponse(
                status: Int(response.status.code),
                headers: response.headers.map { HTTPHeader($0.name, $0.value) },
                body: response.body.map { Data($0.readableBytesView) } ?? Data())
        } catch {
            throw TransportFailure.classify(error, url: request.url, timeout: request.timeout)
        }
    }
}

/// The transport's last request, the start of its next one to the same URL with the same
/// method: async-http-client takes a URL apart again (through `URLComponents`) for every request
/// it is given, 3 % of a load run's CPU, where a journey sends all its steps to one URL.
private final class LastRequest: Sendable {
    private let kept = Mutex<HTTPClient.Request?>(nil)

    func request(to url: URL, method: HTTPMethod) throws -> HTTPClient.Request {
        if let last = kept.withLock({ $0 }), last.method == method, last.url == url { return last }
        let made = try HTTPClient.Request(url: url, method: method)
        kept.withLock { $0 = made }
        return made
    }
}
