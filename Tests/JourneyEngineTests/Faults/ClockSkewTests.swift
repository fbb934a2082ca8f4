import Foundation
import JourneyEngine
import Orchestrate
import Testing

/// A server whose clock disagrees with this machine's: times it writes are moved onto this
/// machine's clock, and the difference can be shown.
@Suite struct ClockSkewTests {
    private static func imfFixdate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }

    /// An unsigned JWT carrying only `exp`, as the authId of a step.
    private static func authId(expiring exp: Date) -> String {
        func part(_ json: String) -> String {
            Data(json.utf8).base64EncodedString().replacingOccurrences(of: "=", with: "")
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        }
        return part(#"{"alg":"none"}"#) + "." + part(#"{"exp":\#(Int(exp.timeIntervalSince1970))}"#) + "."
    }

    @Test func aPageFromAServerTenMinutesAheadCountsDownOnThisMachinesClock() throws {
        let serverNow = Date() + 600
        let page = #"{"authId":"\#(Self.authId(expiring: serverNow + 300))","callbacks":[{"type":"NameCallback","output":[{"name":"prompt","value":"User Name"}],"input":[{"name":"IDToken1","value":""}]}]}"#
        var machine = JourneyMachine(server: try ServerConfiguration(url: "http://127.0.0.1:8180/am"), request: JourneyRequest(.journey("Login")))
        _ = machine.start()
        let actions = machine.received(WireResponse(status: 200, headers: [HTTPHeader("Content-Type", "application/json"),
                                                                          HTTPHeader("Date", Self.imfFixdate(serverNow))],
                                                    body: Data(page.utf8)))
        guard case .present(let step) = try #require(actions.first) else {
            Issue.record("no page presented: \(actions)")
            return
        }
        let clock = try #require(step.serverClock)
        #expect(abs(clock.offset - 600) <= 2)
        let left = try #require(step.expiresAt).timeIntervalSinceNow
        #expect((295...302).contains(left), "by AM's clock the page has 5 minutes left; here \(left) s")
    }

    @Test func withClocksThatAgreeTheExpiryIsTheClaimAsWritten() throws {
        let exp = Date(timeIntervalSince1970: 1_800_000_300)
        var step = try JourneyStep(json: JSONValue.parse(Data(#"{"authId":"\#(Self.authId(expiring: exp))","callbacks":[]}"#.utf8)))
        step.serverClock = ServerClock(WireResponse(status: 200, headers: [HTTPHeader("Date", Self.imfFixdate(Date() + 1))], body: Data()))
        #expect(step.expiresAt == exp)
    }
}

/// The engine's response type (Hummingbird has one of the same name).
private typealias WireResponse = Orchestrate.HTTPResponse
