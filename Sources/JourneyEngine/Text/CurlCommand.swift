import Foundation

/// A request as a `curl` command line a person can paste into a shell to send it again.
/// Credentials are redacted unless asked for (`revealing`): the Authorization header, cookies,
/// the SSO-cookie-named header, and codes in the query, as traces redact them.
public enum CurlCommand {
    /// `curl -X POST 'https://…' -H 'Name: value' --data-raw '…'`, each argument quoted for a
    /// POSIX shell; `cookieName` is the SSO cookie, which AM also reads as a header.
    public static func make(_ request: HTTPRequest, cookieName: String, revealing: Bool = false) -> String {
        let headers = revealing ? request.headers : Redaction.headers(request.headers, cookieName: cookieName)
        let url = revealing ? request.url.absoluteString : Redaction.url(request.url)
        var parts = ["curl"]
        if request.method != "GET" || request.body != nil { parts += ["-X", request.method] }
        parts.append(quoted(url))
        for header in headers { parts += ["-H", quoted("\(header.name): \(header.value)")] }
        if let body = request.body, !body.isEmpty {
            parts += ["--data-raw", quoted(revealing ? String(decoding: body, as: UTF8.self) : Redaction.authenticateBody(body))]
        }
        return parts.joined(separator: " ")
    }

    /// Single quotes, with a quote inside written as `'\''`; control characters neutralised.
    static func quoted(_ text: String) -> String {
        "'" + TerminalText.line(text).replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
