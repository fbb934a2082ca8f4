import DaVinci
import DemoPingOne
import Foundation
import Orchestrate
import Testing

/// SOCIAL_LOGIN_BUTTON against the demo PingOne and its demo IdP over HTTP on loopback: the
/// browser is played by an HTTP client that opens the button's address, signs in at the
/// provider's page and reads the address it is redirected to.
@Suite struct SocialSignOnFlowTests {
    /// What a browser does with the sign-on address: opens the provider's page, signs in as
    /// `username`, and lands on the redirect URI the provider sends it to (not followed: the
    /// application's redirect URI is never loaded, only its address matters).
    static func browse(_ step: DaVinciBrowserStep, username: String = "grace", password: String = "Grace-pass1") async throws -> String {
        let browser = AsyncHTTPTransport()
        let address = try #require(URL(string: step.address))
        let page = try await browser.send(HTTPRequest(method: "GET", url: address, headers: [], body: nil, timeout: .seconds(10)))
        #expect(page.status == 200 && String(decoding: page.body, as: UTF8.self).contains("<form"))
        let flow = try #require(URLComponents(url: address, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "flow" }?.value)
        let form = "flow=\(flow)&username=\(username)&password=\(password)"
        let signedIn = try await browser.send(HTTPRequest(method: "POST", url: address, headers: [HTTPHeader("Content-Type", "application/x-www-form-urlencoded")],
                                                          body: Data(form.utf8), timeout: .seconds(10)))
        #expect(signedIn.status == 302)
        return try #require(signedIn.header("Location"))
    }

    /// Answers the sign-on form by pressing its social sign-on button.
    static func pressIdP(_ step: DaVinciStep) -> (step: DaVinciStep, pressing: Int?) {
        (step, step.index(of: "demo-idp"))
    }

    @Test func signingOnAtTheDemoIdPEndsWithTokensForItsUser() async throws {
        try await DaVinciDemo.with { demo in
            let client = demo.client()
            var landed: String?
            let (minted, _) = try await client.walk(try await client.discover(), answer: { step in
                let button = try #require(step.collectors.first { $0.key == "demo-idp" })
                #expect(button.kind == .socialLogin(url: URL(string: "\(demo.configuration.origin)/\(DemoPingOne.defaultEnvironmentId)/demo/idp/authorize?flow=\(step.interactionId ?? "")")))
                return Self.pressIdP(step)
            }, browser: { step in
                #expect(step.provider == "Sign on with the demo IdP" && step.cookies.cookies.contains { $0.name == "ST" })
                let address = try await Self.browse(step)
                landed = address
                return try DaVinciBrowserStep.continueToken(in: address)
            })
            #expect(landed?.hasPrefix(DemoPingOne.defaultRedirectURI + "?continueToken=") == true)
            #expect(minted.claims?.claims["sub"]?.stringValue == "grace")
        }
    }

    @Test func aKeptFlowResumesInALaterRunFromTheInstancesStore() async throws {
        try await DaVinciDemo.with { demo in
            let instance = try DaVinciInstance(name: "social", stores: InstanceStores(instance: "social"), backend: MemoryRecordStore())
            struct LeftForTheBrowser: Error {}
            let first = demo.client()
            await #expect(throws: LeftForTheBrowser.self) {
                _ = try await first.walk(try await first.discover(), answer: Self.pressIdP, browser: { step in
                    try instance.keep(step, for: demo.configuration)
                    throw LeftForTheBrowser()
                })
            }
            let kept = try #require(try instance.browserStep(for: demo.configuration))
            let token = try DaVinciBrowserStep.continueToken(in: try await Self.browse(kept))
            // A later process: a fresh client with the kept flow's cookies.
            let later = DaVinciClient(configuration: demo.configuration, cookieJar: kept.cookies)
            let (minted, flow) = try await later.walk(try await later.discover(), resuming: (kept, token), answer: { _ in nil })
            #expect(minted.claims?.claims["sub"]?.stringValue == "grace")
            #expect(flow.pkce == kept.pkce, "the code is exchanged with the first run's verifier")
            try instance.forgetBrowserStep(for: demo.configuration)
            #expect(try instance.browserStep(for: demo.configuration) == nil)
            // The token was good once.
            let again = DaVinciClient(configuration: demo.configuration, cookieJar: kept.cookies)
            await #expect(throws: DaVinciError.self) {
                _ = try await again.walk(try await again.discover(), resuming: (kept, token), answer: { _ in nil })
            }
        }
    }

    @Test func addressesThatCannotResumeAreRefusedWithoutRepeatingThem() throws {
        #expect(throws: DaVinciBrowserReturnError.noContinueToken) { try DaVinciBrowserStep.continueToken(in: "http://127.0.0.1/davinci/callback?code=1") }
        #expect(throws: DaVinciBrowserReturnError.providerError) { try DaVinciBrowserStep.continueToken(in: "http://127.0.0.1/cb?error=access_denied") }
        #expect(try DaVinciBrowserStep.continueToken(in: " http://127.0.0.1/cb#/?continueToken=abc ") == "abc")
        let step = try #require(DaVinciStep(json: try JSONValue.parse(Data("""
            {"id":"n","_links":{"next":{"href":"http://127.0.0.1:1/next"},"continue":{"href":"http://elsewhere.example/continue"}},
             "form":{"components":{"fields":[{"type":"SOCIAL_LOGIN_BUTTON","key":"idp","label":"IdP","links":{"authenticate":{"href":"http://idp.example/a"}}}]}}}
            """.utf8))))
        let left = try #require(DaVinciBrowserStep(step: step, pressing: 0, pkce: .generate()))
        #expect(throws: DaVinciBrowserReturnError.foreignContinueLink) {
            _ = try left.resumption(with: "t", origin: URL(string: "http://127.0.0.1:1/as/authorize")!, timeout: .seconds(1))
        }
    }
}
