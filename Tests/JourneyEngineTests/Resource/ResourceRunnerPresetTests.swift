import DemoAM
import Foundation
import JourneyEngine
import Orchestrate
import Testing

/// `ResourceRunner` and the storage presets: who a call speaks for, and which instances a
/// sign-out reaches, observed through `/api/profile`'s `sub`.
struct ResourceRunnerPresetTests {
    /// The `sub` `/api/profile` sees for the instance, and the access token it was sent.
    private static func profile(_ instance: SignedIn, _ fixture: RunnerFixture) async throws -> (sub: String?, sent: String?) {
        let (outcome, hops, _) = await instance.call(ResourceCall(url: fixture.resource("/api/profile")))
        return (outcome.answer?.json?["sub"]?.stringValue, hops.first?.request?.header("Authorization"))
    }

    @Test func inTheMultiUserPresetEachInstanceSpeaksForItsOwnUser() async throws {
        try await RunnerFixture.with { fixture in
            let options = try fixture.options(.multiUser)
            let a = try await fixture.signIn("a", options, as: "demo")
            let b = try await fixture.signIn("b", options, as: "alice")
            let tokenOfA = try #require(try a.tokens).tokens.accessToken
            let tokenOfB = try #require(try b.tokens).tokens.accessToken
            #expect(tokenOfA != tokenOfB)

            let seenByA = try await Self.profile(a, fixture)
            let seenByB = try await Self.profile(b, fixture)
            #expect(seenByA.sub == "demo" && seenByA.sent == "Bearer \(tokenOfA)")
            #expect(seenByB.sub == "alice" && seenByB.sent == "Bearer \(tokenOfB)")
        }
    }

    @Test func signingOutReachesTheInstancesThatShareTheStores() async throws {
        try await RunnerFixture.with { fixture in
            let options = try fixture.options(.shared)
            let first = try await fixture.signIn("first", options)
            let second = try fixture.instance("second", options)
            #expect(try await Self.profile(second, fixture).sub == "demo", "the shared session and tokens are the second instance's too")

            let actions = await InstanceLifecycle.signOut(first.instance, options: options, transport: AsyncHTTPTransport())
            #expect(actions.contains(.storesCleared))
            #expect(try second.session == nil && second.tokens == nil)
            let (outcome, hops, _) = await second.call(ResourceCall(url: fixture.resource("/api/profile")))
            guard case .challenged(.invalidToken) = outcome else {
                Issue.record("signed out everywhere: the call has no credential, got \(outcome)")
                return
            }
            #expect(hops.first?.request?.header("Authorization") == nil)
        }
    }

    @Test func signingOutOneUserLeavesTheOthersSignedIn() async throws {
        try await RunnerFixture.with { fixture in
            let options = try fixture.options(.multiUser)
            let a = try await fixture.signIn("a", options, as: "demo")
            let b = try await fixture.signIn("b", options, as: "alice")
            let actions = await InstanceLifecycle.signOut(a.instance, options: options, transport: AsyncHTTPTransport())
            #expect(actions.contains(.storesCleared))
            #expect(try a.session == nil && a.tokens == nil)
            #expect(try b.session?.userName == "alice")
            #expect(try await Self.profile(b, fixture).sub == "alice")
            #expect(try await Self.profile(a, fixture).sub == nil)
        }
    }
}
