import Foundation
import JourneyEngine
import Orchestrate
import Testing

/// A social login across two `journey login` runs: the first shows the address, keeps the step
/// and ends (exit 5); a browser (here: one GET that does not follow the redirect) signs in at the
/// demo IdP; the second run goes on with the address it landed on.
@Suite(.serialized)
struct SocialLoginCommandTests {
    /// Where the demo IdP sends a browser that opens `address`.
    static func browse(_ address: String) async throws -> String {
        let response = try await AsyncHTTPTransport().send(HTTPRequest(method: "GET", url: try #require(URL(string: address)),
                                                                       headers: [], body: nil, timeout: .seconds(10)))
        #expect(response.status == 302)
        return try #require(response.header("Location"))
    }

    @Test func aSecondRunGoesOnFromTheKeptStepWithTheAddressTheBrowserLandedOn() async throws {
        try await ServedInstances.with { served in
            let first = try await served.run(["login", "--url", served.server.url, "--instance", "social", "--tree", "SocialLogin",
                                              "--answer", "Identity provider=demo-idp"])
            #expect(first.status == 5, "\(first.stderr)")
            #expect(first.stderr.contains("This step goes on in a browser. Open:"))
            #expect(first.stderr.contains("journey login --instance social --redirected '<that address>'"))
            let address = try #require(first.stderr.firstMatch(of: /\s(http:\S+\/demo\/idp\/authorize\?\S+)/).map { String($0.output.1) })
            let kept = served.state.appending(path: "journeyterm/browser-social.json").path
            #expect(try FileManager.default.attributesOfItem(atPath: kept)[.posixPermissions] as? Int == 0o600)

            let landed = try await Self.browse(address)
            let code = try #require(URLComponents(string: landed)?.queryItems?.first { $0.name == "code" }?.value)
            let otherState = landed.replacing(/state=[^&]+/, with: "state=someone-else")
            let refused = try await served.run(["login", "--instance", "social", "--redirected", otherState])
            #expect(refused.status == 2)
            #expect(refused.stderr.contains("The address's state is not the one this journey sent the browser with"))
            #expect(!refused.stderr.contains(code))
            #expect(FileManager.default.fileExists(atPath: kept), "a refused address leaves the step kept")

            let signedIn = try await served.run(["login", "--instance", "social", "--redirected", landed, "--json", "--trace"])
            #expect(signedIn.status == 0, "\(signedIn.stderr)")
            #expect(signedIn.stdout.contains("\"tokenId\""))
            #expect(signedIn.stderr.contains("code="), "the trace shows the code parameter went")
            #expect(!signedIn.stderr.contains(code), "but never the code")
            #expect(!FileManager.default.fileExists(atPath: kept))
            let session = try await served.run(["session", "--instance", "social"])
            #expect(session.stdout.contains("demo"), "\(session.stdout)\(session.stderr)")

            let again = try await served.run(["login", "--instance", "social", "--redirected", landed])
            #expect(again.status == 64)
            #expect(again.stderr.contains("keeps no journey waiting for a browser"))
            let mixed = try await served.run(["login", "--instance", "social", "--redirected", landed, "--tree", "Login"])
            #expect(mixed.status == 64)
            #expect(mixed.stderr.contains("Use --redirected alone"))
        }
    }
}
