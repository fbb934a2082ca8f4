import Foundation
import HARReplay
import JourneyEngine
import Orchestrate
import Testing

/// Runs recorded against the demo AM with the client's HAR writer, replayed by `ReplayServer`
/// and walked again by the engine over real HTTP on loopback.
struct ReplayJourneyTests {
    @Test func aRecordingWithSecretsReplaysTheSameOutcomeAgainAndAgain() async throws {
        let tape = Tape()
        var recordedToken: String?
        try await Walk.recording { url in
            recordedToken = try await Walk.journey("Login", at: url, answers: Walk.demoLogin, tap: tape.tap).0.tokenId
        }
        try await Walk.replaying(tape.har(revealing: true)) { replay in
            #expect(replay.baseURL.hasSuffix("/am"))
            for _ in 1...2 {
                let (success, client) = try await Walk.journey("Login", at: replay.baseURL, answers: Walk.demoLogin)
                #expect(success.tokenId == recordedToken)
                #expect(success.successUrl == "/am/console")
                #expect(await client.cookieJar.cookie(named: "iPlanetDirectoryPro")?.value == recordedToken)
            }
        }
    }

    @Test func aRedactedRecordingReplaysWithStandInsForItsTokens() async throws {
        let tape = Tape()
        try await Walk.recording { url in _ = try await Walk.journey("Login", at: url, answers: Walk.demoLogin, tap: tape.tap) }
        let har = tape.har(revealing: false)
        #expect(String(decoding: har, as: UTF8.self).contains("‹redacted›"), "the password is redacted in the HAR")
        try await Walk.replaying(har) { replay in
            let (success, client) = try await Walk.journey("Login", at: replay.baseURL, answers: Walk.demoLogin)
            let token = try #require(success.tokenId)
            #expect(token.hasPrefix("replayed-token-"))
            #expect(await client.cookieJar.cookie(named: "iPlanetDirectoryPro")?.value == token, "the cookie and tokenId share a stand-in")
        }
    }

    @Test func aDifferentAnswerIsRefusedNamingWhatDifferedWithoutTheSecretAndLogged() async throws {
        let tape = Tape()
        try await Walk.recording { url in _ = try await Walk.journey("Login", at: url, answers: Walk.demoLogin, tap: tape.tap) }
        let log = LogLines()
        try await Walk.replaying(tape.har(revealing: true), logger: log.logger) { replay in
            let message = try await refusal(status: 400) {
                _ = try await Walk.journey("Login", at: replay.baseURL, answers: ["User Name=demo", "Password=Wrong-pass9"])
            }
            #expect(message.contains("the closest (entry 2) differs: callbacks[1].input[0].value differs from the recorded value"), "\(message)")
            #expect(!message.contains("Wrong-pass9") && !message.contains("Demo-pass1"))
            #expect(log.warnings.contains { $0.contains("→ 400") && $0.contains("callbacks[1].input[0].value") }, "\(log.warnings)")
        }
    }

    @Test func anotherJourneyOrPathIsRefusedNamingIt() async throws {
        let tape = Tape()
        try await Walk.recording { url in _ = try await Walk.journey("Login", at: url, answers: Walk.demoLogin, tap: tape.tap) }
        try await Walk.replaying(tape.har(revealing: false)) { replay in
            let journey = try await refusal(status: 400) {
                _ = try await Walk.journey("SecondFactor", at: replay.baseURL, answers: Walk.demoLogin)
            }
            #expect(journey.contains("query parameter authIndexValue is \"SecondFactor\", the recorded request's \"Login\""), "\(journey)")

            let client = JourneyClient(server: try ServerConfiguration(url: replay.baseURL))
            let url = try #require(URL(string: replay.baseURL + "/json/realms/root/sessions?_action=logout"))
            let response = try await client.send(HTTPRequest(method: "POST", url: url, headers: [], body: Data("{}".utf8), timeout: .seconds(30)))
            #expect(response.status == 404)
            let body = try JSONValue.parse(response.body)
            #expect(body["message"]?.stringValue?.contains("the HAR holds no POST to /am/json/realms/root/sessions") == true)
        }
    }

    @Test func otherCallbacksAreNamedAgainstTheClosestRecordedStep() async throws {
        let tape = Tape()
        try await Walk.recording { url in _ = try await Walk.journey("Login", at: url, answers: Walk.demoLogin, tap: tape.tap) }
        try await Walk.replaying(tape.har(revealing: false)) { replay in
            let client = JourneyClient(server: try ServerConfiguration(url: replay.baseURL))
            let url = try #require(URL(string: replay.baseURL + "/json/realms/root/authenticate?authIndexType=service&authIndexValue=Login"))
            let body = #"{"authId":"x","callbacks":[{"type":"NameCallback","output":[],"input":[{"name":"IDToken1","value":"demo"}],"_id":0}]}"#
            let response = try await client.send(HTTPRequest(method: "POST", url: url, headers: [HTTPHeader("Content-Type", "application/json")],
                                                             body: Data(body.utf8), timeout: .seconds(30)))
            #expect(response.status == 400)
            let message = try JSONValue.parse(response.body)["message"]?.stringValue ?? ""
            #expect(message.contains("the closest (entry 2) differs: its callbacks differ: expected [NameCallback, PasswordCallback], got [NameCallback]"),
                    "\(message)")
        }
    }

    @Test func runsRecordedOneAfterTheOtherAreAnsweredInRecordedOrder() async throws {
        let tape = Tape()
        try await Walk.recording { url in
            await #expect(throws: JourneyError.self) {
                _ = try await Walk.journey("Login", at: url, answers: ["User Name=demo", "Password=Wrong-pass9"], tap: tape.tap)
            }
            _ = try await Walk.journey("Login", at: url, answers: Walk.demoLogin, tap: tape.tap)
        }
        // Redacted, the two runs' requests look alike: only their order tells them apart.
        try await Walk.replaying(tape.har(revealing: false)) { replay in
            await #expect {
                _ = try await Walk.journey("Login", at: replay.baseURL, answers: Walk.demoLogin)
            } throws: { error in
                (error as? JourneyError)?.isAuthenticationFailure == true
            }
            let (success, _) = try await Walk.journey("Login", at: replay.baseURL, answers: Walk.demoLogin)
            #expect(success.tokenId?.hasPrefix("replayed-token-") == true)
        }
    }

    /// The message of the AM-like error the replay answered with `status`.
    private func refusal(status: Int, _ body: () async throws -> Void) async throws -> String {
        do {
            try await body()
        } catch JourneyError.rejected(let rejectedStatus, let error, _) {
            #expect(rejectedStatus == status)
            return error?.message ?? ""
        }
        Issue.record("the replay answered")
        return ""
    }
}
