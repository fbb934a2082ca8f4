import Foundation

/// How far the server's clock is from this machine's, read from a response's `Date` header.
/// Times the server writes (a JWT's `exp`, introspection's `exp`) are counted by its clock; this
/// turns them into this machine's time, so countdowns stay right when the clocks disagree.
public struct ServerClock: Sendable, Hashable, Codable {
    /// The server's time minus this machine's, in seconds (positive: the server is ahead).
    public let offset: TimeInterval
    /// What the server's `Date` header said.
    public let serverDate: Date

    /// Differences below this are the `Date` header's one-second resolution and the round trip.
    public static let notableOffset: TimeInterval = 10

    /// Reads `response`'s `Date` header (RFC 9110 IMF-fixdate) against `receivedAt`; nil when
    /// there is none or it cannot be read.
    public init?(_ response: HTTPResponse, receivedAt: Date = Date()) {
        guard let header = response.header("Date"), let date = Self.imfFixdate(header) else { return nil }
        serverDate = date
        offset = date.timeIntervalSince(receivedAt).rounded()
    }

    /// Whether the clocks differ by more than the header can say (``notableOffset``).
    public var isNotable: Bool { abs(offset) >= Self.notableOffset }

    /// The moment `serverTime` (a time by the server's clock) is on this machine's clock.
    public func local(_ serverTime: Date) -> Date {
        serverTime.addingTimeInterval(-offset)
    }

    /// "AM's clock reads 06:15:03 UTC, 5 min 3 s ahead of this machine's".
    public var description: String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "HH:mm:ss"
        let direction = offset > 0 ? "ahead of" : "behind"
        return "AM's clock read \(formatter.string(from: serverDate)) UTC, "
            + "\(ReadableDuration.text(seconds: Int(offset))) \(direction) this machine's"
    }

    /// "AM's clock is 5 min 3 s ahead", for a status line.
    public var shortDescription: String {
        "AM's clock is \(ReadableDuration.text(seconds: Int(offset))) \(offset > 0 ? "ahead" : "behind")"
    }

    private static func imfFixdate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: text.trimmingCharacters(in: .whitespaces))
    }
}
