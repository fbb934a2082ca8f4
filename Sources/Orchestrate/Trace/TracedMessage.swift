import Foundation

/// A request or a response as traces, the trace pane, curl commands and HAR files show it: its
/// headers and body with credentials hidden by what they are (`Redaction`, with the client's
/// `RedactionRules`) unless `revealing`, and every text neutralised for a terminal either way.
/// The one way an exchange is redacted, so the command line and the UI cannot differ.
public struct TracedMessage: Sendable {
    public let headers: [HTTPHeader]
    public let body: TracedBody

    public init(request: HTTPRequest, rules: RedactionRules, revealing: Bool = false) {
        headers = Self.headers(request.headers, rules: rules, revealing: revealing)
        body = TracedBody(request.body, contentType: request.header("Content-Type"), rules: rules, secretFields: request.secretBodyFields,
                          revealing: revealing)
    }

    public init(response: HTTPResponse, rules: RedactionRules, revealing: Bool = false) {
        headers = Self.headers(response.headers, rules: rules, revealing: revealing)
        body = TracedBody(response.body, contentType: response.header("Content-Type"), rules: rules, revealing: revealing)
    }

    /// The request's URL with secret query parameters hidden unless `revealing`.
    public static func url(of request: HTTPRequest, rules: RedactionRules, revealing: Bool = false) -> String {
        revealing ? TerminalText.line(request.url.absoluteString) : Redaction.url(request.url, hiding: rules.queryParameters)
    }

    private static func headers(_ headers: [HTTPHeader], rules: RedactionRules, revealing: Bool) -> [HTTPHeader] {
        guard !revealing else { return headers.map { HTTPHeader(TerminalText.line($0.name), TerminalText.line($0.value)) } }
        return Redaction.headers(headers, cookieName: rules.cookieName, hiding: rules.headers, hidingParameters: rules.queryParameters)
            .map { HTTPHeader(TerminalText.line($0.name), $0.value) }
    }
}

/// A body as a trace shows it.
public enum TracedBody: Sendable {
    case empty
    /// JSON, its credentials hidden (unless revealed).
    case json(JSONValue)
    /// A form (`application/x-www-form-urlencoded`), its secret fields hidden (unless revealed).
    case form([URLQueryItem])
    /// Neither JSON nor a form: shown only by its size, since nothing says which part is secret.
    case opaque(bytes: Int)
    /// Neither JSON nor a form, revealed: its text, neutralised for a terminal.
    case text(String)

    /// `secretFields` names JSON members whose values are hidden besides the usual ones.
    public init(_ body: Data?, contentType: String? = nil, rules: RedactionRules = RedactionRules(), secretFields: Set<String> = [],
                revealing: Bool = false) {
        guard let body, !body.isEmpty else {
            self = .empty
            return
        }
        if contentType?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true {
            let fields = String(decoding: body, as: UTF8.self).split(separator: "&").map { pair in
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                return URLQueryItem(name: FormQuery.decoded(parts[0]), value: parts.count > 1 ? FormQuery.decoded(parts[1]) : nil)
            }
            self = .form(revealing ? fields : Redaction.form(fields, hiding: rules.queryParameters))
        } else if let json = try? JSONValue.parse(body) {
            self = .json(revealing ? json : Redaction.json(json, secrets: rules.bodySecrets, fields: secretFields))
        } else {
            self = revealing ? .text(TerminalText.block(String(decoding: body, as: UTF8.self))) : .opaque(bytes: body.count)
        }
    }

    /// On one line: JSON as compact, terminal-safe text, a form as `name=value&…`, other bodies
    /// by their size (or their text, revealed).
    public var line: String {
        switch self {
        case .empty: "(empty)"
        case .json(let json): json.terminalSafeJSONText
        case .form(let fields): fields.map { "\(TerminalText.line($0.name))=\(TerminalText.line($0.value ?? ""))" }.joined(separator: "&")
        case .opaque(let bytes): "(\(bytes) bytes, not JSON)"
        case .text(let text): TerminalText.line(text)
        }
    }
}
