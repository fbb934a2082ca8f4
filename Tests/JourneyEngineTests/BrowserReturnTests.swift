import DemoAM
import Foundation
import JourneyEngine
import Orchestrate
import Testing

/// A social login through the engine against the demo AM over HTTP: the step that leaves for a
/// browser is kept in an instance's store, the demo IdP is "browsed", and the journey goes on
/// from the kept step with the address the browser landed on.
struct BrowserReturnTests {
    /// Ends a walk at the step that goes on in a browser.
    private struct LeftForBrowser: Error {
        let step: JourneyStep
    }

    /// Walks SocialLogin to its RedirectCallback and keeps the hand-off in `instance`.
    private func leave(_ client: JourneyClient, keepingIn instance: ClientInstance) async throws -> BrowserHandoff {
        let request = JourneyRequest(.journey("SocialLogin"))
        do {
            _ = try await client.walk(request) { step in
                if step.redirect != nil { throw LeftForBrowser(step: step) }
                return try DemoAMJourneyTests.answer(step, ["Identity provider=Demo IdP"])
            }
        } catch let left as LeftForBrowser {
            let fresh = try #require(BrowserHandoff(step: left.step, request: request))
            let handoff = fresh.with(cookies: await client.cookieJar, leavingOut: client.server.cookieName)
            try instance.keep(handoff, on: client.server)
            return handoff
        }
        throw NoRedirect()
    }

    private struct NoRedirect: Error {}

    /// Where the demo IdP sends a browser that opens `address`.
    private func browse(_ address: String) async throws -> String {
        let response = try await AsyncHTTPTransport().send(HTTPRequest(method: "GET", url: try #require(URL(string: address)),
                                                                       headers: [], body: nil, timeout: .seconds(10)))
        return try #require(response.header("Location"))
    }

    @Test func theKeptStepGoesOnWithTheBrowsersCodeAndStateInAnotherClient() async throws {
        try await DemoAMJourneyTests().withDemo { _, server in
            let instance = try ClientInstance(name: "social", backend: MemoryRecordStore())
            let handoff = try await leave(JourneyClient(server: server), keepingIn: instance)
            #expect(handoff.method == "GET")
            #expect(handoff.journeyName == "SocialLogin")
            #expect(handoff.cookies.cookie(named: "amlbcookie") != nil)
            let sentState = try #require(handoff.sentState)

            // A later process: the kept step and cookies, read back from the store.
            let kept = try #require(try instance.browserHandoff(on: server))
            #expect(kept == handoff)
            let landed = try await browse(kept.address)
            let back = try BrowserReturn(address: landed, handoff: kept)
            #expect(back.parameters.map(\.name) == ["code", "state"])
            #expect(back.parameters.last?.value == sentState)
            let request = kept.returning(back)
            #expect(request.summary == "SocialLogin, back from the browser")

            var machine = JourneyMachine(server: server, request: request)
            guard case .send(let first) = try #require(machine.start().first) else {
                Issue.record("expected a send")
                return
            }
            let query = first.url.query() ?? ""
            for part in ["authIndexType=service", "authIndexValue=SocialLogin", "code=", "state=\(sentState)"] {
                #expect(query.contains(part), "\(query)")
            }
            let sentBody = try JSONValue.parse(try #require(first.body))
            #expect(sentBody.objectValue?["authId"]?.stringValue == (try kept.step()).authId)

            let later = JourneyClient(server: server, cookieJar: kept.cookies)
            let success = try await later.walk(request) { step in
                Issue.record("no step expected after the browser's return: \(step.stage ?? "")")
                return nil
            }
            #expect(success.tokenId != nil)

            // The same address again: AM has spent the step and the code.
            await #expect {
                _ = try await JourneyClient(server: server, cookieJar: kept.cookies).walk(request) { _ in nil }
            } throws: { error in
                (error as? JourneyError)?.isAuthenticationFailure == true || (error as? JourneyError)?.isExpiry == true
            }
        }
    }

    @Test func aSpentCodeIsRefusedByAMWithItsReason() async throws {
        try await DemoAMJourneyTests().withDemo { _, server in
            let instance = try ClientInstance(name: "social", backend: MemoryRecordStore())
            let first = try await leave(JourneyClient(server: server), keepingIn: instance)
            let landed = try await browse(first.address)
            let spent = try #require(URLComponents(string: landed)?.queryItems?.first { $0.name == "code" }?.value)
            _ = try await JourneyClient(server: server, cookieJar: first.cookies)
                .walk(first.returning(try BrowserReturn(address: landed, handoff: first))) { _ in nil }

            let second = try await leave(JourneyClient(server: server), keepingIn: instance)
            let replayed = "\(server.baseURL.absoluteString)/demo/idp/landing?code=\(spent)&state=\(try #require(second.sentState))"
            await #expect {
                _ = try await JourneyClient(server: server, cookieJar: second.cookies)
                    .walk(second.returning(try BrowserReturn(address: replayed, handoff: second))) { _ in nil }
            } throws: { error in
                (error as? JourneyError)?.description.contains("did not accept the code") == true
            }
        }
    }

    @Test func addressesThatCannotAnswerTheStepAreRefusedWithoutRepeatingThem() throws {
        let step = try JourneyStep(json: JSONValue.parse(Data("""
            {"authId":"a1","callbacks":[{"type":"RedirectCallback","output":[{"name":"redirectUrl","value":"https://idp.example/auth?state=s1&client_id=c"},{"name":"redirectMethod","value":"GET"},{"name":"trackingCookie","value":false}]}]}
            """.utf8)))
        let handoff = try #require(BrowserHandoff(step: step, request: JourneyRequest(.journey("Social"))))
        #expect(handoff.sentState == "s1")
        let cases: [(String, BrowserReturnError)] = [
            ("https://app.example/cb?code=secret-code&state=s2", .stateMismatch),
            ("https://app.example/cb?code=secret-code", .stateMissing),
            ("https://app.example/cb?state=s1", .noAnswer),
            ("https://am.example/XUI/?suspendedId=x", .resumeLink),
        ]
        for (address, expected) in cases {
            #expect(throws: expected) { try BrowserReturn(address: address, handoff: handoff) }
            #expect(!expected.description.contains("secret-code"))
        }
        // The provider's error goes back to AM, and so does a SAML answer in the fragment.
        #expect(try BrowserReturn(address: "https://app.example/cb?error=access_denied&state=s1", handoff: handoff)
            .parameters.map(\.name) == ["error", "state"])
        let saml = try BrowserReturn(address: " https://app.example/#/?RelayState=r&form_post_entry=f&state=s1&other=x\n", handoff: handoff)
        #expect(saml.parameters.map(\.name) == ["RelayState", "form_post_entry", "state"])
        #expect(saml.journeyName == "Social")
        let noRedirect = try JourneyStep(json: JSONValue.parse(Data(#"{"authId":"a","callbacks":[]}"#.utf8)))
        #expect(BrowserHandoff(step: noRedirect, request: JourneyRequest(.journey("Social"))) == nil)
    }

    @Test func theKeptStepHoldsTheJourneysCookiesButNeverTheSession() throws {
        let step = try JourneyStep(json: JSONValue.parse(Data("""
            {"authId":"a1","callbacks":[{"type":"RedirectCallback","output":[{"name":"redirectUrl","value":"https://idp.example/auth?state=s1"}]}]}
            """.utf8)))
        var jar = CookieJar()
        let am = try #require(URL(string: "https://am.example.com/am/json/realms/root/authenticate"))
        jar.store(setCookieHeaders: ["amlbcookie=01; Path=/", "iPlanetDirectoryPro=sso-secret; Path=/"], from: am)
        let kept = try #require(BrowserHandoff(step: step, request: JourneyRequest(.journey("Social"))))
            .with(cookies: jar, leavingOut: "iPlanetDirectoryPro")
        #expect(kept.cookies.cookies.map(\.name) == ["amlbcookie"])
    }
}
