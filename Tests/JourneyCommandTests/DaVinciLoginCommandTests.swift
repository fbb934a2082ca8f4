import DemoPingOne
import Foundation
import Testing

/// `journey login --profile P` with a profile of `kind: davinci`, against the demo PingOne that
/// `journey serve` runs beside the demo AM.
@Suite(.serialized)
struct DaVinciLoginCommandTests {
    /// A profiles file with one DaVinci profile, `pingone`, for the server at `url` (its `/am` URL).
    static func folders(server url: String) throws -> (environment: [String: String], root: URL) {
        let (environment, root) = try ConfigImportCommandTests.folders()
        let origin = String(url.dropLast("/am".count))
        let profiles = URL(filePath: try #require(environment["JOURNEY_PROFILES"]))
        try FileManager.default.createDirectory(at: profiles.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("""
        pingone:
          kind: davinci
          discoveryEndpoint: \(origin)/\(DemoPingOne.defaultEnvironmentId)/as/.well-known/openid-configuration
          clientId: \(DemoPingOne.defaultClientId)
          scopes: openid profile email
          redirectUri: \(DemoPingOne.defaultRedirectURI)
        """.utf8).write(to: profiles)
        return (environment, root)
    }

    @Test func aDaVinciProfileSignsOnAndPrintsTheTokensAsJSON() async throws {
        let server = try await JourneyProcess.Server()
        let (environment, root) = try Self.folders(server: server.url)
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try await JourneyProcess.run(["login", "--profile", "pingone", "--answer", "username=demo", "--answer", "Password=Demo-pass1",
                                                   "--json"], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect((json["access_token"] as? String)?.isEmpty == false && json["id_token_verified"] as? Bool == true)
        #expect((json["id_token_claims"] as? [String: Any])?["sub"] as? String == "demo")
        #expect(result.stderr.contains("Sign On") && !result.stderr.contains("Demo-pass1"))
        _ = await server.interrupt()
    }

    @Test func refusedAnswersAndFailedFlowsEndWithTheirExitCodes() async throws {
        let server = try await JourneyProcess.Server()
        let (environment, root) = try Self.folders(server: server.url)
        defer { try? FileManager.default.removeItem(at: root) }
        let refused = try await JourneyProcess.run(["login", "--profile", "pingone", "--answer", "username=demo", "--answer", "password=nope"],
                                                   environment: environment)
        #expect(refused.status == 1 && refused.stderr.contains("password: The provided password did not match provisioned password"))
        let locked = try await JourneyProcess.run(["login", "--profile", "pingone", "--answer", "username=locked", "--answer", "password=Locked-pass1"],
                                                  environment: environment)
        #expect(locked.status == 1 && locked.stderr.contains("The flow failed: The account locked is locked."))
        let missing = try await JourneyProcess.run(["login", "--profile", "pingone", "--answer", "username=demo"], environment: environment)
        #expect(missing.status == 2 && missing.stderr.contains("--answer \"password=…\""))
        let registration = try await JourneyProcess.run(["login", "--profile", "pingone", "--answer", "button=register", "--answer", "username=demo",
                                                         "--answer", "password=x"], environment: environment)
        #expect(registration.status == 2 && registration.stderr.contains("── Registration"), "the link led to the registration form")
        _ = await server.interrupt()
    }

    @Test func aJourneyOptionInADaVinciProfileIsRefusedByName() async throws {
        let server = try await JourneyProcess.Server()
        let (environment, root) = try Self.folders(server: server.url)
        defer { try? FileManager.default.removeItem(at: root) }
        var variables = environment
        variables["JOURNEY_REALM"] = "alpha"
        let result = try await JourneyProcess.run(["login", "--profile", "pingone"], environment: variables)
        #expect(result.status == 64)
        #expect(result.stderr.contains("realm") && result.stderr.contains("kind: journey profiles, and this one is kind: davinci"))
        _ = await server.interrupt()
    }
}
