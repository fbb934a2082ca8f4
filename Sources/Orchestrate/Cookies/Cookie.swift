import Foundation

/// A cookie as stored by a client instance (RFC 6265 §5.3).
public struct Cookie: Sendable, Hashable, Codable {
    public let name: String
    public let value: String
    /// Lower-cased, without a leading dot.
    public let domain: String
    /// Set without a Domain attribute: sent only to exactly `domain`.
    public let hostOnly: Bool
    public let path: String
    /// nil: a session cookie, kept until the instance ends.
    public let expires: Date?
    public let secure: Bool
    public let httpOnly: Bool

    public init(name: String, value: String, domain: String, hostOnly: Bool, path: String,
                expires: Date?, secure: Bool, httpOnly: Bool) {
        self.name = name
        self.value = value
        self.domain = domain
        self.hostOnly = hostOnly
        self.path = path
        self.expires = expires
        self.secure = secure
        self.httpOnly = httpOnly
    }

    func isExpired(at now: Date) -> Bool {
        expires.map { $0 <= now } ?? false
    }

    /// Whether this cookie goes with a request to `url` (domain, path, secure, expiry rules).
    func matches(_ url: URL, at now: Date) -> Bool {
        guard !isExpired(at: now), let host = url.host()?.lowercased() else { return false }
        if secure && url.scheme?.lowercased() != "https" { return false }
        let domainMatches = hostOnly ? host == domain : Self.domain(host, matches: domain)
        return domainMatches && Self.path(url.path(percentEncoded: true), matches: path)
    }

    static func domain(_ host: String, matches domain: String) -> Bool {
        if host == domain { return true }
        let isIPAddress = host.contains(":") || host.split(separator: ".").allSatisfy { $0.allSatisfy(\.isNumber) }
        return !isIPAddress && host.hasSuffix("." + domain)
    }

    static func path(_ requestPath: String, matches cookiePath: String) -> Bool {
        let requestPath = requestPath.isEmpty ? "/" : requestPath
        if requestPath == cookiePath { return true }
        guard requestPath.hasPrefix(cookiePath) else { return false }
        return cookiePath.hasSuffix("/") || requestPath.dropFirst(cookiePath.count).first == "/"
    }
}
