import Foundation

/// The cookies of one client instance: stores what AM sets (the SSO cookie, `amlbcookie`,
/// anything else) and sends them back by domain, path, secure and expiry rules, as a browser
/// would.
public struct CookieJar: Sendable, Hashable, Codable {
    public private(set) var cookies: [Cookie] = []

    public init(cookies: [Cookie] = []) {
        self.cookies = cookies
    }

    /// Stores the cookies of a response to `url`. Invalid cookies and cookies for another
    /// domain are ignored; an expired one deletes its stored twin.
    public mutating func store(setCookieHeaders headers: [String], from url: URL, at now: Date = Date()) {
        for header in headers {
            for line in SetCookieParser.split(header) {
                guard let cookie = SetCookieParser.parse(line, from: url, at: now) else { continue }
                cookies.removeAll { $0.name == cookie.name && $0.domain == cookie.domain && $0.path == cookie.path }
                if !cookie.isExpired(at: now) { cookies.append(cookie) }
            }
        }
    }

    /// The `Cookie` header for a request to `url`, or nil when no cookie applies.
    /// Longer paths come first, as RFC 6265 recommends.
    public func cookieHeader(for url: URL, at now: Date = Date()) -> String? {
        let matching = cookies.filter { $0.matches(url, at: now) }
            .sorted { $0.path.count > $1.path.count }
        guard !matching.isEmpty else { return nil }
        return matching.map { "\($0.name)=\($0.value)" }.joined(separator: "; ")
    }

    /// The live cookie with this name, if any.
    public func cookie(named name: String, at now: Date = Date()) -> Cookie? {
        cookies.last { $0.name == name && !$0.isExpired(at: now) }
    }

    public mutating func removeAll() {
        cookies.removeAll()
    }
}
