import DaVinci
import DemoAM
import DemoPingOne
import Foundation
import JourneyApp
import Orchestrate
import ScreenSnapshots
import TerminalKit
import Testing

/// A DaVinci tab's social sign-on through the real runtime against the demo PingOne and its demo
/// IdP over HTTP on loopback: the browser is played by an HTTP client that opens the page's
/// address, signs in as grace and reads the address it is sent to, which is pasted into the page.
@MainActor
@Suite(.serialized)
struct DaVinciBrowserTabTests {
    /// What a browser does with the sign-on address: opens the provider's page, signs in as grace
    /// and lands on the redirect URI it is sent to (not followed: only its address matters).
    static func browse(_ address: String) async throws -> String {
        let browser = AsyncHTTPTransport()
        let url = try #require(URL(string: address))
        let flow = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "flow" }?.value)
        let page = try await browser.send(HTTPRequest(method: "GET", url: url, headers: [], body: nil, timeout: .seconds(10)))
        #expect(page.status == 200)
        let signedIn = try await browser.send(HTTPRequest(method: "POST", url: url, headers: [HTTPHeader("Content-Type", "application/x-www-form-urlencoded")],
                                                          body: Data("flow=\(flow)&username=grace&password=Grace-pass1".utf8), timeout: .seconds(10)))
        #expect(signedIn.status == 302)
        return try #require(signedIn.header("Location"))
    }

    /// Presses the sign-on form's social sign-on button, the last of its last button row.
    static func pressSocialButton(_ app: AppDriver) {
        app.press(.backTab)
        for _ in 0..<8 { app.press(.right) }
        app.press(.enter)
    }

    static func keptStep(_ app: AppDriver, _ store: MemoryRecordStore) throws -> DaVinciBrowserStep? {
        let tab = app.state.tabs[0]
        let instance = try DaVinciInstance(name: tab.instanceName, stores: tab.stores, backend: store)
        return try instance.browserStep(for: try #require(tab.profile.davinci))
    }

    @Test func graceSignsOnThroughTheBrowserPageAndTheContinueTokenStaysOutOfTheTrace() async throws {
        try await withDemoAM { demo in
            let store = MemoryRecordStore()
            let app = AppDriver(tabs: [try DaVinciTabTests.flowTab(demo)], store: store)
            try await app.wait { $0.tabs[0].phase.isAnswering }
            Self.pressSocialButton(app)
            let page = try #require(app.state.tabs[0].davinci?.browser, "the browser page is shown")
            #expect(CanvasText.text(app.screen(width: 80, height: 40)).contains("This sign-on goes on in a browser"))
            try await app.wait { _ in ((try? Self.keptStep(app, store)) ?? nil) != nil }
            let kept = try #require(try Self.keptStep(app, store))
            #expect(kept.pkce == page.step.pkce && kept.cookies.cookies.contains { $0.name == "ST" }, "kept with the flow's PKCE and cookies")

            app.type("http://127.0.0.1/callback?code=abc")
            app.press(.enter)
            #expect(app.state.tabs[0].banner?.text == DaVinciBrowserReturnError.noContinueToken.description)
            #expect(app.state.tabs[0].davinci?.browser != nil, "a wrong address keeps the page")
            for _ in 0..<40 { app.press(.backspace) }

            let landed = try await Self.browse(page.step.address)
            let token = try DaVinciBrowserStep.continueToken(in: landed)
            app.type(landed)
            app.press(.enter)
            try await app.wait { $0.tabs[0].phase.isSignedIn }
            #expect(app.state.tabs[0].userName == "grace")
            try await app.wait { _ in ((try? Self.keptStep(app, store)) ?? nil) == nil }

            let trace = app.state.tabs[0].trace
            #expect(trace.contains { $0.request.url.path.hasSuffix("/continue") }, "the flow resumed at its continue link")
            let har = String(decoding: HARLog.data(trace), as: UTF8.self)
            #expect(!har.contains(token), "the continue token is redacted in traces")
        }
    }

    @Test func aKeptSignOnGoesOnAfterTheAppIsStartedAgain() async throws {
        try await withDemoAM { demo in
            let store = MemoryRecordStore()
            let profile = try DaVinciTabTests.flowTab(demo)
            let first = AppDriver(tabs: [profile], store: store)
            try await first.wait { $0.tabs[0].phase.isAnswering }
            Self.pressSocialButton(first)
            try await first.wait { _ in ((try? Self.keptStep(first, store)) ?? nil) != nil }
            let address = try #require(first.state.tabs[0].davinci?.browser?.step.address)

            // The app quits; the person signs in at the provider; the app starts again.
            let landed = try await Self.browse(address)
            let again = AppDriver(tabs: [profile], store: store)
            try await again.wait { $0.tabs[0].davinci?.browser != nil }
            #expect(again.state.tabs[0].banner?.text.hasPrefix("This instance's flow went to a browser") == true)
            again.type(landed)
            again.press(.enter)
            try await again.wait { $0.tabs[0].phase.isSignedIn }
            #expect(again.state.tabs[0].userName == "grace")
        }
    }
}
