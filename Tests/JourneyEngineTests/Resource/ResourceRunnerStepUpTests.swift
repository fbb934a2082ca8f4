import DemoAM
import Foundation
import JourneyEngine
import Orchestrate
import Testing

/// `ResourceRunner` against the demo AM's `/api/balance` (RFC 9470 step-up, journey `StepUp`).
struct ResourceRunnerStepUpTests {
    @Test func theStepUpLoopWalksStepUpGetsStrongerTokensAndRetries() async throws {
        try await RunnerFixture.with { fixture in
            let standard = try await fixture.signIn("standard", try fixture.options(.stepUp))
            let before = try #require(try standard.tokens)
            let session = try #require(try standard.session)

            let (outcome, hops, journeys) = await standard.call(ResourceCall(url: fixture.resource("/api/balance")),
                                                                answers: ["Enter verification code=\(try RunnerFixture.code())"])
            let answer = try #require(outcome.answer)
            #expect(answer.status == 200)
            #expect(answer.json?["auth_level"]?.intValue == 2)
            #expect(answer.json?["amr"]?.stringArray.contains("otp") == true)
            #expect(hops.map(\.kind) == [.exchange, .journey, .tokens, .exchange])
            #expect(hops[0].response?.status == 401)
            #expect(hops[2].conclusion.contains("auth_level 0 → 2"), "\(hops[2].conclusion)")
            #expect(journeys.count == 1)
            #expect(journeys.first?.entry == .journey("StepUp"))
            #expect(journeys.first?.presentedSession == session.success.tokenId, "the step-up runs with the instance's session")

            // The new tokens are stored and carry the step-up; the retry presented them.
            let after = try #require(try standard.tokens)
            #expect(after.tokens.accessToken != before.tokens.accessToken)
            #expect(AuthenticationStrength(after.tokens).authLevel == 2)
            // amr is written as the claims line writes it: "pwd, otp".
            let amr = AuthenticationStrength(after.tokens).amr
            #expect(amr.count > 1 && hops[2].conclusion.contains("amr pwd → \(amr.joined(separator: ", "))"), "\(hops[2].conclusion)")
            #expect(hops[3].request?.header("Authorization") == "Bearer \(after.tokens.accessToken)")

            // A second call needs no step-up: the stored tokens already suffice.
            let again = await standard.call(ResourceCall(url: fixture.resource("/api/balance")))
            #expect(again.outcome.answer?.status == 200)
            #expect(again.hops.count == 1)
        }
    }

    @Test func aFailedStepUpKeepsTheSessionAndTokensByteForByte() async throws {
        try await RunnerFixture.with { fixture in
            let standard = try await fixture.signIn("standard", try fixture.options(.stepUp))
            let stores = standard.instance.stores
            let sessionRecord = try #require(try fixture.backend.read(stores.session))
            let tokenRecord = try #require(try fixture.backend.read(stores.tokens))

            let wrong = try RunnerFixture.wrongCode()
            let (outcome, hops, _) = await standard.call(ResourceCall(url: fixture.resource("/api/balance")),
                                                          answers: ["Enter verification code=\(wrong)"])
            guard case .failed(let message, let cause) = outcome else {
                Issue.record("three wrong codes fail the step-up, got \(outcome)")
                return
            }
            #expect(cause?.isAuthenticationFailure == true)
            #expect(message.contains("kept"))
            #expect(hops.map(\.kind) == [.exchange, .journey])
            #expect(try fixture.backend.read(stores.session) == sessionRecord)
            #expect(try fixture.backend.read(stores.tokens) == tokenRecord)

            // The kept token still works where no step-up is needed.
            let profile = await standard.call(ResourceCall(url: fixture.resource("/api/profile")))
            #expect(profile.outcome.answer?.status == 200)
            #expect(profile.hops.first?.request?.header("Authorization") == "Bearer \(try #require(try standard.tokens).tokens.accessToken)")
        }
    }

    @Test func aStepUpWhoseIDTokenCarriesAWrongNonceIsRefusedAndNothingIsStored() async throws {
        try await RunnerFixture.with(DemoAMConfiguration(wrongNonce: .onStepUp)) { fixture in
            let standard = try await fixture.signIn("standard", try fixture.options(.stepUp))
            let tokenRecord = try #require(try fixture.backend.read(standard.instance.stores.tokens))
            let revokedBefore = await fixture.demo.revocations().tokensRevoked.count

            let (outcome, hops, _) = await standard.call(ResourceCall(url: fixture.resource("/api/balance")),
                                                          answers: ["Enter verification code=\(try RunnerFixture.code())"])
            guard case .failed(let message, _) = outcome else {
                Issue.record("a replayed ID token refuses the step-up's tokens, got \(outcome)")
                return
            }
            #expect(message.contains("its nonce is not the one sent"), "\(message)")
            #expect(hops.map(\.kind) == [.exchange, .journey, .tokens], "no retry with refused tokens")
            #expect(hops[2].conclusion.contains("revoked and not kept"), "\(hops[2].conclusion)")
            #expect(try fixture.backend.read(standard.instance.stores.tokens) == tokenRecord, "the tokens the instance had are kept byte for byte")
            let revoked = await fixture.demo.revocations().tokensRevoked.dropFirst(revokedBefore)
            #expect(revoked.contains { $0.tokenType == .refreshToken }, "the refused tokens were revoked at AM")
        }
    }

    @Test func withoutTokensTheSessionIsPresentedAndSteppedUpInPlace() async throws {
        try await RunnerFixture.with { fixture in
            let standard = try await fixture.signIn("standard", try fixture.options(.stepUp))
            let session = try #require(try standard.session?.success.tokenId)
            let (outcome, hops, _) = await standard.call(ResourceCall(url: fixture.resource("/api/balance")),
                                                          answers: ["Enter verification code=\(try RunnerFixture.code())"], presenting: .session)
            #expect(outcome.answer?.status == 200)
            #expect(hops.map(\.kind) == [.exchange, .journey, .exchange])
            #expect(hops[0].request?.header("Authorization") == nil)
            // The session goes as the cookie AM set, which the jar adds on the way out.
            #expect(hops[0].request?.header("Cookie") == nil)
            #expect(hops[0].conclusion.contains("from the instance's cookie jar"))
            #expect(try standard.session?.success.tokenId == session, "the demo AM upgrades the session in place")
        }
    }
}
