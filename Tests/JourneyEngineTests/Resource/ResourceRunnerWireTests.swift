import DemoAM
import Foundation
import JourneyEngine
import Orchestrate
import Synchronization
import Testing

/// What `ResourceRunner` really puts on the wire (after the client added its cookies), seen by
/// a transport that keeps every request it sends.
struct ResourceRunnerWireTests {
    /// Sends through `AsyncHTTPTransport` and keeps a copy of each request as sent.
    final class WireRecorder: HTTPTransport {
        private let sent = Mutex<[HTTPRequest]>([])
        private let real = AsyncHTTPTransport()

        var requests: [HTTPRequest] { sent.withLock { $0 } }

        func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
            sent.withLock { $0.append(request) }
            return try await real.send(request)
        }

        /// Every header value of every request, one per line.
        var everything: String {
            requests.flatMap { $0.headers.map(\.value) + [String(decoding: $0.body ?? Data(), as: UTF8.self), $0.url.absoluteString] }
                .joined(separator: "\n")
        }
    }

    @Test func userBsInstanceNeverSendsUserAsTokenOrSession() async throws {
        try await RunnerFixture.with { fixture in
            let options = try fixture.options(.multiUser)
            let a = try await fixture.signIn("a", options, as: "demo")
            let wireOfB = WireRecorder()
            let b = try await fixture.signIn("b", options, as: "alice", transport: wireOfB)
            _ = await a.call(ResourceCall(url: fixture.resource("/api/balance")), answers: ["Enter verification code=\(try RunnerFixture.code())"])
            let secretsOfA = [try #require(try a.tokens).tokens.accessToken, try #require(try a.session?.success.tokenId)]

            let profile = await b.call(ResourceCall(url: fixture.resource("/api/profile")))
            #expect(profile.outcome.answer?.json?["sub"] == .string("alice"))
            let stepUp = await b.call(ResourceCall(url: fixture.resource("/api/balance")),
                                      answers: ["Enter verification code=\(try RunnerFixture.code(of: "alice"))"])
            #expect(stepUp.outcome.answer?.status == 200)
            #expect(wireOfB.requests.count >= 6, "sign-in, profile, and the step-up loop went through B's transport")
            for secret in secretsOfA {
                #expect(!wireOfB.everything.contains(secret))
            }
        }
    }

    @Test func aSessionCallSendsOneCookieField() async throws {
        try await RunnerFixture.with { fixture in
            let wire = WireRecorder()
            let standard = try await fixture.signIn("standard", try fixture.options(.stepUp), transport: wire)
            let profile = await standard.call(ResourceCall(url: fixture.resource("/api/profile")), presenting: .session)
            #expect(profile.outcome.answer?.status == 200)
            let sent = try #require(wire.requests.last { $0.url.path() == "/api/profile" })
            // RFC 6265 §5.4: a client sends at most one Cookie header field.
            #expect(sent.headers.filter { $0.name.lowercased() == "cookie" }.count == 1)
        }
    }
}
