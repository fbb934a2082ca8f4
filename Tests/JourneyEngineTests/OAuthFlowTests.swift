import DemoAM
import Foundation
import JourneyEngine
import Orchestrate
import Testing

/// The OAuth client and the SDKs' token rules against the demo AM over loopback.
struct OAuthFlowTests {
    static let configuration = try! OAuthConfiguration(
        clientId: "journeyterm", redirectURI: "http://127.0.0.1/callback", scopes: ["openid", "profile", "email"])

    /// Signs in to the demo AM and returns the client, its OAuth client and the SSO token.
    static func signedIn(_ demo: DemoAM, configuration: OAuthConfiguration = configuration)
        async throws -> (JourneyClient, OAuthClient, String) {
        let server = try ServerConfiguration(url: demo.baseURL)
        let client = JourneyClient(server: server)
        let success = try await client.walk(JourneyRequest(.journey("SecondFactor"))) { step in
            let code = try #require(TOTP.code(secret: "JBSWY3DPEHPK3PXP"))
            return try DemoAMJourneyTests.answer(step, DemoAMJourneyTests.demoLogin + ["Enter verification code=\(code)"])
        }
        let oauth = OAuthClient(client: client, configuration: configuration, endpoints: .standard(for: server))
        return (client, oauth, try #require(success.tokenId))
    }

    @Test func codeFlowWithPKCEGivesVerifiedTokensCarryingTheJourneysClaims() async throws {
        let demo = try await DemoAM.start(DemoAMConfiguration(port: 0))
        let (client, oauth, sso) = try await Self.signedIn(demo)
        let discovered = try await OAuthClient.discover(with: client)
        #expect(discovered == oauth.endpoints, "AM's standard paths and its discovery document agree")
        let pkce = PKCE.generate()
        let code = try await oauth.authorize(ssoToken: sso, pkce: pkce)
        let tokens = try await oauth.exchange(code: code, pkce: pkce, ssoToken: sso)
        let idClaims = await oauth.verifyIDToken(try #require(tokens.idToken), nonce: pkce.nonce)
        #expect(idClaims.isVerified, "\(idClaims.trust)")
        let access = try #require(TokenClaims.decode(tokens.accessToken))
        #expect(access["sub"] == .string("demo"))
        #expect(access["auth_level"]?.intValue == 10)
        #expect(access["amr"]?.stringArray.contains("otp") == true)
        #expect(access["acr"] == .string("SecondFactor"))
        let wrongNonce = await oauth.verifyIDToken(try #require(tokens.idToken), nonce: "other")
        #expect(!wrongNonce.isVerified)
        await demo.stop()
    }

    @Test func refreshHappensInsideTheThresholdAndKeepsAnUnrotatedRefreshToken() async throws {
        let demo = try await DemoAM.start(DemoAMConfiguration(port: 0, accessTokenLifetime: .seconds(40), rotatesRefreshTokens: false))
        let (_, oauth, sso) = try await Self.signedIn(demo)
        let (first, minted) = try await oauth.usableTokens(nil, ssoToken: sso)
        #expect(minted == .minted)
        let (same, unchanged) = try await oauth.usableTokens(first, ssoToken: sso, now: Date())
        #expect(unchanged == .unchanged && same == first)
        // 15 s later the 40 s token has 25 s left, inside the 30 s threshold: a refresh.
        let (refreshed, renewal) = try await oauth.usableTokens(first, ssoToken: sso, now: Date().addingTimeInterval(15))
        #expect(renewal == .refreshed)
        #expect(refreshed.accessToken != first.accessToken)
        #expect(refreshed.refreshToken == first.refreshToken, "AM did not rotate: the old refresh token stays")
        await demo.stop()
    }

    @Test func aRefusedRefreshFallsBackToTheSSOSessionAndANewSessionMintsNewTokens() async throws {
        let demo = try await DemoAM.start(DemoAMConfiguration(port: 0, accessTokenLifetime: .seconds(5)))
        let (_, oauth, sso) = try await Self.signedIn(demo)
        var tokens = try await oauth.signIn(ssoToken: sso).tokens
        try await oauth.revoke(tokens)
        let (reminted, renewal) = try await oauth.usableTokens(tokens, ssoToken: sso)
        #expect(renewal == .minted, "invalid_grant on refresh → a new authorize with the SSO token")
        tokens = reminted
        let (_, _, otherSession) = try await Self.signedIn(demo)
        let (_, again) = try await oauth.usableTokens(tokens, ssoToken: otherSession)
        #expect(again == .minted, "tokens minted by another session are replaced")
        await #expect(throws: OAuthError.noSession) { _ = try await oauth.usableTokens(nil, ssoToken: nil) }
        await demo.stop()
    }

    @Test func userinfoWithAnExpiredTokenAndConsentRequired() async throws {
        // Three seconds: signing in now also fetches the keys and checks the ID token, which a
        // busy machine may take a second over.
        let demo = try await DemoAM.start(DemoAMConfiguration(port: 0, accessTokenLifetime: .seconds(3)))
        let (client, oauth, sso) = try await Self.signedIn(demo)
        let tokens = try await oauth.signIn(ssoToken: sso).tokens
        #expect(try await oauth.userinfo(tokens)["sub"] == .string("demo"))
        try await Task.sleep(for: .milliseconds(4100))
        await #expect { _ = try await oauth.userinfo(tokens) } throws: { error in
            if case .server("invalid_token", _) = error as? OAuthError { return true }
            return false
        }
        let consent = OAuthClient(client: client, configuration: try OAuthConfiguration(
            clientId: "needs-consent", redirectURI: "http://127.0.0.1/callback", scopes: ["openid"]), endpoints: oauth.endpoints)
        await #expect { _ = try await consent.signIn(ssoToken: sso) } throws: { error in
            guard case .server("consent_required", _) = error as? OAuthError else { return false }
            return (error as? OAuthError)?.description.contains("implied consent") == true
        }
        await demo.stop()
    }
}
