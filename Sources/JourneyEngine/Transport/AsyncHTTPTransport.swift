import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// The real network: async-http-client, redirects never followed (AM's 302s carry data, and an
/// authenticate call never redirects), bodies capped at 8 MiB.
public struct AsyncHTTPTransport: HTTPTransport {
    /// One client for the whole process; it lives as long as the process. A refused or
    /// unreachable server fails at once instead of being retried until the deadline: a person
    /// is waiting.
    private static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow)
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()
    private static let maximumBodySize = 8 * 1024 * 1024

    public init() {}

    /// Sends the request; `request.timeout` bounds the whole exchange, body included.
    public func send(_ request: HTTPRequest) async throws(JourneyError) -> HTTPResponse {
        let target = Self.displayURL(request.url)
        let outcome = await withTaskGroup(of: Result<HTTPResponse, JourneyError>?.self) { group in
            group.addTask {
                do throws(JourneyError) {
                    return .success(try await Self.exchange(request))
                } catch {
                    return .failure(error)
                }
            }
            group.addTask {
                try? await Task.sleep(for: request.timeout)
                return Task.isCancelled ? nil : .failure(.timedOut(url: target, after: request.timeout))
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first ?? .failure(.cancelled)
        }
        return try outcome.get()
    }

    private static func exchange(_ request: HTTPRequest) async throws(JourneyError) -> HTTPResponse {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.method)
        for header in request.headers {
            outgoing.headers.add(name: header.name, value: header.value)
        }
        if let body = request.body {
            outgoing.body = .bytes(ByteBuffer(bytes: body))
        }
        let target = displayURL(request.url)
        do {
            let deadline = NIODeadline.now() + .nanoseconds(Int64(request.timeout.inSeconds * 1e9))
            let response = try await client.execute(outgoing, deadline: deadline)
            let body = try await response.body.collect(upTo: maximumBodySize)
            return HTTPResponse(
                status: Int(response.status.code),
                headers: response.headers.map { HTTPHeader($0.name, $0.value) },
                body: Data(body.readableBytesView))
        } catch {
            throw classify(error, url: target, timeout: request.timeout)
        }
    }

    /// Scheme, host, port and path: enough to say where, without query parameters (which may
    /// carry a resume id).
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
