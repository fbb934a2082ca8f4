import DemoAM
import Foundation
import JourneyEngine
import Orchestrate
import Testing

/// `ResourceRunner` against a resource server that passes AM's policy decision on as it is with
/// HTTP 200 (`/api/relay/transfer`), and the session going the way the SDKs' cookie jars send it.
struct ResourceRunnerRelayTests {
    private typealias WireRecorder = ResourceRunnerWireTests.WireRecorder

    private static let confirm = ["Password=Demo-pass1"]
    private static let relay = "/api/relay/transfer"

    private static func cookies(sentTo path: String, by wire: WireRecorder) -> [String] {
        wire.requests.filter { $0.url.path() == path }.map { request in
            request.headers.filter { $0.name.lowercased() == "cookie" }.map(\.value).joined(separator: " | ")
        }
    }

    @Test func aDecisionAnsweredWith200IsConfirmedAndRetriedWithTheSessionCookieAMSet() async throws {
        try await RunnerFixture.with { fixture in
            let wire = WireRecorder()
            let standard = try await fixture.signIn("standard", try fixture.options(.stepUp), transport: wire)
            let amCookie = try #require(await standard.client.cookieJar.cookie(named: standard.server.cookieName)?.value)
            let call = ResourceCall(method: "POST", url: fixture.resource(Self.relay))
            let (outcome, hops, journeys) = await standard.call(call, answers: Self.confirm, presenting: .session)

            let answer = try #require(outcome.answer)
            #expect(answer.json?["transfer"] == .string("done") && answer.json?["via"] == .string("relay"))
            #expect(hops.map(\.kind) == [.exchange, .journey, .exchange])
            #expect(hops[0].response?.status == 200)
            #expect(hops[0].conclusion.contains("carried by a 200"), "\(hops[0].conclusion)")
            #expect(hops[0].conclusion.contains("cookie jar"), "\(hops[0].conclusion)")
            guard case .compositeAdvice(let advice)? = journeys.first?.entry, let transaction = advice.transactionID else {
                Issue.record("the decision's TransactionConditionAdvice is walked")
                return
            }
            #expect(hops[2].request?.header("X-TxID") == transaction)
            #expect(answer.json?["txid"] == .string(transaction))
            // The session went as the cookie AM set, added by the jar, never as a header the call built.
            #expect(hops.compactMap(\.request).allSatisfy { $0.header("Cookie") == nil })
            let sent = Self.cookies(sentTo: Self.relay, by: wire)
            #expect(sent.count == 2 && sent.allSatisfy { $0.contains("iPlanetDirectoryPro=\(amCookie)") && !$0.contains("|") }, "\(sent)")
        }
    }

    @Test func theJarsSessionCookieGoesRatherThanOneBuiltFromTheStoredToken() async throws {
        try await RunnerFixture.with { fixture in
            let standard = try await fixture.signIn("standard", try fixture.options(.stepUp))
            // The stored body's tokenId no longer matches the cookie AM set: the jar's cookie is the session.
            let stored = try #require(try standard.session)
            let stale = LoginSuccess(tokenId: "stale-token", successUrl: stored.success.successUrl, realm: stored.success.realm)
            try standard.instance.save(StoredSession(success: stale, userName: stored.userName), on: standard.server)
            let (outcome, hops, _) = await standard.call(ResourceCall(url: fixture.resource("/api/profile")), presenting: .session)
            #expect(outcome.answer?.status == 200, "\(hops.map(\.conclusion))")
            #expect(outcome.answer?.json?["sub"] == .string("demo"))
        }
    }

    @Test func withoutTheSessionCookieInTheJarTheCookieIsBuiltFromTheToken() async throws {
        try await RunnerFixture.with { fixture in
            let signedIn = try await fixture.signIn("standard", try fixture.options(.stepUp))
            let emptyJar = JourneyClient(server: signedIn.server, transport: AsyncHTTPTransport(), cookieJar: CookieJar())
            let standard = SignedIn(instance: signedIn.instance, server: signedIn.server, options: signedIn.options,
                                    client: emptyJar, oauth: signedIn.oauth)
            let token = try #require(try standard.session?.success.tokenId)
            let (outcome, hops, _) = await standard.call(ResourceCall(url: fixture.resource("/api/profile")), presenting: .session)
            #expect(outcome.answer?.status == 200)
            #expect(hops.first?.request?.header("Cookie") == "iPlanetDirectoryPro=\(token)")
            #expect(hops.first?.conclusion.contains("cookie jar") == false)
        }
    }
}
