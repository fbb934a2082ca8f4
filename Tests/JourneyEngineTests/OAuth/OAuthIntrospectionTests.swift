import DemoAM
import Foundation
import JourneyEngine
import Orchestrate
import Testing

/// `OAuthClient.introspect` (RFC 7662) against the demo AM, as its resource server's client.
struct OAuthIntrospectionTests {
    private static let demoAPI = try! ClientCredentials(clientId: "demo-api", secret: "demo-api-secret")

    @Test func aLiveTokenIsActiveWithItsSubjectScopeAndAuthentication() async throws {
        try await RunnerFixture.with { fixture in
            let instance = try await fixture.signIn("standard", try fixture.options(.stepUp))
            let tokens = try #require(try instance.tokens).tokens
            let introspection = try await instance.oauth.introspect(tokens.accessToken, as: Self.demoAPI)
            #expect(introspection.active)
            #expect(introspection.subject == "demo")
            #expect(introspection.clientId == "journeyterm")
            #expect(introspection.strength == AuthenticationStrength(authLevel: 0, acr: "Login", amr: ["pwd"],
                                                                     authTime: introspection.strength.authTime, scope: "openid profile"))
            #expect(introspection.strength.authTime != nil)
            let expiresAt = try #require(introspection.expiresAt)
            let exp = try #require(TokenClaims.decode(tokens.accessToken)?["exp"]?.doubleValue)
            #expect(expiresAt == Date(timeIntervalSince1970: exp), "AM's exp is the access token's")
            #expect(introspection.members["realm"] == .string("/"))
        }
    }

    @Test func aSteppedUpTokenReportsItsNewStrength() async throws {
        try await RunnerFixture.with { fixture in
            let instance = try await fixture.signIn("standard", try fixture.options(.stepUp))
            let call = await instance.call(ResourceCall(url: fixture.resource("/api/balance")),
                                           answers: ["Enter verification code=\(try RunnerFixture.code())"])
            #expect(call.outcome.answer?.status == 200)
            let tokens = try #require(try instance.tokens).tokens
            let introspection = try await instance.oauth.introspect(tokens.accessToken, as: Self.demoAPI)
            #expect(introspection.strength.authLevel == 2)
            #expect(introspection.strength.amr.contains("otp"))
        }
    }

    @Test func aRevokedTokenIsInactiveAndSaysNothingMore() async throws {
        try await RunnerFixture.with { fixture in
            let instance = try await fixture.signIn("standard", try fixture.options(.stepUp))
            let tokens = try #require(try instance.tokens).tokens
            try await instance.oauth.revoke(tokens)
            let introspection = try await instance.oauth.introspect(tokens.accessToken, as: Self.demoAPI)
            #expect(!introspection.active)
            #expect(introspection.subject == nil && introspection.expiresAt == nil)
            #expect(introspection.strength == AuthenticationStrength())
        }
    }

    @Test func onlyAConfidentialClientWithItsSecretMayIntrospect() async throws {
        try await RunnerFixture.with { fixture in
            let instance = try await fixture.signIn("standard", try fixture.options(.stepUp))
            let token = try #require(try instance.tokens).tokens.accessToken
            for (id, secret) in [("demo-api", "wrong"), ("journeyterm", "anything")] {
                do {
                    _ = try await instance.oauth.introspect(token, as: try ClientCredentials(clientId: id, secret: secret))
                    Issue.record("\(id) may not introspect")
                } catch let error as OAuthError {
                    guard case .server(error: "invalid_client", _) = error else {
                        Issue.record("\(id): expected invalid_client, got \(error)")
                        continue
                    }
                    #expect(!error.description.contains(secret))
                }
            }
        }
    }

    @Test func theEndpointIsTheRealmsBesideTheTokenEndpoint() throws {
        func endpoint(_ url: String, realm: Realm = .root, token: URL? = nil) throws -> String {
            let server = try ServerConfiguration(url: url, realm: realm)
            let standard = OAuthEndpoints.standard(for: server)
            let endpoints = OAuthEndpoints(issuer: standard.issuer, authorize: standard.authorize, token: token ?? standard.token,
                                           revoke: standard.revoke, userinfo: standard.userinfo, endSession: standard.endSession, jwks: standard.jwks)
            let configuration = try OAuthConfiguration(clientId: "c", redirectURI: "http://127.0.0.1/callback", scopes: ["openid"])
            return OAuthClient(client: JourneyClient(server: server), configuration: configuration, endpoints: endpoints)
                .introspectionEndpoint.absoluteString
        }
        #expect(try endpoint("https://am.example.com/am") == "https://am.example.com/am/oauth2/realms/root/introspect")
        #expect(try endpoint("https://am.example.com/am", realm: try Realm("alpha")) == "https://am.example.com/am/oauth2/realms/root/realms/alpha/introspect")
        #expect(try endpoint("https://am.example.com/am", token: URL(string: "https://login.example.com/oauth2/alpha/access_token")!)
            == "https://login.example.com/oauth2/alpha/introspect")
        #expect(try endpoint("https://am.example.com/am", token: URL(string: "https://gw.example.com/token")!)
            == "https://am.example.com/am/oauth2/realms/root/introspect")
    }

    @Test func credentialsNeverShowTheSecret() {
        #expect(Self.demoAPI.description == "demo-api (secret hidden)")
        #expect(!String(reflecting: Self.demoAPI).contains("demo-api-secret"))
        #expect(throws: ConfigurationError.self) { try ClientCredentials(clientId: "demo-api", secret: "") }
        #expect(throws: ConfigurationError.self) { try ClientCredentials(clientId: "demo api", secret: "s") }
    }
}
