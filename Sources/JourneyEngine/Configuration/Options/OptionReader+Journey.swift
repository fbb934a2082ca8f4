import Foundation
import Orchestrate

/// The checks of a journey instance's own options.
extension OptionReader {
    /// AM's deployment URL as written, and read once; required.
    mutating func url() -> (text: String, baseURL: URL?) {
        guard let url = text(.url) else {
            if values[.url] == nil {
                report(.url, value: "", reason: "it is required (AM's deployment URL, e.g. https://am.example.com/am)")
            }
            return ("", nil)
        }
        do {
            return (url, try ServerConfiguration.baseURL(from: url))
        } catch {
            report(.url, value: url, reason: error.reason)
            return (url, nil)
        }
    }

    /// The realm as written and as read; the top-level realm when unset or unusable.
    mutating func realm() -> (text: String, realm: Realm) {
        guard let text = text(.realm) else { return ("root", .root) }
        do {
            return (text, try Realm(text))
        } catch {
            report(.realm, value: text, reason: error.reason)
            return (text, .root)
        }
    }

    mutating func cookieName() -> String {
        guard let name = text(.cookieName) else { return ServerConfiguration.defaultCookieName }
        if !name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }) {
            report(.cookieName, value: name, reason: "use letters, digits, '-', '_' or '.'")
        }
        return name
    }

    mutating func scope() -> String? {
        guard let scope = text(.oauthScope) else { return nil }
        let words = scope.split(whereSeparator: { $0 == " " || $0 == "," })
        guard words.allSatisfy({ $0.allSatisfy { $0.isASCII && !$0.isWhitespace && $0 != "\"" && $0 != "\\" } }) else {
            report(.oauthScope, value: scope, reason: "expected scope words such as \"openid profile\"")
            return scope
        }
        return words.joined(separator: " ")
    }

    mutating func endpoints() -> [OptionKey: String] {
        var endpoints: [OptionKey: String] = [:]
        for (_, key) in OptionKey.endpointKeys {
            guard let path = text(key) else { continue }
            if let problem = EndpointPath.problem(with: path) {
                report(key, value: path, reason: problem)
            }
            endpoints[key] = path
        }
        return endpoints
    }

    mutating func locale() -> String? {
        guard let locale = text(.locale) else { return nil }
        if !locale.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) {
            report(.locale, value: locale, reason: "expected a language tag such as fr or en-GB")
        }
        return locale
    }
}
