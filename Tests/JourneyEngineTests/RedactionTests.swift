import Foundation
import JourneyEngine
import Orchestrate
import Testing

/// What traces and hops show of credentials: hidden by what a value is, never by its look.
struct RedactionTests {
    @Test func oauthAnswersTracedThroughTheClientHideTheirTokens() {
        let body = Data(#"{"access_token":"at-secret-value-1","refresh_token":"rt-secret-value-2","id_token":"id-secret-value-3","scope":"openid","expires_in":3599}"#.utf8)
        let shown = TracedBody(body, rules: .journey()).line
        for secret in ["at-secret-value-1", "rt-secret-value-2", "id-secret-value-3"] { #expect(!shown.contains(secret)) }
        #expect(shown.contains("openid") && shown.contains("3599"))
    }

    @Test func aSocialProvidersTokenIsHiddenInTheStepSentBack() throws {
        let body = #"{"authId":"a","callbacks":[\#(AnswerTests.idP.replacing(#"{"name":"IDToken1token","value":""}"#, with: #"{"name":"IDToken1token","value":"idp-secret-token-9"}"#))]}"#
        #expect(body.contains("idp-secret-token-9"))
        let shown = TracedBody(Data(body.utf8), rules: .journey()).line
        #expect(!shown.contains("idp-secret-token-9"))
        #expect(shown.contains("1234.apps.googleusercontent.com"), "what the token is for stays readable")
    }

    @Test func theSessionGoesOnlyToAMsOwnOrigin() throws {
        let server = try ServerConfiguration(url: "http://127.0.0.1:8180/am")
        let session = StoredSession(success: LoginSuccess(tokenId: "sso", successUrl: nil, realm: "/"), userName: "demo")
        let own = try #require(URL(string: "http://127.0.0.1:8180/api/profile"))
        let other = try #require(URL(string: "https://api.example.com/profile"))
        #expect(ResourceCredential.presenting(tokens: nil, session: session, server: server, to: own)
            == .session(cookieName: "iPlanetDirectoryPro", ssoToken: "sso"))
        #expect(ResourceCredential.presenting(tokens: nil, session: session, server: server, to: other) == .none)
    }
}
