import Foundation

/// Reads `Set-Cookie` header values (RFC 6265 §5.2), including the cookie-date format.
enum SetCookieParser {
    /// Splits a header value that joins several cookies with commas (as some proxies and
    /// recorders do), without splitting inside `Expires=Thu, 01 Jan 1970 …`.
    static func split(_ header: String) -> [String] {
        // Separators are ASCII, so they are found byte by byte; the indices are the string's.
        var parts: [String] = []
        var start = header.startIndex
        var searchFrom = header.startIndex
        while let comma = header.utf8[searchFrom...].firstIndex(of: UInt8(ascii: ",")) {
            let after = header.utf8.index(after: comma)
            if startsNewCookie(header[after...]) {
                parts.append(header[start..<comma].trimmingSpaces())
                start = after
            }
            searchFrom = after
        }
        parts.append(header[start...].trimmingSpaces())
        return parts.filter { !$0.isEmpty }
    }

    /// Whether the text after a comma begins `name=` (a new cookie), not a date's day.
    private static func startsNewCookie(_ rest: Substring) -> Bool {
        let trimmed = rest.drop { $0 == " " }
        let name = trimmed.prefix { $0 != "=" && $0 != ";" && $0 != "," && $0 != " " }
        return !name.isEmpty && trimmed.dropFirst(name.count).first == "="
    }

    static func parse(_ line: String, from url: URL, at now: Date) -> Cookie? {
        let pieces = line.utf8.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).map(Substring.init)
        guard let pair = pieces.first, let equals = pair.firstIndex(of: "=") else { return nil }
        let name = pair[..<equals].trimmingSpaces()
        let value = pair[pair.index(after: equals)...].trimmingSpaces()
        guard !name.isEmpty, let host = url.host()?.lowercased() else { return nil }

        var expires: Date?
        var maxAge: Int?
        var domain: String?
        var path: String?
        var secure = false
        var httpOnly = false
        for attribute in pieces.dropFirst() {
            let parts = attribute.utf8.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
                .map { Substring($0).trimmingSpaces() }
            let key = parts[0].lowercased()
            let argument = parts.count > 1 ? parts[1] : ""
            switch key {
            case "expires": expires = cookieDate(argument) ?? expires
            case "max-age": maxAge = Int(argument) ?? maxAge
            case "domain":
                let cleaned = argument.lowercased().drop { $0 == "." }
                if !cleaned.isEmpty { domain = String(cleaned) }
            case "path": path = argument.hasPrefix("/") ? argument : nil
            case "secure": secure = true
            case "httponly": httpOnly = true
            default: break
            }
        }
        if let maxAge {
            expires = maxAge <= 0 ? Date(timeIntervalSince1970: 0) : now.addingTimeInterval(TimeInterval(maxAge))
        }
        if let domain, !Cookie.domain(host, matches: domain) { return nil }
        return Cookie(
            name: name, value: value, domain: domain ?? host, hostOnly: domain == nil,
            path: path ?? defaultPath(of: url), expires: expires, secure: secure, httpOnly: httpOnly)
    }

    /// RFC 6265 §5.1.4: the request path up to its last slash.
    private static func defaultPath(of url: URL) -> String {
        let path = url.path(percentEncoded: true)
        guard path.hasPrefix("/"), let lastSlash = path.lastIndex(of: "/"), lastSlash != path.startIndex else { return "/" }
        return String(path[..<lastSlash])
    }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// RFC 6265 §5.1.1: accepts `Thu, 01 Jan 1970 00:00:00 GMT`, `Thursday, 01-Jan-70 …` and
    /// the other forms servers write.
    static func cookieDate(_ text: String) -> Date? {
        let tokens = text.split { !($0.isLetter || $0.isNumber || $0 == ":") }
        var time: (Int, Int, Int)?
        var day: Int?
        var month: Int?
        var year: Int?
        for token in tokens {
            if time == nil {
                let fields = token.split(separator: ":")
                if fields.count == 3, let h = Int(fields[0]), let m = Int(fields[1]), let s = Int(fields[2]) {
                    time = (h, m, s)
                    continue
                }
            }
            if day == nil, token.count <= 2, let value = Int(token) {
                day = value
            } else if month == nil, let index = months.firstIndex(of: token.prefix(3).lowercased()) {
                month = index + 1
            } else if year == nil, (2...4).contains(token.count), let value = Int(token) {
                year = value < 70 ? value + 2000 : value < 100 ? value + 1900 : value
            }
        }
        guard let (hour, minute, second) = time, let day, let month, let year,
              (1...31).contains(day), year >= 1601, hour < 24, minute < 60, second < 60 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))
    }
}
