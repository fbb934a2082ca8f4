import Foundation

/// A request as a `curl` command line a person can paste into a shell to send it again.
/// Credentials are redacted unless asked for (`revealing`), through the same `TracedMessage` as
/// traces: the Authorization header, cookies, the SSO-cookie-named header, secret query
/// parameters, form fields and JSON keys.
public enum CurlCommand {
    /// `curl -X POST 'https://…' -H 'Name: value' --data-raw '…'`, each argument quoted for a
    /// POSIX shell; `rules` name the SSO cookie (which AM also reads as a header) and a
    /// profile's secret headers and parameters.
    public static func make(_ request: HTTPRequest, rules: RedactionRules, revealing: Bool = false) -> String {
        let shown = TracedMessage(request: request, rules: rules, revealing: revealing)
        var parts = ["curl"]
        if request.method != "GET" || request.body != nil { parts += ["-X", request.method] }
        parts.append(quoted(TracedMessage.url(of: request, rules: rules, revealing: revealing)))
        for header in shown.headers { parts += ["-H", quoted("\(header.name): \(header.value)")] }
        if let body = request.body, !body.isEmpty {
            parts += ["--data-raw", quoted(revealing ? String(decoding: body, as: UTF8.self) : shown.body.line)]
        }
        return parts.joined(separator: " ")
    }

    /// Single quotes, with a quote inside written as `'\''`; control characters neutralised.
    static func quoted(_ text: String) -> String {
        "'" + TerminalText.line(text).replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
