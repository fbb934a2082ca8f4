import DemoPingOne
import Foundation
import Orchestrate
import Testing

/// `journey login --profile P` for DaVinci forms a terminal hands over or answers as the SDKs do
/// when the platform cannot: a social sign-on in a browser, a device check, a passkey.
@Suite(.serialized)
struct DaVinciBrowserCommandTests {
    /// Plays the browser: signs in at the demo IdP's page as grace and returns the address the
    /// provider redirects to (not followed: only the address matters).
    static func landingAddress(from address: String) async throws -> String {
        let url = try #require(URL(string: address))
        let flow = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "flow" }?.value)
        let response = try await AsyncHTTPTransport().send(HTTPRequest(
            method: "POST", url: url, headers: [HTTPHeader("Content-Type", "application/x-www-form-urlencoded")],
            body: Data("flow=\(flow)&username=grace&password=Grace-pass1".utf8), timeout: .seconds(10)))
        #expect(response.status == 302)
        return try #require(response.header("Location"))
    }

    @Test func aSocialSignOnIsKeptThenGoesOnWithRedirected() async throws {
        let server = try await JourneyProcess.Server()
        let (environment, root) = try DaVinciLoginCommandTests.folders(server: server.url)
        defer { try? FileManager.default.removeItem(at: root) }
        let left = try await JourneyProcess.run(["login", "--profile", "pingone", "--instance", "social", "--answer", "button=demo-idp"],
                                                environment: environment)
        #expect(left.status == 5, "\(left.stderr)")
        #expect(left.stderr.contains("--redirected"), "\(left.stderr)")
        let address = try #require(left.stderr.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .first { $0.hasPrefix("http") && $0.contains("/demo/idp/authorize?flow=") })
        let landed = try await Self.landingAddress(from: address)
        let wrong = try await JourneyProcess.run(["login", "--profile", "pingone", "--instance", "social", "--redirected", "http://127.0.0.1/davinci/callback"],
                                                 environment: environment)
        #expect(wrong.status == 2 && wrong.stderr.contains("no continueToken"), "\(wrong.stderr)")
        let resumed = try await JourneyProcess.run(["login", "--profile", "pingone", "--instance", "social", "--redirected", landed, "--json"],
                                                   environment: environment)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(resumed.stdout.utf8)) as? [String: Any])
        #expect((json["id_token_claims"] as? [String: Any])?["sub"] as? String == "grace")
        #expect(!resumed.stderr.contains(landed), "the continue token is never printed")
        let again = try await JourneyProcess.run(["login", "--profile", "pingone", "--instance", "social", "--redirected", landed],
                                                 environment: environment)
        #expect(again.status == 64 && again.stderr.contains("keeps no DaVinci flow waiting for a browser"), "\(again.stderr)")
        _ = await server.interrupt()
    }

    @Test func aDeviceCheckAndAPasskeyLeadToTheFallbackCode() async throws {
        let server = try await JourneyProcess.Server()
        let (environment, root) = try DaVinciLoginCommandTests.folders(server: server.url)
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try await JourneyProcess.run(["login", "--profile", "pingone", "--answer", "username=frank", "--answer", "password=Frank-pass1"],
                                                  environment: environment)
        #expect(result.status == 2, "the one-time code is the answer still missing: \(result.stderr)")
        for shown in ["── Device check", "sent without them, as the SDKs send the form without their Protect module", "── Passkey",
                      "NotAllowedError", "── One-time code", "--answer \"otp=…\""] {
            #expect(result.stderr.contains(shown), "\(shown): \(result.stderr)")
        }
        _ = await server.interrupt()
    }
}
