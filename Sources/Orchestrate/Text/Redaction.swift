import Foundation

/// Hides secrets before anything is logged or traced: passwords, one-time codes, KBA answers,
/// SSO tokens, cookies, OTP seeds. Traces stay useful: names, types, lengths and prefixes remain.
public enum Redaction {
    public static let marker = "‹redacted›"

    /// A token shown by its first characters and length: `AQIC5w…(155 chars)`; those characters
    /// neutralised like any text from a server (`TerminalText`).
    public static func token(_ value: String) -> String {
        value.count <= 8 ? marker : "\(TerminalText.line(String(value.prefix(6))))…(\(value.count) chars)"
    }

    /// Header values with credentials hidden. `cookieName` is the SSO cookie, which AM also
    /// accepts as a header.
    /// `hiding` names further headers whose values are secret (a profile's extra headers), and
    /// `hidingParameters` further query parameters (in a redirect's `Location`).
    public static func headers(_ headers: [HTTPHeader], cookieName: String?, hiding: Set<String> = [],
                               hidingParameters: Set<String> = []) -> [HTTPHeader] {
        headers.map { header in
            if hiding.contains(header.name.lowercased()) { return HTTPHeader(header.name, marker) }
            switch header.name.lowercased() {
            case "cookie":
                return HTTPHeader(header.name, cookies(header.value, separator: "; "))
            case "set-cookie":
                let parts = header.value.split(separator: ";", maxSplits: 1)
                let rest = parts.count > 1 ? TerminalText.line(";" + parts[1]) : ""
                return HTTPHeader(header.name, cookies(String(parts.first ?? ""), separator: "") + rest)
            case "authorization", "proxy-authorization":
                // The scheme is shown (a server chose it: `token_type`), neutralised.
                return HTTPHeader(header.name, (header.value.split(separator: " ").first.map { TerminalText.line(String($0)) + " " } ?? "") + marker)
            case cookieName?.lowercased():
                return HTTPHeader(header.name, token(header.value))
            case "location":
                // An authorize redirect carries the authorization code in its query.
                return HTTPHeader(header.name, URL(string: header.value).map { url($0, hiding: hidingParameters) } ?? TerminalText.line(header.value))
            default:
                return HTTPHeader(header.name, TerminalText.line(header.value))
            }
        }
    }

    /// An option item that may carry a secret, `Name: value` or `name=value`, with its value hidden.
    public static func headerLine(_ line: String) -> String {
        guard let separator = line.firstIndex(where: { $0 == ":" || $0 == "=" }) else { return marker }
        let name = TerminalText.line(String(line[..<separator]).trimmingSpaces())
        return line[separator] == ":" ? "\(name): \(marker)" : "\(name)=\(marker)"
    }

    private static func cookies(_ text: String, separator: String) -> String {
        text.split(separator: ";").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = parts[0].trimmingSpaces()
            let value = parts.count > 1 ? String(parts[1]) : ""
            let shownName = TerminalText.line(name)
            return name == "amlbcookie" ? "\(shownName)=\(TerminalText.line(value))" : "\(shownName)=\(TerminalText.line(token(value)))"
        }.joined(separator: separator.isEmpty ? "; " : separator)
    }

    /// JSON keys whose string values are credentials wherever they appear in a body: AM's
    /// session and journey ids, a resume id, OAuth tokens, codes, PKCE verifiers, secrets.
    static let secretKeys: Set<String> = [
        "tokenId", "authId", "suspendedId", "access_token", "refresh_token", "id_token", "code", "code_verifier",
        "client_secret", "password",
    ]

    /// Query and form parameters whose values are credentials (a token request's code and
    /// verifier, a revocation's token, an end-session's ID token hint, a resume id, AM's handles
    /// to a SAML or form-post answer).
    static let secretParameters: Set<String> = [
        "suspendedId", "code", "code_verifier", "client_secret", "client_assertion", "token", "access_token",
        "refresh_token", "id_token", "id_token_hint", "password", "responsekey", "form_post_entry",
    ]

    /// JSON keys whose values are never shown even in part (a token's first characters help
    /// to tell tokens apart; a password's would help to guess it).
    static let wholeSecretKeys: Set<String> = ["password", "client_secret"]

    /// A JSON body with credentials hidden by what they are, never by what they look like: the
    /// string values of `secretKeys` at any depth, the values of `fields` (members the sender
    /// knows are secret, such as a flow's password fields), then what the protocol's `secrets`
    /// know (a journey step's secret inputs, whatever AM named them; OTP seeds).
    public static func json(_ value: JSONValue, secrets: [BodySecrets] = [], fields: Set<String> = []) -> JSONValue {
        secrets.reduce(hidingSecretKeys(value, fields: fields)) { hidden, rule in rule.hiding(in: hidden) }
    }

    private static func hidingSecretKeys(_ value: JSONValue, fields: Set<String>) -> JSONValue {
        switch value {
        case .object(let object):
            var hidden = JSONObject()
            for (key, member) in object {
                if fields.contains(key) || (wholeSecretKeys.contains(key) && member.stringValue != nil) {
                    hidden[key] = member.stringValue == "" ? member : .string(marker)
                } else if secretKeys.contains(key), let text = member.stringValue {
                    hidden[key] = .string(token(text))
                } else {
                    hidden[key] = hidingSecretKeys(member, fields: fields)
                }
            }
            return .object(hidden)
        case .array(let elements):
            return .array(elements.map { hidingSecretKeys($0, fields: fields) })
        default:
            return value
        }
    }

    /// A form's fields (`application/x-www-form-urlencoded`) with the values of secret
    /// parameters hidden; `hiding` names further ones.
    public static func form(_ fields: [URLQueryItem], hiding: Set<String> = []) -> [URLQueryItem] {
        fields.map { field in
            secretParameters.contains(field.name) || hiding.contains(field.name)
                ? URLQueryItem(name: field.name, value: field.value.map(token)) : field
        }
    }

    /// A URL with the values of secret query parameters (`suspendedId`, which resumes a journey
    /// like a password would, an authorization code, an end-session's `id_token_hint`) hidden.
    /// `hiding` names further parameters whose values are secret (a profile's extra parameters).
    public static func url(_ url: URL, hiding: Set<String> = []) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
              let items = components.queryItems else { return TerminalText.line(url.absoluteString) }
        components.queryItems = items.map { item in
            secretParameters.contains(item.name) || hiding.contains(item.name) ? URLQueryItem(name: item.name, value: item.value.map(token)) : item
        }
        return TerminalText.line(components.string ?? url.absoluteString)
    }

    /// Whether a prompt asks for a one-time code (OATH verification, recovery codes, a flow's
    /// code field): what is typed there is hidden like a password.
    public static func looksLikeCode(_ prompt: String) -> Bool {
        let lowered = prompt.lowercased()
        return ["code", "otp", "one time", "one-time", "passcode", "token"].contains { lowered.contains($0) }
    }
}
