import Foundation
import Orchestrate
import Testing

/// A server's clock read from its Date header: the offset from this machine's, and its direction.
struct ServerClockTests {
    private static func imfFixdate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }

    @Test func theDateHeaderGivesTheOffsetAndItsDirection() throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let ahead = try #require(ServerClock(HTTPResponse(status: 200, headers: [HTTPHeader("Date", Self.imfFixdate(now + 303))], body: Data()),
                                             receivedAt: now))
        #expect(ahead.offset == 303)
        #expect(ahead.isNotable)
        #expect(ahead.description.hasSuffix("5 min 3 s ahead of this machine's"))
        #expect(ahead.local(now + 603) == now + 300)
        let behind = try #require(ServerClock(HTTPResponse(status: 200, headers: [HTTPHeader("date", Self.imfFixdate(now - 7200))], body: Data()),
                                              receivedAt: now))
        #expect(behind.shortDescription == "the server's clock is 2 h behind")
        let close = try #require(ServerClock(HTTPResponse(status: 200, headers: [HTTPHeader("Date", Self.imfFixdate(now - 1))], body: Data()),
                                             receivedAt: now))
        #expect(!close.isNotable, "a second is the header's resolution, not skew")
        for (header, epoch) in [("Tue, 24 Nov 2026 06:46:04 GMT", 1_795_502_764.0), ("Thu, 29 Feb 2024 12:00:00 GMT", 1_709_208_000.0)] {
            let read = ServerClock(HTTPResponse(status: 200, headers: [HTTPHeader("Date", header)], body: Data()),
                                   receivedAt: Date(timeIntervalSince1970: epoch))
            #expect(read?.serverDate == Date(timeIntervalSince1970: epoch) && read?.offset == 0, "\(header)")
        }
        #expect(ServerClock(HTTPResponse(status: 200, headers: [HTTPHeader("Date", "yesterday")], body: Data())) == nil)
        #expect(ServerClock(HTTPResponse(status: 200, headers: [HTTPHeader("Date", "Tue, 24 Nov 2026 25:46:04 GMT")], body: Data())) == nil)
        #expect(ServerClock(HTTPResponse(status: 200, headers: [], body: Data())) == nil)
    }
}
