import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// The real network: async-http-client, redirects never followed (AM's 302s carry data, and an
/// authenticate call never redirects), bodies capped at 8 MiB.
public struct AsyncHTTPTransport: HTTPTransport {
    /// One client for the whole process; it lives as long as the process.
    private static let client = HTTPClient(
        eventLoopGroup: HTTPClient.defaultEventLoopGroup,
        configuration: HTTPClient.Configuration(redirectConfiguration: .disallow)
    )
    private static let maximumBodySize = 8 * 1024 * 1024

    public init() {}

    public func send(_ request: HTTPRequest) async throws(JourneyError) -> HTTPResponse {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.method)
        for header in request.headers {
            outgoing.headers.add(name: header.name, value: header.value)
        }
        if let body = request.body {
            outgoing.body = .bytes(ByteBuffer(bytes: body))
        }
        let target = Self.displayURL(request.url)
        do {
            let deadline = NIODeadline.now() + .nanoseconds(request.timeout.nanoseconds)
            let response = try await Self.client.execute(outgoing, deadline: deadline)
            let body = try await response.body.collect(upTo: Self.maximumBodySize)
            return HTTPResponse(
                status: Int(response.status.code),
                headers: response.headers.map { HTTPHeader($0.name, $0.value) },
                body: Data(body.readableBytesView))
        } catch {
            throw Self.classify(error, url: target, timeout: request.timeout)
        }
    }

    /// Scheme, host, port and path: enough to say where, without query parameters.
    static func displayURL(_ url: URL) -> String {
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        components?.query = nil
        return components?.string ?? url.absoluteString
    }

    private static func classify(_ error: any Error, url: String, timeout: Duration) -> JourneyError {
        if error is CancellationError { return .cancelled }
        if error is NIOTooManyBytesError {
            return .network(url: url, problem: "the response body is larger than \(maximumBodySize / 1024 / 1024) MiB")
        }
        if let clientError = error as? HTTPClientError {
            switch clientError {
            case .deadlineExceeded, .readTimeout, .connectTimeout, .writeTimeout, .tlsHandshakeTimeout,
                 .getConnectionFromPoolTimeout:
                return .timedOut(url: url, after: timeout)
            case .cancelled:
                return .cancelled
            case .bodyLengthMismatch:
                return .network(url: url, problem: "the response body was incomplete")
            case .remoteConnectionClosed:
                return .network(url: url, problem: "the server closed the connection")
            default:
                break
            }
        }
        let text = String(describing: error)
        if text.localizedCaseInsensitiveContains("connection refused") || text.contains("ECONNREFUSED") {
            return .connectionRefused(url: url)
        }
        if text.localizedCaseInsensitiveContains("name or service not known")
            || text.localizedCaseInsensitiveContains("nodename nor servname")
            || text.contains("NXDOMAIN") || text.localizedCaseInsensitiveContains("no address") {
            return .hostNotFound(host: URL(string: url)?.host() ?? url)
        }
        return .network(url: url, problem: TerminalText.line(text))
    }
}

extension Duration {
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
