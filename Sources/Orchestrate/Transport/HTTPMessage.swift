import Foundation

/// An HTTP header field.
public struct HTTPHeader: Sendable, Hashable {
    public let name: String
    public let value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// A request as the engine builds it; a transport sends it.
public struct HTTPRequest: Sendable, Hashable {
    public var method: String
    public var url: URL
    public var headers: [HTTPHeader]
    public var body: Data?
    public var timeout: Duration
    /// Members of the JSON body the sender knows hold secrets (a flow's password fields, by
    /// key): traces, curl commands and HAR files hide their values. Never sent.
    public var secretBodyFields: Set<String>

    public init(method: String, url: URL, headers: [HTTPHeader], body: Data?, timeout: Duration, secretBodyFields: Set<String> = []) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.secretBodyFields = secretBodyFields
    }

    /// The first header with this name (case-insensitive).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// A response as a transport received it.
public struct HTTPResponse: Sendable, Hashable {
    public let status: Int
    public let headers: [HTTPHeader]
    public let body: Data

    public init(status: Int, headers: [HTTPHeader], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// Every value of the headers with this name (case-insensitive), in order.
    public func headers(named name: String) -> [String] {
        headers.filter { $0.name.caseInsensitiveCompare(name) == .orderedSame }.map(\.value)
    }

    public func header(_ name: String) -> String? { headers(named: name).first }
}

/// Sends HTTP requests. The engine's only way out to the network, so tests can use a fake.
public protocol HTTPTransport: Sendable {
    /// Sends the request and returns the response, whatever its status. Network problems
    /// (refused, unreachable, timed out, cancelled) throw a `TransportError`.
    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse
}
