import Foundation
import Orchestrate

/// Checks raw option values one by one, collecting every problem instead of stopping at the
/// first, and gives each option its default when it has no value.
struct OptionReader {
    let values: [OptionKey: OptionValue]
    var problems: [OptionProblem] = []

    init(values: [OptionKey: OptionValue]) {
        self.values = values
    }

    /// Option values are plain text: one with a control, escape or bidi character (from a
    /// file, a variable or a flag) is refused, so no option can carry one to a terminal, a
    /// trace or an export. Headers are checked by `headers()`, which keeps their values hidden.
    mutating func refuseControlCharacters() {
        for key in OptionKey.allCases where key != .headers {
            guard let value = values[key] else { continue }
            for item in value.items {
                if let bad = item.unicodeScalars.first(where: TerminalText.isUnsafe) {
                    problems.append(OptionProblem(key, value: item, reason: "it holds \(HTTPHeader.describe(bad)); option values are plain text on one line"))
                }
            }
        }
    }

    /// The trimmed text of an option, nil when unset. An empty string is a problem: the SDKs
    /// throw for it rather than take the default.
    mutating func text(_ key: OptionKey) -> String? {
        guard let value = values[key] else { return nil }
        guard case .text(let raw) = value else {
            problems.append(OptionProblem(key, value: value.description, reason: "expected one value, not a list"))
            return nil
        }
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else {
            problems.append(OptionProblem(key, value: raw, reason: "it is empty; leave the option out to use \(key.defaultText.map { "the default \"\($0)\"" } ?? "no value")"))
            return nil
        }
        return text
    }

    mutating func url() -> String {
        guard let url = text(.url) else {
            if values[.url] == nil {
                problems.append(OptionProblem(.url, value: "", reason: "it is required (AM's deployment URL, e.g. https://am.example.com/am)"))
            }
            return ""
        }
        do {
            _ = try ServerConfiguration(url: url)
        } catch {
            problems.append(OptionProblem(.url, value: url, reason: error.reason))
        }
        return url
    }

    /// The realm as written and as read; the top-level realm when unset or unusable.
    mutating func realm() -> (text: String, realm: Realm) {
        guard let text = text(.realm) else { return ("root", .root) }
        do {
            return (text, try Realm(text))
        } catch {
            problems.append(OptionProblem(.realm, value: text, reason: error.reason))
            return (text, .root)
        }
    }

    mutating func seconds(_ key: OptionKey, allowsZero: Bool) -> Double {
        let fallback = Double(key.defaultText ?? "0") ?? 0
        guard let text = text(key) else { return fallback }
        guard let seconds = Double(text), seconds.isFinite else {
            problems.append(OptionProblem(key, value: text, reason: "expected a number of seconds"))
            return fallback
        }
        guard allowsZero ? seconds >= 0 : seconds > 0 else {
            problems.append(OptionProblem(key, value: text, reason: allowsZero ? "it must not be negative" : "it must be more than zero"))
            return fallback
        }
        guard seconds <= 86_400 else {
            problems.append(OptionProblem(key, value: text, reason: "it must be at most 86400 seconds (a day)"))
            return fallback
        }
        return seconds
    }

    mutating func boolean(_ key: OptionKey) -> Bool {
        let fallback = key.defaultText == "true"
        guard let text = text(key) else { return fallback }
        switch text.lowercased() {
        case "true", "yes", "on", "1": return true
        case "false", "no", "off", "0": return false
        default:
            problems.append(OptionProblem(key, value: text, reason: "expected true or false"))
            return fallback
        }
    }

    mutating func cookieName() -> String {
        guard let name = text(.cookieName) else { return ServerConfiguration.defaultCookieName }
        guard name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }) else {
            problems.append(OptionProblem(.cookieName, value: name, reason: "use letters, digits, '-', '_' or '.'"))
            return name
        }
        return name
    }

    /// A single word without spaces: a client id or a journey name.
    mutating func word(_ key: OptionKey) -> String? {
        guard let word = text(key) else { return nil }
        if word.contains(where: { $0.isWhitespace || $0.isASCII && $0.asciiValue! < 0x20 }) {
            problems.append(OptionProblem(key, value: word, reason: "it must be one word, without spaces"))
        }
        return word
    }

    mutating func uri(_ key: OptionKey) -> String? {
        guard let uri = text(key) else { return nil }
        guard let components = URLComponents(string: uri), let scheme = components.scheme, !scheme.isEmpty,
              !uri.contains(where: \.isWhitespace) else {
            problems.append(OptionProblem(key, value: uri, reason: "it is not a URI; expected something like http://127.0.0.1/callback or com.example.app:/callback"))
            return uri
        }
        return uri
    }

    mutating func scope() -> String? {
        guard let scope = text(.oauthScope) else { return nil }
        let words = scope.split(whereSeparator: { $0 == " " || $0 == "," })
        guard words.allSatisfy({ $0.allSatisfy { $0.isASCII && !$0.isWhitespace && $0 != "\"" && $0 != "\\" } }) else {
            problems.append(OptionProblem(.oauthScope, value: scope, reason: "expected scope words such as \"openid profile\""))
            return scope
        }
        return words.joined(separator: " ")
    }

    mutating func pins() -> [String] {
        let pins = values[.sslPinningPublicKeyHashes]?.items.map { $0.trimmingCharacters(in: .whitespaces) } ?? []
        for pin in pins where Data(base64Encoded: pin)?.count != 32 {
            problems.append(OptionProblem(.sslPinningPublicKeyHashes, value: pin,
                                          reason: "a pin is the base64 of a 32-byte SHA-256 (44 characters ending in '=')"))
        }
        return pins
    }

    mutating func storeName(_ key: OptionKey) -> String? {
        guard let name = text(key) else { return nil }
        do {
            try InstanceStores.validate(instanceName: name)
        } catch {
            problems.append(OptionProblem(key, value: name, reason: "use 1–\(InstanceStores.maximumInstanceNameLength) letters, digits, '-', '_' or '.'"))
        }
        if let prefix = StoreRole.reservedPrefix(of: name) {
            problems.append(OptionProblem(key, value: name, reason: "names starting with \"\(prefix)\" are JourneyTerm's own records; name another store"))
        }
        return name
    }

    /// Two store options naming one store would make one role overwrite the other (tokens over
    /// the SSO session …); a DaVinci instance keeps its cookies in its session store.
    mutating func distinctStores(_ named: [(OptionKey, String?)], kind: OrchestrationKind) {
        let given = named.compactMap { key, name in name.map { (key, $0) } }
        for (index, (key, name)) in given.enumerated() {
            for (otherKey, other) in given[(index + 1)...] where other == name {
                if kind == .davinci, Set([key, otherKey]) == [.sessionStore, .cookieStore] { continue }
                problems.append(OptionProblem(otherKey, value: other, reason: "\(key.rawValue) names the same store; each needs its own, or one would overwrite the other"))
            }
        }
    }

    mutating func endpoints() -> [OptionKey: String] {
        var endpoints: [OptionKey: String] = [:]
        for key in OptionKey.allCases where key.group == .endpoints {
            guard let path = text(key) else { continue }
            if let problem = EndpointPath.problem(with: path) {
                problems.append(OptionProblem(key, value: path, reason: problem))
            }
            endpoints[key] = path
        }
        return endpoints
    }

    mutating func locale() -> String? {
        guard let locale = text(.locale) else { return nil }
        guard locale.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
            problems.append(OptionProblem(.locale, value: locale, reason: "expected a language tag such as fr or en-GB"))
            return locale
        }
        return locale
    }

    /// `Name: value` items. A header HTTP cannot carry is refused here, when given, with its
    /// name and never its value (it may be a secret), so it is never sent or stored; so is a
    /// value with a character a terminal would act on (C1, bidi), which a trace would show.
    mutating func headers() -> [HTTPHeader] {
        (values[.headers]?.items ?? []).compactMap { item in
            let parts = item.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, !parts[0].isEmpty else {
                problems.append(OptionProblem(.headers, value: Redaction.headerLine(item), reason: "expected \"Name: value\""))
                return nil
            }
            let header = HTTPHeader(parts[0], parts[1])
            let unprintable = header.value.unicodeScalars.first { $0 != "\t" && TerminalText.isUnsafe($0) }
            if let problem = header.problem ?? unprintable.map({ "has a value with \(HTTPHeader.describe($0)), which header values here cannot hold" }) {
                problems.append(OptionProblem(.headers, value: Redaction.headerLine(item), reason: "the header \(TerminalText.line(header.name)) \(problem)"))
                return nil
            }
            return header
        }
    }

    mutating func queryParameters() -> [QueryParameter] {
        (values[.queryParameters]?.items ?? []).compactMap { item in
            let parts = item.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty, !parts[0].contains(where: \.isWhitespace) else {
                problems.append(OptionProblem(.queryParameters, value: Redaction.headerLine(item), reason: "expected \"name=value\""))
                return nil
            }
            return QueryParameter(name: parts[0], value: parts[1])
        }
    }

    mutating func preset() -> StoragePreset {
        guard let text = text(.preset) else { return .shared }
        guard let preset = StoragePreset(rawValue: text.lowercased()) else {
            problems.append(OptionProblem(.preset, value: text,
                                          reason: "expected one of \(StoragePreset.allCases.map(\.rawValue).joined(separator: ", "))"))
            return .shared
        }
        return preset
    }

    mutating func orchestrationKind() -> OrchestrationKind {
        guard let text = text(.kind) else { return .journey }
        guard let kind = OrchestrationKind(rawValue: text.lowercased()) else {
            problems.append(OptionProblem(.kind, value: text, reason: "expected journey or davinci"))
            return .journey
        }
        return kind
    }

    /// The words of a list option given as a list or as one space-separated value.
    mutating func words(_ key: OptionKey) -> [String] {
        let words = (values[key]?.items ?? []).flatMap { $0.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init) }
        for word in words where !word.allSatisfy({ $0.isASCII && !$0.isWhitespace && $0 != "\"" && $0 != "\\" }) {
            problems.append(OptionProblem(key, value: word, reason: "expected plain words such as \"openid profile\""))
        }
        return words
    }

    /// The options a DaVinci instance needs, or a problem for each one missing.
    mutating func requireDaVinci(discoveryEndpoint: String?, clientId: String?, scopes: [String], redirectUri: String?) {
        if let discoveryEndpoint, URL(string: discoveryEndpoint)?.host() == nil || !["http", "https"].contains(URL(string: discoveryEndpoint)?.scheme ?? "") {
            problems.append(OptionProblem(.discoveryEndpoint, value: discoveryEndpoint,
                                          reason: "expected the environment's discovery document, e.g. https://auth.pingone.com/<envId>/as/.well-known/openid-configuration"))
        }
        for (key, missing) in [(OptionKey.discoveryEndpoint, discoveryEndpoint == nil), (.clientId, clientId == nil), (.scopes, scopes.isEmpty),
                               (.redirectUri, redirectUri == nil)] where missing && values[key] == nil {
            problems.append(OptionProblem(key, value: "", reason: "a davinci profile needs it (\(key.summary))"))
        }
    }

    /// A problem for every option set that the other kind of instance takes.
    mutating func refuseOptions(of other: OrchestrationKind, in kind: OrchestrationKind) {
        for key in OptionKey.allCases where key.onlyFor == other && values[key] != nil {
            let instead = kind == .journey ? " (a journey's OAuth client is oauthClientId, oauthRedirectUri and oauthScope)" : ""
            problems.append(OptionProblem(key, value: values[key]?.description ?? "",
                                          reason: "it applies to kind: \(other.rawValue) profiles, and this one is kind: \(kind.rawValue)\(instead)"))
        }
    }

    mutating func logLevel() -> ClientOptions.LogLevel {
        guard let text = text(.logLevel) else { return .info }
        guard let level = ClientOptions.LogLevel(rawValue: text.lowercased()) else {
            problems.append(OptionProblem(.logLevel, value: text,
                                          reason: "expected one of \(ClientOptions.LogLevel.allCases.map(\.rawValue).joined(separator: ", "))"))
            return .info
        }
        return level
    }
}

/// An extra query parameter sent with every request to the instance's server.
public struct QueryParameter: Sendable, Hashable, Codable {
    public let name: String
    public let value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
