import DemoPingOne
import Foundation
import Testing

/// `journey login` on the demo PingOne's flows beyond plain forms: a label's link and a phone
/// number's extension line by line, a success with a session only, a redirect.
@Suite(.serialized)
struct DaVinciDetailsCommandTests {
    /// The `pingone` profile of `DaVinciLoginCommandTests`, and one more per flow policy.
    static func folders(server url: String) throws -> (environment: [String: String], root: URL) {
        let (environment, root) = try DaVinciLoginCommandTests.folders(server: url)
        let profiles = URL(filePath: try #require(environment["JOURNEY_PROFILES"]))
        let pingone = try String(contentsOf: profiles, encoding: .utf8)
        var text = pingone
        for (name, policy) in [("details", DemoPingOne.detailsPolicy), ("sessiononly", DemoPingOne.sessionOnlyPolicy),
                               ("redirect", DemoPingOne.redirectPolicy), ("fields", DemoPingOne.fieldsPolicy)] {
            text += "\n" + pingone.replacingOccurrences(of: "pingone:", with: "\(name):") + "\n  acrValues: \(policy)\n"
        }
        try Data(text.utf8).write(to: profiles)
        return (environment, root)
    }

    @Test func aLabelsLinkIsPrintedAndThePhoneNumberTakesItsExtension() async throws {
        let server = try await JourneyProcess.Server()
        let (environment, root) = try Self.folders(server: server.url)
        defer { try? FileManager.default.removeItem(at: root) }
        let login = ["login", "--profile", "details", "--answer", "username=demo", "--answer", "password=Demo-pass1"]
        let signedOn = try await JourneyProcess.run(login + ["--answer", "workPhone=US 5551234 ext 89", "--json"], environment: environment)
        #expect(signedOn.status == 0, "\(signedOn.stderr)")
        #expect(signedOn.stderr.contains("Read the terms of use (https://example.com/demo-pingone/terms) before you go on."), "\(signedOn.stderr)")
        let missing = try await JourneyProcess.run(login, environment: environment)
        #expect(missing.status == 2 && missing.stderr.contains("--answer \"workPhone=…\""), "\(missing.stderr)")
        _ = await server.interrupt()
    }

    @Test func theNewerFieldsArePrintedAndTheFlowSignsOn() async throws {
        let server = try await JourneyProcess.Server()
        let (environment, root) = try Self.folders(server: server.url)
        defer { try? FileManager.default.removeItem(at: root) }
        let signedOn = try await JourneyProcess.run(["login", "--profile", "fields", "--answer", "username=demo", "--answer", "password=Demo-pass1",
                                                     "--json"], environment: environment)
        #expect(signedOn.status == 0, "\(signedOn.stderr)")
        for line in ["Terms of Service", "By signing on you agree", "Image: The demo PingOne banner", "opens https://example.com/demo-pingone",
                     "SDK integration module (integration)"] {
            #expect(signedOn.stderr.contains(line), "\(line) in \(signedOn.stderr)")
        }
        _ = await server.interrupt()
    }

    @Test func aSessionOnlySuccessAndARedirectSayWhatHappened() async throws {
        let server = try await JourneyProcess.Server()
        let (environment, root) = try Self.folders(server: server.url)
        defer { try? FileManager.default.removeItem(at: root) }
        let sessionOnly = try await JourneyProcess.run(["login", "--profile", "sessiononly", "--answer", "username=demo", "--answer", "password=Demo-pass1",
                                                        "--answer", "workPhone=US 5551234"], environment: environment)
        #expect(sessionOnly.status == 1 && sessionOnly.stderr.contains("ended without an authorization code, so there are no tokens"),
                "\(sessionOnly.stderr)")
        let redirect = try await JourneyProcess.run(["login", "--profile", "redirect"], environment: environment)
        #expect(redirect.status == 3 && redirect.stderr.contains("PingOne redirected (HTTP 302) to http://127.0.0.1:"), "\(redirect.stderr)")
        _ = await server.interrupt()
    }
}
