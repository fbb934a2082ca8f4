import Foundation

/// An HTTP header field.
public struct HTTPHeader: Sendable, Hashable {
    public let name: String
    public let value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }

    /// Why HTTP cannot carry this header (RFC 9110 §5.1, §5.5: a name is a token; a value holds
    /// no control character but a tab), or nil. Says which character, never the value.
    public var problem: String? {
        if name.isEmpty { return "has no name" }
        if let bad = name.unicodeScalars.first(where: { !Self.isTokenCharacter($0) }) {
            return "has a name with \(Self.describe(bad)), which header names cannot hold"
        }
        if let bad = value.unicodeScalars.first(where: { ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F }) {
            return "has a value with \(Self.describe(bad)), which header values cannot hold"
        }
        return nil
    }

    /// RFC 9110's `tchar`: letters, digits and ``!#$%&'*+-.^_`|~``.
    static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "!", "#", "$", "%", "&", "'", "*", "+", "-", ".", "^", "_", "`", "|", "~": true
        default: false
        }
    }

    /// A character by its code point, with its name where it has one: "U+0001", "a line break (U+000A)".
    public static func describe(_ scalar: Unicode.Scalar) -> String {
        let code = "U+" + String(format: "%04X", scalar.value)
        switch scalar {
        case "\n", "\r": return "a line break (\(code))"
        case " ": return "a space"
        default: return TerminalText.isUnsafe(scalar) ? "a control character (\(code))" : "'\(scalar)' (\(code))"
        }
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
        headers.first { $0.name.equalsIgnoringCase(name) }?.value
    }

    /// Refuses a request HTTP cannot carry before a transport sees it, naming the header and
    /// never its value (a transport's own error would print the value, a secret perhaps).
    public func checkHeaders() throws(TransportError) {
        for header in headers {
            if let problem = header.problem {
                throw .unsendableHeader(url: TransportFailure.displayURL(url), name: TerminalText.line(header.name), problem: problem)
            }
        }
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
        headers.filter { $0.name.equalsIgnoringCase(name) }.map(\.value)
    }

    public func header(_ name: String) -> String? { headers(named: name).first }
}

/// Sends HTTP requests. The engine's only way out to the network, so tests can use a fake.
public protocol HTTPTransport: Sendable {
    /// Sends the request and returns the response, whatever its status. Network problems
    /// (refused, unreachable, timed out, cancelled) throw a `TransportError`.
    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse
}
