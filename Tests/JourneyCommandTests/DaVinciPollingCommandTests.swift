import Foundation
import Testing

/// `journey login` for a DaVinci profile whose sign-on waits for an approval on a phone (the
/// demo PingOne's `dave` and `erin`), unattended: the run waits and polls as the SDKs do.
@Suite(.serialized)
struct DaVinciPollingCommandTests {
    @Test func anUnattendedRunWaitsAndPollsUntilTheApprovalArrives() async throws {
        let server = try await JourneyProcess.Server()
        let (environment, root) = try DaVinciLoginCommandTests.folders(server: server.url)
        defer { try? FileManager.default.removeItem(at: root) }
        let dave = try await JourneyProcess.run(["login", "--profile", "pingone", "--answer", "username=dave", "--answer", "password=Dave-pass1",
                                                 "--json"], environment: environment)
        #expect(dave.status == 0, "\(dave.stderr)")
        #expect(dave.stderr.contains("── Approve on your phone") && dave.stderr.contains("Waiting for approval on your phone"), "\(dave.stderr)")
        for poll in 1...3 {
            #expect(dave.stderr.contains("Waiting for approval, poll \(poll) of 10 (every 1 s)\n"), "a plain line per poll without a terminal")
        }
        #expect(dave.stderr.components(separatedBy: "── Approve on your phone").count == 2, "the form is shown once, not once per poll")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(dave.stdout.utf8)) as? [String: Any])
        #expect((json["id_token_claims"] as? [String: Any])?["sub"] as? String == "dave")
        let erin = try await JourneyProcess.run(["login", "--profile", "pingone", "--answer", "username=erin", "--answer", "password=Erin-pass1"],
                                                environment: environment)
        #expect(erin.status == 0 && erin.stderr.contains("Waiting for approval (asking the challenge's status), poll 3 of 10"), "\(erin.stderr)")
        _ = await server.interrupt()
    }
}
