import Foundation

/// Checks raw option values one by one, collecting every problem instead of stopping at the
/// first, and gives each option its default when it has no value. The checks here are the
/// general ones; each kind's options add their own (`CommonOptions`, `JourneyOptions`,
/// `DaVinciOptions`).
public struct OptionReader {
    public let values: [OptionKey: OptionValue]
    public private(set) var problems: [OptionProblem] = []

    public init(values: [OptionKey: OptionValue]) {
        self.values = values
    }

    /// Notes a value that cannot be used.
    public mutating func report(_ key: OptionKey, value: String, reason: String) {
        problems.append(OptionProblem(key, value: value, reason: reason))
    }

    /// Throws every problem noted, if any.
    public func checked() throws(OptionProblems) {
        guard problems.isEmpty else { throw OptionProblems(problems) }
    }

    /// Option values are plain text: one with a control, escape or bidi character (from a
    /// file, a variable or a flag) is refused, so no option can carry one to a terminal, a
    /// trace or an export. Headers are checked by `headers()`, which keeps their values hidden.
    public mutating func refuseControlCharacters(in keys: [OptionKey]) {
        for key in keys where key != .headers {
            guard let value = values[key] else { continue }
            for item in value.items {
                if let bad = item.unicodeScalars.first(where: TerminalText.isUnsafe) {
                    report(key, value: item, reason: "it holds \(HTTPHeader.describe(bad)); option values are plain text on one line")
                }
            }
        }
    }

    /// A problem for every option of `keys` that is set and applies only to another kind of
    /// instance than `kind`; `hint` is added to the reason.
    public mutating func refuseOptions(of keys: [OptionKey], in kind: OrchestrationKind, hint: String = "") {
        for key in keys where values[key] != nil {
            guard let other = key.onlyFor, other != kind else { continue }
            report(key, value: values[key]?.description ?? "",
                   reason: "it applies to kind: \(other.rawValue) profiles, and this one is kind: \(kind.rawValue)\(hint)")
        }
    }

    /// The trimmed text of an option, nil when unset. An empty string is a problem: the SDKs
    /// throw for it rather than take the default.
    public mutating func text(_ key: OptionKey) -> String? {
        guard let value = values[key] else { return nil }
        guard case .text(let raw) = value else {
            report(key, value: value.description, reason: "expected one value, not a list")
            return nil
        }
        let text = raw.trimmingWhitespace()
        guard !text.isEmpty else {
            report(key, value: raw, reason: "it is empty; leave the option out to use \(key.defaultText.map { "the default \"\($0)\"" } ?? "no value")")
            return nil
        }
        return text
    }

    /// A number of seconds, at most a day; the default when unset or unusable.
    public mutating func seconds(_ key: OptionKey, allowsZero: Bool) -> Double {
        let fallback = Double(key.defaultText ?? "0") ?? 0
        guard let text = text(key) else { return fallback }
        guard let seconds = Double(text), seconds.isFinite else {
            report(key, value: text, reason: "expected a number of seconds")
            return fallback
        }
        guard allowsZero ? seconds >= 0 : seconds > 0 else {
            report(key, value: text, reason: allowsZero ? "it must not be negative" : "it must be more than zero")
            return fallback
        }
        guard seconds <= 86_400 else {
            report(key, value: text, reason: "it must be at most 86400 seconds (a day)")
            return fallback
        }
        return seconds
    }

    public mutating func boolean(_ key: OptionKey) -> Bool {
        let fallback = key.defaultText == "true"
        guard let text = text(key) else { return fallback }
        switch text.lowercased() {
        case "true", "yes", "on", "1": return true
        case "false", "no", "off", "0": return false
        default:
            report(key, value: text, reason: "expected true or false")
            return fallback
        }
    }

    /// One of a fixed set of words (any case); `fallback` when unset or unknown.
    public mutating func choice<Choice: RawRepresentable & CaseIterable>(_ key: OptionKey, fallback: Choice) -> Choice
        where Choice.RawValue == String {
        guard let text = text(key) else { return fallback }
        guard let choice = Choice(rawValue: text.lowercased()) else {
            report(key, value: text, reason: "expected one of \(Choice.allCases.map(\.rawValue).joined(separator: ", "))")
            return fallback
        }
        return choice
    }

    /// A single word without spaces: a client id.
    /// A list's items as written (a path may hold spaces), each trimmed, empty ones left out.
    public func items(_ key: OptionKey) -> [String] {
        (values[key]?.items ?? []).map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
    }

    public mutating func word(_ key: OptionKey) -> String? {
        guard let word = text(key) else { return nil }
        if word.contains(where: { $0.isWhitespace || $0.isASCII && $0.asciiValue! < 0x20 }) {
            report(key, value: word, reason: "it must be one word, without spaces")
        }
        return word
    }

    /// The words of a list option given as a list or as one space-separated value.
    public mutating func words(_ key: OptionKey) -> [String] {
        let words = (values[key]?.items ?? []).flatMap { $0.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init) }
        for word in words where !word.allSatisfy({ $0.isASCII && !$0.isWhitespace && $0 != "\"" && $0 != "\\" }) {
            report(key, value: word, reason: "expected plain words such as \"openid profile\"")
        }
        return words
    }

    public mutating func uri(_ key: OptionKey) -> String? {
        guard let uri = text(key) else { return nil }
        guard let components = URLComponents(string: uri), let scheme = components.scheme, !scheme.isEmpty,
              !uri.contains(where: \.isWhitespace) else {
            report(key, value: uri, reason: "it is not a URI; expected something like http://127.0.0.1/callback or com.example.app:/callback")
            return uri
        }
        return uri
    }
}
