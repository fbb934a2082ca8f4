import Foundation
import Orchestrate
import Testing

/// What a trace, a curl command and a HAR file show of an exchange: credentials hidden by what
/// they are (JSON key, form field, query parameter, header), whatever they look like.
struct TraceTests {
    static let url = URL(string: "https://am.example.com/am/oauth2/access_token")!

    static func exchange(_ request: HTTPRequest, _ response: HTTPResponse) -> WireExchange {
        WireExchange(started: Date(timeIntervalSince1970: 1_700_000_000), duration: .milliseconds(5), request: request,
                     outcome: .success(response), rules: RedactionRules(cookieName: "iPlanetDirectoryPro", headers: ["X-API-Key"], queryParameters: ["apikey"]))
    }

    static func jsonExchange(_ body: String) -> WireExchange {
        exchange(HTTPRequest(method: "POST", url: url, headers: [HTTPHeader("Content-Type", "application/json")], body: Data(body.utf8),
                             timeout: .seconds(5)),
                 HTTPResponse(status: 200, headers: [HTTPHeader("Content-Type", "application/json")], body: Data(body.utf8)))
    }

    /// Everything a person could see of the exchange: pane lines, curl, HAR.
    static func shown(_ exchange: WireExchange) -> String {
        let request = TracedMessage(request: exchange.request, rules: exchange.rules)
        let response = exchange.response.map { TracedMessage(response: $0, rules: exchange.rules) }
        return ([TracedMessage.url(of: exchange.request, rules: exchange.rules), request.body.line, response?.body.line ?? "",
                 CurlCommand.make(exchange.request, rules: exchange.rules),
                 String(decoding: HARLog.data([exchange]), as: UTF8.self)]
            + (request.headers + (response?.headers ?? [])).map(\.value)).joined(separator: "\n")
    }

    @Test(arguments: ["tokenId", "authId", "suspendedId", "access_token", "refresh_token", "id_token", "code", "code_verifier",
                      "client_secret", "password"])
    func aSecretJSONKeyIsRedactedAtAnyDepth(key: String) {
        let body = #"{"outer":{"list":[{"\#(key)":"abcdef-secret-value-1"}]},"\#(key)":"abcdef-secret-value-2","state":"abcdef-kept-value"}"#
        let shown = Self.shown(Self.jsonExchange(body))
        #expect(!shown.contains("secret-value"), "\(key) is not redacted")
        #expect(shown.contains("abcdef-kept-value"), "a value under another key stays, whatever it looks like")
    }

    @Test(arguments: ["code", "code_verifier", "client_secret", "client_assertion", "token", "refresh_token", "id_token_hint", "password",
                      "apikey"])
    func aSecretFormFieldAndQueryParameterAreRedacted(name: String) {
        var url = URLComponents(url: Self.url, resolvingAgainstBaseURL: false)!
        url.queryItems = [URLQueryItem(name: name, value: "abcdef-secret-query"), URLQueryItem(name: "state", value: "abcdef-kept-query")]
        let form = "grant_type=authorization_code&\(name)=abcdef-secret-form&redirect_uri=http%3A%2F%2F127.0.0.1%2Fcallback"
        let exchange = Self.exchange(
            HTTPRequest(method: "POST", url: url.url!, headers: [HTTPHeader("Content-Type", "application/x-www-form-urlencoded")],
                        body: Data(form.utf8), timeout: .seconds(5)),
            HTTPResponse(status: 302, headers: [HTTPHeader("Location", "http://127.0.0.1/callback?\(name)=abcdef-secret-location")], body: Data()))
        let shown = Self.shown(exchange)
        for secret in ["secret-query", "secret-form", "secret-location"] { #expect(!shown.contains(secret), "\(name) in \(secret)") }
        #expect(shown.contains("abcdef-kept-query") && shown.contains("redirect_uri=http://127.0.0.1/callback"))
    }

    @Test func credentialHeadersAreRedacted() {
        let exchange = Self.exchange(
            HTTPRequest(method: "GET", url: Self.url, headers: [
                HTTPHeader("Authorization", "Bearer abcdef-secret-bearer"), HTTPHeader("Proxy-Authorization", "Basic abcdef-secret-basic"),
                HTTPHeader("Cookie", "iPlanetDirectoryPro=abcdef-secret-cookie; amlbcookie=01"),
                HTTPHeader("iPlanetDirectoryPro", "abcdef-secret-sso"), HTTPHeader("X-API-Key", "abcdef-secret-key"),
            ], body: nil, timeout: .seconds(5)),
            HTTPResponse(status: 200, headers: [HTTPHeader("Set-Cookie", "iPlanetDirectoryPro=abcdef-secret-set; Path=/")], body: Data()))
        let shown = Self.shown(exchange)
        #expect(!shown.contains("secret"))
        #expect(shown.contains("amlbcookie=01") && shown.contains("Bearer ‹redacted›"))
    }

    @Test func aHARFileHasHAR12sRequiredFieldsAndRevealsOnlyWhenAsked() throws {
        let exchange = Self.jsonExchange(#"{"access_token":"abcdef-secret-value"}"#)
        let failed = WireExchange(started: exchange.started, duration: .seconds(1), request: exchange.request,
                                  outcome: .failure(.cancelled), rules: RedactionRules())
        let document = try #require(try JSONSerialization.jsonObject(with: HARLog.data([exchange, failed])) as? [String: Any])
        let log = try #require(document["log"] as? [String: Any])
        #expect(log["version"] as? String == "1.2" && (log["creator"] as? [String: Any])?["version"] is String)
        let entries = try #require(log["entries"] as? [[String: Any]])
        #expect(entries.count == 2)
        #expect(entries[0]["startedDateTime"] as? String == "2023-11-14T22:13:20.000Z")
        let request = try #require(entries[0]["request"] as? [String: Any])
        #expect((request["postData"] as? [String: Any])?["mimeType"] as? String == "application/json")
        let response = try #require(entries[0]["response"] as? [String: Any])
        #expect(response["status"] as? Int == 200 && response["statusText"] as? String == "OK")
        #expect(((response["content"] as? [String: Any])?["text"] as? String)?.contains("abcdef…(19 chars)") == true)
        #expect((entries[1]["response"] as? [String: Any])?["status"] as? Int == 0)
        #expect(entries.allSatisfy { ($0["timings"] as? [String: Any])?.keys.sorted() == ["receive", "send", "wait"] })
        #expect(String(decoding: HARLog.data([exchange], revealing: true), as: UTF8.self).contains("abcdef-secret-value"))
    }

    @Test func prettyJSONLinesKnowWhereTheyAre() throws {
        let json = try JSONValue.parse(Data(#"{"callbacks":[{"type":"NameCallback","input":[]}],"x":{}}"#.utf8))
        #expect(json.prettyLines.map(\.text) == ["{", #"  "callbacks": ["#, "    {", #"      "type": "NameCallback","#, #"      "input": []"#,
                                                 "    }", "  ],", #"  "x": {}"#, "}"])
        #expect(json.prettyLines[3].path == ["callbacks", "[]", "type"])
    }
}
