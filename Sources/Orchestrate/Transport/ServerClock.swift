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

    /// "the server's clock read 06:15:03 UTC, 5 min 3 s ahead of this machine's".
    public var description: String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "HH:mm:ss"
        let direction = offset > 0 ? "ahead of" : "behind"
        return "The server's clock read \(formatter.string(from: serverDate)) UTC, "
            + "\(ReadableDuration.text(seconds: Int(offset))) \(direction) this machine's"
    }

    /// "the server's clock is 5 min 3 s ahead", for a status line.
    public var shortDescription: String {
        "the server's clock is \(ReadableDuration.text(seconds: Int(offset))) \(offset > 0 ? "ahead" : "behind")"
    }

    /// "Tue, 24 Nov 2026 06:46:04 GMT", read by hand: this runs for every response, and a
    /// DateFormatter made per call costs more than the rest of reading a step.
    private static func imfFixdate(_ text: String) -> Date? {
        let parts = text.split(separator: " ")
        guard parts.count == 6, parts[5] == "GMT", let day = Int(parts[1]), let year = Int(parts[3]),
              let month = months.firstIndex(of: parts[2]).map({ $0 + 1 }), (1...31).contains(day) else { return nil }
        let clock = parts[4].split(separator: ":").compactMap { Int($0) }
        guard clock.count == 3, (0..<24).contains(clock[0]), (0..<60).contains(clock[1]), (0...60).contains(clock[2]) else { return nil }
        let seconds = daysSinceEpoch(year: year, month: month, day: day) * 86_400 + clock[0] * 3_600 + clock[1] * 60 + clock[2]
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    private static let months: [Substring] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (Howard Hinnant's
    /// days_from_civil).
    private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let shifted = month <= 2 ? year - 1 : year
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
