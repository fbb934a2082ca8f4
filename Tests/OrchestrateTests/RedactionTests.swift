import Foundation
import Orchestrate
import Testing

/// Headers as traces show them: credentials hidden, terminal controls neutralised.
struct RedactionTests {
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
