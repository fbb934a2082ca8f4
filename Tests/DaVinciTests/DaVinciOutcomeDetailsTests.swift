import DaVinci
import Foundation
import Orchestrate
import Testing

/// How PingOne's answers beyond plain forms are read: rich text, a reply without a form, a
/// session-only success and a redirect.
struct DaVinciOutcomeDetailsTests {
    static func response(_ status: Int, _ body: String, headers: [HTTPHeader] = []) -> HTTPResponse {
        HTTPResponse(status: status, headers: headers, body: Data(body.utf8))
    }

    @Test func aLabelsLinksAreWrittenWithTheirAddresses() throws {
        let field = try JSONValue.parse(Data(#"""
        {"type":"LABEL","content":"Read the terms","richContent":{"content":"Read the {{terms}} and {{privacy}}; {{missing}} stays.",
         "replacements":{"terms":{"type":"link","value":"terms","href":"https://p1.example/terms?a={{privacy}}"},
                         "privacy":{"type":"link","value":"privacy notice","href":"https://p1.example/privacy"}}}}
        """#.utf8))
        let label = Collector(wire: field, defaults: nil, passwordPolicy: nil).label
        #expect(label == "Read the terms (https://p1.example/terms?a={{privacy}}) and privacy notice (https://p1.example/privacy); {{missing}} stays.")
    }

    @Test func aReplyWithANextLinkButNoFormIsAnsweredAtOnce() throws {
        func url(_ path: String) -> URL { URL(string: "https://p1.example/env/as/\(path)")! }
        let endpoints = OAuthEndpoints(issuer: "https://p1.example/env/as", authorize: url("authorize"), token: url("token"), revoke: url("revoke"),
                                       userinfo: url("userinfo"), endSession: url("signoff"), jwks: url("jwks"))
        var flow = DaVinciFlow(configuration: try DaVinciConfiguration(discoveryEndpoint: url(".well-known/openid-configuration"), clientId: "c",
                                                                       scopes: ["openid"], redirectURI: "https://app.example/cb"),
                               endpoints: endpoints)
        let formless = #"{"id":"n2","eventName":"continue","interactionId":"i1","_links":{"next":{"href":"https://p1.example/env/davinci/connections/c/capabilities/x"}}}"#
        guard case .send(let request) = flow.received(Self.response(200, formless)) else {
            Issue.record("a reply without a form was not answered")
            return
        }
        #expect(request.url.absoluteString == "https://p1.example/env/davinci/connections/c/capabilities/x")
        let body = try JSONValue.parse(request.body ?? Data())
        #expect(body["id"] == .string("n2") && body["parameters"]?["eventType"] == .string("submit"))
        for _ in 1..<DaVinciFlow.mostFormlessReplies { _ = flow.received(Self.response(200, formless)) }
        guard case .failed = flow.received(Self.response(200, formless)) else {
            Issue.record("replies without a form were answered for ever")
            return
        }
    }

    @Test func aSessionWithoutACodeAndARedirectEndTheFlowWithTheirOwnMessages() {
        guard case .failure(.sessionWithoutCode) = DaVinciOutcome(Self.response(200, #"{"status":"COMPLETED","session":{"id":"s1"},"success":true}"#)) else {
            Issue.record("a session-only success was not read as one")
            return
        }
        let redirect = DaVinciOutcome(Self.response(302, "", headers: [HTTPHeader("Location", "https://app.example/cb?code=secret&state=s")]))
        #expect(redirect == .failure(.redirected(status: 302, location: "https://app.example/cb (its query left out)")))
    }
}
