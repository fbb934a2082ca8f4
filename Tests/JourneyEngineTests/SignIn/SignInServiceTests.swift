import DemoAM
import Foundation
import JourneyEngine
import Orchestrate
import Testing

/// `SignInService` against the demo AM: tokens minted with PKCE, their ID token verified with
/// the nonce sent, kept with the session that minted them, and revoked when refused.
struct SignInServiceTests {
    /// A new SSO session for `user` from the Login journey, walked by a client of its own.
    private static func newSession(_ fixture: RunnerFixture, _ options: JourneyOptions, as user: String = "demo") async throws -> LoginSuccess {
        let client = JourneyClient(server: try options.serverConfiguration())
        return try await client.walk(JourneyRequest(.journey("Login"))) { step in
            try DemoAMJourneyTests.answer(step, ["User Name=\(user)", "Password=\(RunnerFixture.passwords[user] ?? "")"])
        }
    }

    private static func service(_ signedIn: SignedIn, policy: IDTokenPolicy = .keepUncheckable,
                                endpoints: OAuthEndpoints? = nil) -> SignInService {
        SignInService(instance: signedIn.instance, server: signedIn.server,
                      oauth: endpoints.map(signedIn.oauth.using) ?? signedIn.oauth, policy: policy)
    }

    /// The signed-in instance's endpoints with a JWKS address that answers 404.
    private static func unreachableKeys(_ endpoints: OAuthEndpoints) -> OAuthEndpoints {
        OAuthEndpoints(issuer: endpoints.issuer, authorize: endpoints.authorize, token: endpoints.token, revoke: endpoints.revoke,
                       userinfo: endpoints.userinfo, endSession: endpoints.endSession,
                       jwks: endpoints.jwks.deletingLastPathComponent().appending(path: "no-such-keys"))
    }

    private static func isRevoked(_ tokens: OAuthTokens, by oauth: OAuthClient) async -> Bool {
        do throws(OAuthError) {
            _ = try await oauth.userinfo(tokens)
            return false
        } catch {
            guard case .server("invalid_token", _) = error else { return false }
            return true
        }
    }

    @Test func fetchedTokensAreVerifiedAndKeptWithTheSessionThatMintedThem() async throws {
        try await RunnerFixture.with { fixture in
            let signedIn = try await fixture.signIn("a", try fixture.options(.stepUp))
            let before = try #require(try signedIn.tokens).tokens
            let ssoToken = try #require(try signedIn.session?.success.tokenId)

            let minted = try await Self.service(signedIn).fetchTokens(for: ssoToken)
            #expect(minted.claims?.isVerified == true, "\(String(describing: minted.claims?.trust))")
            #expect(minted.claims?.claims["sub"]?.stringValue == "demo")
            let kept = try #require(try signedIn.tokens)
            #expect(kept.tokens == minted.tokens && kept.tokens.wereMinted(by: ssoToken))
            #expect(await !Self.isRevoked(before, by: signedIn.oauth), "tokens of the same session are replaced, not revoked")
        }
    }

    @Test func keepingANewSessionsTokensRevokesThoseAnOlderSessionMinted() async throws {
        try await RunnerFixture.with { fixture in
            let options = try fixture.options(.stepUp)
            let signedIn = try await fixture.signIn("a", options)
            let older = try #require(try signedIn.tokens).tokens
            let newer = try await Self.newSession(fixture, options)
            try signedIn.instance.save(StoredSession(success: newer, userName: "demo"), on: signedIn.server)

            let minted = try await Self.service(signedIn).fetchTokens(for: try #require(newer.tokenId))
            #expect(try signedIn.tokens?.tokens == minted.tokens)
            #expect(await Self.isRevoked(older, by: signedIn.oauth), "the older session's tokens were revoked at AM")
        }
    }

    @Test func tokensWhoseSessionIsNoLongerStoredAreRevokedNotKept() async throws {
        try await RunnerFixture.with { fixture in
            let signedIn = try await fixture.signIn("a", try fixture.options(.stepUp))
            let service = Self.service(signedIn)
            let minted = try await service.mint(for: try #require(try signedIn.session?.success.tokenId))
            let tokenRecord = try fixture.backend.read(signedIn.instance.stores.tokens)
            try signedIn.instance.forget(sessionOn: signedIn.server)

            await #expect(throws: SignInError.oauth(.noSession)) { try await service.keep(minted.tokens) }
            #expect(try fixture.backend.read(signedIn.instance.stores.tokens) == tokenRecord)
            #expect(await Self.isRevoked(minted.tokens, by: signedIn.oauth))
        }
    }

    @Test(arguments: [IDTokenPolicy.keepUncheckable, .verifiedOnly])
    func aWrongNonceIsRefusedRevokedAndNeverStored(policy: IDTokenPolicy) async throws {
        try await RunnerFixture.with(DemoAMConfiguration(wrongNonce: .always)) { fixture in
            let options = try fixture.options(.stepUp)
            let signedIn = try fixture.instance("a", options)
            let session = try await Self.newSession(fixture, options)
            try signedIn.instance.save(StoredSession(success: session, userName: "demo"), on: signedIn.server)

            await #expect(throws: SignInError.oauth(.idTokenRefused(.otherNonce))) {
                _ = try await Self.service(signedIn, policy: policy).fetchTokens(for: try #require(session.tokenId))
            }
            #expect(try signedIn.tokens == nil)
            #expect(await fixture.demo.revocations().tokensRevoked.contains { $0.tokenType == .refreshToken })
        }
    }

    @Test func aWrongNonceIsFoundEvenWhenTheKeysCannotBeFetched() async throws {
        try await RunnerFixture.with(DemoAMConfiguration(wrongNonce: .always)) { fixture in
            let options = try fixture.options(.stepUp)
            let signedIn = try fixture.instance("a", options)
            let session = try await Self.newSession(fixture, options)
            try signedIn.instance.save(StoredSession(success: session, userName: "demo"), on: signedIn.server)

            let service = Self.service(signedIn, endpoints: Self.unreachableKeys(signedIn.oauth.endpoints))
            await #expect(throws: SignInError.oauth(.idTokenRefused(.otherNonce))) {
                _ = try await service.fetchTokens(for: try #require(session.tokenId))
            }
        }
    }

    @Test func anIDTokenThatCannotBeCheckedIsKeptLabelledUnlessOnlyVerifiedOnesAreKept() async throws {
        try await RunnerFixture.with { fixture in
            let signedIn = try await fixture.signIn("a", try fixture.options(.stepUp))
            let ssoToken = try #require(try signedIn.session?.success.tokenId)
            let endpoints = Self.unreachableKeys(signedIn.oauth.endpoints)
            let tokenRecord = try fixture.backend.read(signedIn.instance.stores.tokens)

            await #expect(throws: SignInError.oauth(.idTokenRefused(.keysUnavailable("the JWKS answered HTTP 404")))) {
                _ = try await Self.service(signedIn, policy: .verifiedOnly, endpoints: endpoints).fetchTokens(for: ssoToken)
            }
            #expect(try fixture.backend.read(signedIn.instance.stores.tokens) == tokenRecord)

            let kept = try await Self.service(signedIn, endpoints: endpoints).fetchTokens(for: ssoToken)
            #expect(kept.claims?.problem == .keysUnavailable("the JWKS answered HTTP 404"))
            #expect(kept.claims?.isVerified == false)
            #expect(try signedIn.tokens?.tokens == kept.tokens)
        }
    }

    @Test func onlyEvidenceAgainstATokenRefusesItUnderTheLenientPolicy() {
        let against: [IDTokenProblem] = [.otherNonce, .badSignature("x"), .otherIssuer(found: "a", expected: "b"), .otherAudience(clientId: "c")]
        let uncheckable: [IDTokenProblem] = [.notAJWT, .keysUnavailable("x"), .expired]
        #expect(against.allSatisfy(IDTokenPolicy.keepUncheckable.refuses))
        #expect(!uncheckable.contains(where: IDTokenPolicy.keepUncheckable.refuses))
        #expect((against + uncheckable).allSatisfy(IDTokenPolicy.verifiedOnly.refuses))
    }
}
