import DemoAM
import Foundation
import JourneyApp
import Orchestrate
import Synchronization
import JourneyEngine
import TerminalKit
import Testing

/// A social login in a tab against the demo AM and its identity provider: the step that goes to
/// a browser is shown with its address and kept in the instance's store; the address the browser
/// lands on is pasted, checked, and the journey goes on from the kept step, also in a later run.
@MainActor
@Suite(.serialized)
struct BrowserJourneyTests {
    /// Picks the demo IdP on SocialLogin's first page and waits for the browser step.
    static func walkToTheBrowser(_ app: AppDriver) async throws -> String {
        try await app.waitForPage("SocialLoginProvider")
        app.press(.up, .character(" "), .enter)
        try await app.wait { $0.activeTab?.journey?.form?.step.redirect != nil && $0.activePhase?.isAnswering == true }
        return try #require(app.state.activeTab?.journey?.browserHandoff?.address)
    }

    /// Where the demo IdP sends a browser that opens `address` (one GET, the redirect not followed).
    static func browse(_ address: String) async throws -> String {
        let response = try await AsyncHTTPTransport().send(HTTPRequest(method: "GET", url: try #require(URL(string: address)),
                                                                       headers: [], body: nil, timeout: .seconds(10)))
        #expect(response.status == 302)
        return try #require(response.header("Location"))
    }

    static func clearField(_ app: AppDriver) {
        for _ in 0..<300 { app.press(.backspace) }
    }

    @Test func aSocialLoginFinishesWithTheAddressTheBrowserLandedOn() async throws {
        try await withDemoAM { demo in
            let store = MemoryRecordStore()
            let app = AppDriver(tabs: [try AppInteractionTests.profile(demo, "SocialLogin", name: "social")], store: store)
            let address = try await Self.walkToTheBrowser(app)
            let screen = CanvasText.text(app.screen(width: 200, height: 60))
            #expect(screen.contains("This step goes on in a browser"))
            #expect(screen.contains(String(address.suffix(22))), "the address, wrapped to the form's width")
            #expect(screen.contains("▀") || screen.contains("▄"), "the address as a QR code")
            try await app.wait { _ in ((try? store.read("browser-social")) ?? nil) != nil }

            app.press(.escape, .character("y"))
            #expect(app.state.activeTab?.banner?.text == "The address to open is on the clipboard (OSC 52).")
            app.press(.tab)

            let landed = try await Self.browse(address)
            app.type(landed.replacing(/state=[^&]+/, with: "state=someone-else"))
            app.press(.enter)
            #expect(app.state.activeTab?.banner?.text.contains("is not the one this journey sent the browser with") == true)
            #expect(app.state.activePhase?.isAnswering == true, "a refused address keeps the page")

            Self.clearField(app)
            app.type(landed)
            app.press(.enter)
            try await app.wait { $0.activePhase?.isSignedIn == true }
            #expect(CanvasText.text(app.screen()).contains(" Signed in"))
            try await app.wait { _ in ((try? store.read("browser-social")) ?? nil) == nil }
            try await app.settle()
            #expect(app.state.activePhase?.isSignedIn == true)
            #expect(app.state.activeTab?.banner == nil, "the tab stays signed in, not signed out and in again through its store")
        }
    }

    @Test func aTabOpenedOnAnInstanceWaitingForABrowserGoesOnFromTheKeptStep() async throws {
        try await withDemoAM { demo in
            let store = MemoryRecordStore()
            let profile = try AppInteractionTests.profile(demo, "SocialLogin", name: "social")
            let first = AppDriver(tabs: [profile], store: store)
            let address = try await Self.walkToTheBrowser(first)
            try await first.wait { _ in ((try? store.read("browser-social")) ?? nil) != nil }

            // The app quit; a browser finished the sign-in meanwhile; the app runs again.
            let landed = try await Self.browse(address)
            let second = AppDriver(tabs: [profile], store: store)
            try await second.wait { $0.activeTab?.journey?.form?.step.redirect != nil && $0.activePhase?.isAnswering == true }
            #expect(second.state.activeTab?.banner?.text.contains("went to a browser") == true)
            second.type(landed)
            second.press(.enter)
            try await second.wait { $0.activePhase?.isSignedIn == true }
        }
    }

    /// The real transport, except that the first request carrying the browser's `code` gets a
    /// 502 from a proxy, and the second hangs until cancelled.
    final class FlakyReturnTransport: HTTPTransport, @unchecked Sendable {
        private let real = AsyncHTTPTransport()
        private let attempts = Mutex(0)

        func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
            guard request.url.query?.contains("code=") == true else { return try await real.send(request) }
            let attempt = attempts.withLock { count in
                count += 1
                return count
            }
            switch attempt {
            case 1:
                return HTTPResponse(status: 502, headers: [HTTPHeader("Content-Type", "text/html")], body: Data("<h1>Bad Gateway</h1>".utf8))
            case 2:
                return try await HangingTransport().send(request)
            default:
                return try await real.send(request)
            }
        }
    }

    @Test func aBrowserReturnThatAMDidNotAnswerKeepsThePageAndTheAddress() async throws {
        try await withDemoAM { demo in
            let store = MemoryRecordStore()
            let app = AppDriver(tabs: [try AppInteractionTests.profile(demo, "SocialLogin", name: "social")],
                                transport: FlakyReturnTransport(), store: store)
            let landed = try await Self.browse(try await Self.walkToTheBrowser(app))
            app.type(landed)
            app.press(.enter)
            try await app.wait { $0.activeTab?.banner?.text.contains("press Enter to send the address again") == true }
            #expect(app.state.activePhase?.isAnswering == true)
            #expect(app.state.activeTab?.journey?.browserHandoff != nil)
            app.press(.enter)
            try await app.wait { $0.activePhase?.isBusy == true }
            app.press(.escape)
            #expect(app.state.activePhase?.isAnswering == true, "a cancelled return keeps the page")
            #expect(app.state.activeTab?.banner?.text.hasPrefix("Request cancelled.") == true)
            app.press(.enter)
            try await app.wait { $0.activePhase?.isSignedIn == true }
            #expect(((try? store.read("browser-social")) ?? nil) == nil)
        }
    }

    @Test func aKeptStepWhoseJourneyRanOutIsDroppedWithANotice() async throws {
        try await withDemoAM { demo in
            let store = MemoryRecordStore()
            let profile = try AppInteractionTests.profile(demo, "SocialLogin", name: "social")
            // An authId that expired in 2001.
            let step = try JourneyStep(json: JSONValue.parse(Data("""
                {"authId":"eyJhbGciOiJIUzI1NiJ9.eyJleHAiOjEwMDAwMDAwMDB9.x","callbacks":[{"type":"RedirectCallback","output":[{"name":"redirectUrl","value":"https://idp.example/auth?state=s1"}]}]}
                """.utf8)))
            let handoff = try #require(BrowserHandoff(step: step, request: profile.request))
            try ClientInstance(name: "social", backend: store, options: profile.options.journey).keep(handoff, on: try #require(profile.server))
            let app = AppDriver(tabs: [profile], store: store)
            try await app.waitForPage("SocialLoginProvider")
            #expect(app.state.activeTab?.banner?.text.hasPrefix("The journey this instance kept waiting for a browser ran out at AM") == true)
            #expect(((try? store.read("browser-social")) ?? nil) == nil)
        }
    }

    @Test func startingAgainAbandonsTheKeptStep() async throws {
        try await withDemoAM { demo in
            let store = MemoryRecordStore()
            let app = AppDriver(tabs: [try AppInteractionTests.profile(demo, "SocialLogin", name: "social")], store: store)
            _ = try await Self.walkToTheBrowser(app)
            try await app.wait { _ in ((try? store.read("browser-social")) ?? nil) != nil }
            app.press(.escape, .character("s"))
            try await app.wait { $0.activeTab?.journey?.form?.step.redirect == nil && $0.activePhase?.isAnswering == true }
            try await app.wait { _ in ((try? store.read("browser-social")) ?? nil) == nil }
            #expect(app.state.activeTab?.journey?.browserHandoff == nil)
        }
    }
}
