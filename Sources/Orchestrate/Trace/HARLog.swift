import Foundation

/// A client's exchanges as an HTTP Archive (HAR 1.2, the format browsers' developer tools open
/// and save), redacted through `TracedMessage` as traces are unless `revealing`.
public enum HARLog {
    /// The version of JourneyTerm's HAR export, in the archive's `creator`.
    static let exportVersion = "1"

    /// The archive as JSON text, safe to print: DEL, C1 controls and bidi overrides in its
    /// strings are `\u` escapes as in `--json` (`terminalSafeJSONText`).
    public static func data(_ exchanges: [WireExchange], revealing: Bool = false) -> Data {
        Data(document(exchanges, revealing: revealing).terminalSafeJSONText.utf8)
    }

    /// `{"log":{"version":"1.2","creator":…,"entries":[…]}}`.
    public static func document(_ exchanges: [WireExchange], revealing: Bool = false) -> JSONValue {
        let log: JSONObject = [
            "version": .string("1.2"),
            "creator": .object(["name": .string("JourneyTerm"), "version": .string(exportVersion)]),
            "pages": .array([]),
            "entries": .array(exchanges.map { entry($0, revealing: revealing) }),
        ]
        return .object(["log": .object(log)])
    }

    private static func entry(_ exchange: WireExchange, revealing: Bool) -> JSONValue {
        let milliseconds = exchange.duration.inMilliseconds
        var entry: JSONObject = [
            "startedDateTime": .string(exchange.started.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: true).timeZone(separator: .omitted))),
            "time": .double(milliseconds),
            "request": request(exchange, revealing: revealing),
            "response": response(exchange, revealing: revealing),
            "cache": .object([:]),
            "timings": .object(["send": .int(0), "wait": .double(milliseconds), "receive": .int(0)]),
        ]
        if case .failure(let error) = exchange.outcome { entry["_error"] = .string(TerminalText.line(error.description)) }
        return .object(entry)
    }

    private static func request(_ exchange: WireExchange, revealing: Bool) -> JSONValue {
        let request = exchange.request
        let shown = TracedMessage(request: request, rules: exchange.rules, revealing: revealing)
        let query = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        let shownQuery = revealing ? query : Redaction.form(query, hiding: exchange.rules.queryParameters)
        var object: JSONObject = [
            "method": .string(request.method),
            "url": .string(TracedMessage.url(of: request, rules: exchange.rules, revealing: revealing)),
            "httpVersion": .string("HTTP/1.1"),
            "headers": pairs(shown.headers.map { ($0.name, $0.value) }),
            "queryString": pairs(shownQuery.map { (TerminalText.line($0.name), TerminalText.line($0.value ?? "")) }),
            "cookies": cookies(shown.headers, named: "cookie"),
            "headersSize": .int(-1),
            "bodySize": .int(request.body?.count ?? 0),
        ]
        if let body = request.body, !body.isEmpty {
            var postData: JSONObject = ["mimeType": .string(TerminalText.line(request.header("Content-Type") ?? ""))]
            postData["text"] = text(of: shown.body).map(JSONValue.string)
            if case .form(let fields) = shown.body {
                postData["params"] = .array(fields.map { .object(["name": .string(TerminalText.line($0.name)), "value": .string(TerminalText.line($0.value ?? ""))]) })
            }
            object["postData"] = .object(postData)
        }
        return .object(object)
    }

    private static func response(_ exchange: WireExchange, revealing: Bool) -> JSONValue {
        guard let response = exchange.response else {
            // No answer (refused, timed out, cancelled): HAR's convention is status 0.
            return .object([
                "status": .int(0), "statusText": .string(""), "httpVersion": .string("HTTP/1.1"), "headers": .array([]),
                "cookies": .array([]), "content": .object(["size": .int(0), "mimeType": .string("x-unknown")]),
                "redirectURL": .string(""), "headersSize": .int(-1), "bodySize": .int(-1),
            ])
        }
        let shown = TracedMessage(response: response, rules: exchange.rules, revealing: revealing)
        var content: JSONObject = [
            "size": .int(response.body.count),
            "mimeType": .string(TerminalText.line(response.header("Content-Type") ?? "x-unknown")),
        ]
        content["text"] = text(of: shown.body).map(JSONValue.string)
        if case .opaque = shown.body { content["comment"] = .string("not JSON: left out, since nothing says which part is secret") }
        return .object([
            "status": .int(response.status),
            "statusText": .string(reason(response.status)),
            "httpVersion": .string("HTTP/1.1"),
            "headers": pairs(shown.headers.map { ($0.name, $0.value) }),
            "cookies": cookies(shown.headers, named: "set-cookie"),
            "content": .object(content),
            "redirectURL": .string(shown.headers.first { $0.name.lowercased() == "location" }?.value ?? ""),
            "headersSize": .int(-1),
            "bodySize": .int(response.body.count),
        ])
    }

    /// The body's text as the archive keeps it; nil when it is left out.
    private static func text(of body: TracedBody) -> String? {
        switch body {
        case .empty, .opaque: nil
        case .json(let json): json.jsonText
        case .form, .text: body.line
        }
    }

    private static func pairs(_ pairs: [(String, String)]) -> JSONValue {
        .array(pairs.map { .object(["name": .string($0.0), "value": .string($0.1)]) })
    }

    /// The cookies of the (already redacted) `Cookie` or `Set-Cookie` headers, by name and value.
    private static func cookies(_ headers: [HTTPHeader], named name: String) -> JSONValue {
        let values = headers.filter { $0.name.lowercased() == name }.map(\.value)
        let crumbs = name == "cookie"
            ? values.flatMap { $0.split(separator: ";").map(String.init) }
            : values.compactMap { $0.split(separator: ";").first.map(String.init) }
        return pairs(crumbs.map { crumb in
            let parts = crumb.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (parts[0].trimmingSpaces(), parts.count > 1 ? String(parts[1]) : "")
        })
    }

    /// The reason phrase of common statuses (RFC 9110 §15); other statuses have none.
    private static func reason(_ status: Int) -> String {
        let phrases = [200: "OK", 201: "Created", 204: "No Content", 302: "Found", 303: "See Other", 307: "Temporary Redirect",
                       400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed",
                       409: "Conflict", 429: "Too Many Requests", 500: "Internal Server Error", 502: "Bad Gateway",
                       503: "Service Unavailable", 504: "Gateway Timeout"]
        return phrases[status] ?? ""
    }
}
