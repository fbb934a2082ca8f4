import DaVinci
import Foundation
import Orchestrate
import Testing

/// POLLING fields shaped like the ones in Ping's SDK tests (the JavaScript SDK's poll mock data,
/// the iOS SDK's PollingCollector tests), and the answers the SDKs send for them.
@Suite struct PollingCollectorTests {
    static func step(_ field: String, root: String = "", selfLink: Bool = true) throws -> DaVinciStep {
        let links = selfLink ? #","self":{"href":"https://auth.pingone.example/env-1/davinci/orchestrate"}"# : ""
        return try #require(DaVinciStep(json: try JSONValue.parse(Data("""
        {"interactionId":"i-1","interactionToken":"t-1","eventName":"continue","id":"node-1"\(root),
         "_links":{"next":{"href":"https://auth.pingone.example/env-1/davinci/connections/c/capabilities/customForm"}\(links)},
         "form":{"name":"Wait","components":{"fields":[{"type":"LABEL","content":"Approve on your phone"},\(field)]}}}
        """.utf8))))
    }

    static func endpoint(_ path: String) -> URL { URL(string: "https://auth.pingone.example/env-1/as/\(path)")! }
    static let endpoints = OAuthEndpoints(issuer: "https://auth.pingone.example/env-1/as", authorize: endpoint("authorize"), token: endpoint("token"),
                                          revoke: endpoint("revoke"), userinfo: endpoint("userinfo"), endSession: endpoint("signoff"),
                                          jwks: endpoint("jwks"))

    static func flow() throws -> DaVinciFlow {
        let configuration = try DaVinciConfiguration(
            discoveryEndpoint: URL(string: "https://auth.pingone.example/env-1/as/.well-known/openid-configuration")!, clientId: "c",
            scopes: ["openid"], redirectURI: "https://app.example/callback")
        return DaVinciFlow(configuration: configuration, endpoints: endpoints)
    }

    @Test func intervalAndRetriesAreReadAsNumbersOrStringsWithTheSDKsDefaults() throws {
        let strings = try Self.step(#"{"type":"POLLING","key":"polling","pollInterval":"3000","pollRetries":"10"}"#)
        #expect(strings.polling?.settings == Polling(interval: .milliseconds(3000), retries: 10, challenge: nil))
        #expect(strings.polling?.index == 1)
        let numbers = try Self.step(#"{"type":"POLLING","key":"polling","pollInterval":2000,"pollRetries":5}"#)
        #expect(numbers.polling?.settings == Polling(interval: .milliseconds(2000), retries: 5, challenge: nil))
        let absent = try Self.step(#"{"type":"POLLING","key":"polling","pollInterval":"0","pollRetries":"not-a-number"}"#)
        #expect(absent.polling?.settings == Polling(interval: .seconds(2), retries: 60, challenge: nil), "the SDKs' 2 s and 60 polls")
        #expect(numbers.collectors[1].kind.collectsInput == false, "nothing is typed into it")
        let endless = try Self.step(#"{"type":"POLLING","key":"polling","pollInterval":9223372036854775807}"#)
        #expect(endless.polling?.settings.interval == .seconds(3600), "a server's endless wait is an hour")
    }

    @Test func aChallengeIsPolledOnlyWhenPollChallengeStatusSaysSo() throws {
        let challenge = try Self.step(#"{"type":"POLLING","key":"polling","pollChallengeStatus":true,"challenge":"abc123"}"#)
        #expect(challenge.polling?.settings.challenge == "abc123")
        let notAsked = try Self.step(#"{"type":"POLLING","key":"polling","challenge":"abc123"}"#)
        #expect(notAsked.polling?.settings.challenge == nil)
        let empty = try Self.step(#"{"type":"POLLING","key":"polling","pollChallengeStatus":true,"challenge":""}"#)
        #expect(empty.polling?.settings.challenge == nil, "an empty challenge falls back to continue polling")
        let atRoot = try Self.step(#"{"type":"POLLING","key":"polling"}"#, root: #","pollChallengeStatus":true,"challenge":"root-1""#)
        #expect(atRoot.polling?.settings.challenge == "root-1", "the iOS SDK also reads them at the node's root")
    }

    @Test func aPollSubmitsTheFormWithEventTypePollingAndTheCollectorsValue() throws {
        let step = try Self.step(#"{"type":"POLLING","key":"polling","pollInterval":1000,"pollRetries":3}"#)
        var flow = try Self.flow()
        let request = flow.pollSubmission(step, value: "continue")
        let body = try JSONValue.parse(try #require(request.body))
        #expect(body["parameters"]?["eventType"]?.stringValue == "polling")
        #expect(body["parameters"]?["data"]?["formData"] == .object(["polling": .string("continue")]))
        #expect(body["parameters"]?["data"]?["actionKey"] == nil && body["id"]?.stringValue == "node-1")
        #expect(request.header("interactionToken") == "t-1" && flow.polls == 1)
        let plain = try #require(DaVinciStep(json: step.wire)).answer(pressing: nil)
        #expect(plain["parameters"]?["eventType"]?.stringValue == "submit" && plain["parameters"]?["data"]?["formData"] == .object([:]),
                "an ordinary submit sends no polling value")
    }

    @Test func aRewindShowsTheLastFormAgainAndKeepsTheCount() throws {
        let step = try Self.step(#"{"type":"POLLING","key":"polling","pollInterval":1000,"pollRetries":3}"#)
        var flow = try Self.flow()
        _ = flow.pollSubmission(step, value: "continue")
        let rewind = HTTPResponse(status: 200, headers: [], body: Data(#"{"eventName":"rewindStateToLastRenderedUI","success":true,"id":"node-1","interactionId":"i-1"}"#.utf8))
        #expect(DaVinciOutcome(rewind) == .rewind)
        guard case .present(let shown) = flow.received(rewind) else { Issue.record("the rewind is not the form again"); return }
        #expect(shown.id == "node-1" && shown.polling != nil && flow.polls == 1)
        var fresh = try Self.flow()
        guard case .failed = fresh.received(rewind) else { Issue.record("a rewind before any form is not an error"); return }
    }

    @Test func theChallengeStatusAddressComesFromTheSelfLink() throws {
        let step = try Self.step(#"{"type":"POLLING","key":"polling","pollChallengeStatus":true,"challenge":"a/b c"}"#)
        let flow = try Self.flow()
        let request = try #require(flow.challengeStatusRequest(for: step, challenge: "a/b c"))
        #expect(request.url.absoluteString == "https://auth.pingone.example/env-1/davinci/user/credentials/challenge/a%2Fb%20c/status")
        #expect(request.method == "POST" && request.body == Data("{}".utf8) && request.header("interactionId") == "i-1")
        #expect(request.header("interactionToken") == nil)
        let elsewhere = try Self.step(#"{"type":"POLLING","key":"polling"}"#, selfLink: false)
        #expect(flow.challengeStatusRequest(for: elsewhere, challenge: "x")?.url.path() == "/env-1/davinci/user/credentials/challenge/x/status",
                "without a self link, the next link gives the environment")
        let foreign = try #require(DaVinciStep(json: try JSONValue.parse(Data("""
        {"interactionId":"i-1","id":"n","_links":{"next":{"href":"https://auth.pingone.example/env-1/x"},"self":{"href":"https://evil.example/env-1/x"}},
         "form":{"name":"Wait","components":{"fields":[]}}}
        """.utf8))))
        #expect(flow.challengeStatusRequest(for: foreign, challenge: "x") == nil, "the interaction's id goes only to the flow's server")
    }

    @Test(arguments: [
        (200, #"{"isChallengeComplete":true,"status":"approved"}"#, ChallengeStatus.complete("approved")),
        (200, #"{"isChallengeComplete":false}"#, .pending),
        (503, "", .pending),
        (400, #"{"serviceName":"challengeExpired","code":4019}"#, .expired),
        (400, #"{"code":4019,"message":"Bad challenge"}"#, .refused("Bad challenge")),
    ])
    func challengeStatusesAreReadAsTheSDKsReadThem(status: Int, body: String, expected: ChallengeStatus) {
        #expect(DaVinciFlow.challengeStatus(HTTPResponse(status: status, headers: [], body: Data(body.utf8))) == expected)
    }
}
