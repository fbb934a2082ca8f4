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

    @Test func anAuthorizeRedirectHidesItsCode() {
        let headers = Redaction.headers([HTTPHeader("Location", "http://127.0.0.1/callback?code=code-secret-value&state=s1")],
                                        cookieName: "iPlanetDirectoryPro")
        #expect(!headers[0].value.contains("code-secret-value"))
        #expect(headers[0].value.contains("state=s1"))
    }

    @Test func cookieHeadersFromAnyServerReachTheTerminalNeutralised() {
        let headers = Redaction.headers([HTTPHeader("Set-Cookie", "a\u{1B}[2J=b; Path=/\u{9B}2J")], cookieName: "iPlanetDirectoryPro")
        #expect(!headers[0].value.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B })
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

/// An exchange as a curl command: quoted for a shell, credentials redacted unless revealed.
struct CurlCommandTests {
    let request = HTTPRequest(method: "POST", url: URL(string: "https://api.example.com/transfer?x=1")!, headers: [
        HTTPHeader("Authorization", "Bearer at-secret-value"), HTTPHeader("X-TxID", "tx-1"), HTTPHeader("X-Note", "it's"),
    ], body: Data(#"{"amount":"1.00"}"#.utf8), timeout: .seconds(5))

    @Test func aRequestBecomesACurlCommandWithItsCredentialsRedacted() {
        let curl = CurlCommand.make(request, rules: RedactionRules())
        #expect(curl.hasPrefix("curl -X POST 'https://api.example.com/transfer?x=1' -H 'Authorization: Bearer ‹redacted›'"))
        #expect(curl.contains(#"-H 'X-TxID: tx-1' -H 'X-Note: it'\''s'"#))
        #expect(curl.hasSuffix(#"--data-raw '{"amount":"1.00"}'"#))
        #expect(!curl.contains("at-secret-value"))
        #expect(CurlCommand.make(request, rules: RedactionRules(), revealing: true).contains("Bearer at-secret-value"))
    }
}
