import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// One request over one new TLS connection whose certificates a ``HandshakeCheck`` decides on
/// during the handshake: SwiftNIO's bootstrap, NIOSSL's client handler with its custom
/// verification callback, and NIOHTTP1's client codec. The connection is closed afterwards.
enum CheckedTLSExchange {
    /// NIOSSL calls the custom verification callback only when verification is on; what is
    /// trusted is decided by the callback, so one context serves every connection.
    private static let context: Result<NIOSSLContext, any Error> = Result {
        try NIOSSLContext(configuration: .makeClientConfiguration())
    }

    /// Sends the request and returns the response. Errors are left for the caller to classify;
    /// a refused handshake is described by `check.refusal`.
    static func perform(_ request: HTTPRequest, endpoint: TLSEndpoint, check: HandshakeCheck) async throws -> HTTPResponse {
        let context = try context.get()
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.nanoseconds(Int64(request.timeout.inSeconds * 1e9)))
            .connect(host: endpoint.host, port: endpoint.port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    let tls = try NIOSSLClientHandler(
                        context: context, serverHostname: endpoint.hostname,
                        customVerificationCallbackWithMetadata: check.verify)
                    try channel.pipeline.syncOperations.addHandler(tls)
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    return try NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>(wrappingChannelSynchronously: channel)
                }
            }
        return try await withTaskCancellationHandler {
            try await channel.executeThenClose { inbound, outbound in
                try await outbound.write(.head(head(of: request, endpoint: endpoint)))
                if let body = request.body {
                    try await outbound.write(.body(.byteBuffer(ByteBuffer(bytes: body))))
                }
                try await outbound.write(.end(nil))
                return try await response(from: inbound, url: request.url)
            }
        } onCancel: {
            channel.channel.close(promise: nil)
        }
    }

    /// The request line and headers: `Host`, the request's own headers, the body's length, and
    /// `Connection: close` (one request per connection).
    private static func head(of request: HTTPRequest, endpoint: TLSEndpoint) -> HTTPRequestHead {
        var target = request.url.path(percentEncoded: true)
        if target.isEmpty { target = "/" }
        if let query = request.url.query(percentEncoded: true) { target += "?" + query }
        var headers = HTTPHeaders()
        if request.header("Host") == nil { headers.add(name: "Host", value: endpoint.hostHeader) }
        for header in request.headers { headers.add(name: header.name, value: header.value) }
        if request.body != nil || !["GET", "HEAD"].contains(request.method.uppercased()) {
            headers.replaceOrAdd(name: "Content-Length", value: String(request.body?.count ?? 0))
        }
        headers.replaceOrAdd(name: "Connection", value: "close")
        return HTTPRequestHead(version: .http1_1, method: HTTPMethod(rawValue: request.method), uri: target, headers: headers)
    }

    /// The first final (non-1xx) response, its body capped like the default transport's.
    private static func response(
        from inbound: NIOAsyncChannelInboundStream<HTTPClientResponsePart>, url: URL
    ) async throws -> HTTPResponse {
        var head: HTTPResponseHead?
        var body = ByteBuffer()
        for try await part in inbound {
            switch part {
            case .head(let received) where received.status.code >= 200:
                head = received
            case .head:
                continue
            case .body(var chunk):
                guard body.readableBytes + chunk.readableBytes <= TransportFailure.maximumBodySize else {
                    throw TransportFailure.bodyTooLarge(url)
                }
                body.writeBuffer(&chunk)
            case .end:
                guard let head else { continue }
                return HTTPResponse(
                    status: Int(head.status.code),
                    headers: head.headers.map { HTTPHeader($0.name, $0.value) },
                    body: Data(body.readableBytesView))
            }
        }
        throw TransportError.network(url: TransportFailure.displayURL(url), problem: "the server closed the connection")
    }
}
