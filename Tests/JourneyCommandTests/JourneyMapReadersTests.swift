import Foundation
@testable import journey
import JourneyApp
import JourneyEngine
import Orchestrate
import Synchronization
import Testing

/// The map pane's readers: `JOURNEY_ADMIN_TOKEN` goes to the server `journey` was started with
/// and nowhere else, through the transport the tab's options give.
@Suite struct JourneyMapReadersTests {
    /// Records every request and answers 404.
    final class Recording: HTTPTransport {
        let sent = Mutex<[HTTPRequest]>([])
        func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
            sent.withLock { $0.append(request) }
            return HTTPResponse(status: 404, headers: [], body: Data(#"{"code":404,"message":"Not Found"}"#.utf8))
        }
    }

    static func key(_ url: String) throws -> JourneyMapKey {
        JourneyMapKey(server: try ServerConfiguration(url: url, realm: Realm("alpha")), journey: "Login")
    }

    @Test func theAdminTokenGoesToTheLaunchServerOnly() async throws {
        let launch = URL(string: "https://am.example.com/am")!
        let reader = JourneyMapReaders.adminToken("admin-secret", boundTo: launch)
        let transport = Recording()

        let other = await reader(try Self.key("https://evil.example.net/am"), transport)
        #expect(transport.sent.withLock { $0.isEmpty }, "nothing is sent to another server")
        #expect(other.problems.map(\.problem) == ["JOURNEY_ADMIN_TOKEN is sent to https://am.example.com/am only (the server journey was started with)"])

        _ = await reader(try Self.key("https://am.example.com/am"), transport)
        let sent = transport.sent.withLock { $0 }
        #expect(sent.first?.url.absoluteString == "https://am.example.com/am/json/realms/root/realms/alpha/realm-config/authentication/authenticationtrees/trees/Login")
        #expect(sent.allSatisfy { $0.url.host() == "am.example.com" && $0.header("Authorization") == "Bearer admin-secret" })
    }

    @Test func withoutALaunchServerTheTokenIsSentNowhere() async throws {
        let transport = Recording()
        let catalog = await JourneyMapReaders.adminToken("admin-secret", boundTo: nil)(try Self.key("https://am.example.com/am"), transport)
        #expect(transport.sent.withLock { $0.isEmpty })
        #expect(catalog.problems.first?.problem.contains("--url or --profile") == true)
    }
}
