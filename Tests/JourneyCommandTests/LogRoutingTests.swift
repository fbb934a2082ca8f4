import DemoAM
import Foundation
import JourneyApp
import Orchestrate
import Testing
@testable import journey

/// While the full-screen UI runs, the in-process demo AM's log lines (the MagicLink email)
/// go to the UI's inbox instead of stderr, where they would be written over the screen.
@Suite(.serialized)
struct LogRoutingTests {
    @Test func theDemoAMsMagicLinkEmailGoesToTheUIWhileItRuns() async throws {
        let demo = try await DemoAM.start(DemoAMConfiguration(port: 0), logger: DemoLogging.logger())
        let inbox = LogInbox()
        LogRouting.route(to: inbox)
        defer { LogRouting.routeToStandardError() }
        let transport = AsyncHTTPTransport()
        let url = try #require(URL(string: "\(demo.baseURL)/json/realms/root/authenticate?authIndexType=service&authIndexValue=MagicLink"))
        func post(_ body: Data) async throws -> [String: Any] {
            let response = try await transport.send(HTTPRequest(
                method: "POST", url: url, headers: [HTTPHeader("Content-Type", "application/json"), HTTPHeader("Accept-API-Version", "resource=2.1, protocol=1.0")],
                body: body, timeout: .seconds(10)))
            return try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
        }
        var page = try await post(Data("{}".utf8))
        var callbacks = try #require(page["callbacks"] as? [[String: Any]])
        var input = try #require(callbacks[0]["input"] as? [[String: Any]])
        input[0]["value"] = "demo"
        callbacks[0]["input"] = input
        page["callbacks"] = callbacks
        _ = try await post(try JSONSerialization.data(withJSONObject: page))
        await demo.stop()

        let lines = inbox.drain()
        let email = try #require(lines.first { $0.text.hasPrefix("email to ") }, "\(lines)")
        #expect(email.source == "demo-am" && email.level == .info)
        #expect(email.text.contains("suspendedId="))
    }
}
