import DemoAM
import Foundation
import JourneyApp
import JourneyEngine
import JourneyProfiles
import Orchestrate
import ScreenSnapshots
import TerminalKit
import Testing

/// The trace pane (`e`): every exchange of a tab, redacted until `x`, copied as curl (`y`),
/// saved as a HAR file with the journey's answers (`h`), its journey saved as a test (`t`).
@MainActor
@Suite(.serialized)
struct TracePaneTests {
    @Test func everyExchangeOfATabIsTracedWithItsSecretsHiddenUntilRevealed() async throws {
        try await withDemoAM { demo in
            let options = try ClientOptions(values: [
                .url: .text(demo.baseURL), .oauthClientId: .text("journeyterm"),
                .oauthRedirectUri: .text("http://127.0.0.1/callback"), .oauthScope: .text("openid profile"),
            ])
            let folder = FileManager.default.temporaryDirectory.appending(path: "journeyterm-trace-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let app = AppDriver(tabs: [try ClientProfile(name: "standard", options: options, request: JourneyRequest(.journey("Login")))],
                                exportFolder: folder)
            try await app.waitForPage("UsernamePassword")
            app.signIn("demo", "Demo-pass1")
            try await app.wait { $0.activePhase?.isSignedIn == true && $0.activeTab?.tokens?.tokens != nil }
            let tab = try #require(app.state.activeTab)
            guard let success = tab.journey?.session else { throw AppDriver.TimedOut() }
            let tokens = try #require(tab.tokens?.tokens)
            let secrets = ["Demo-pass1", try #require(success.tokenId), tokens.accessToken, try #require(tokens.refreshToken),
                           try #require(tokens.idToken)]
            let paths = tab.trace.map(\.request.url.path)
            #expect(paths.contains { $0.hasSuffix("/authenticate") } && paths.contains { $0.hasSuffix("/authorize") }
                    && paths.contains { $0.hasSuffix("/access_token") }, "journey, authorize and token exchange are traced: \(paths)")

            app.press(.character("e"))
            #expect(app.state.activeTab?.tracePane != nil)
            // The list names the journey each request walks, at 120 columns.
            app.state.tabs[0].arrange { $0.tracePane?.selected = 0 }
            #expect(CanvasText.text(app.screen(width: 120, height: 40)).contains("/authenticate?authIndexValue=Login"))
            app.state.tabs[0].arrange { $0.tracePane?.selected = nil }
            // Every exchange, whole on a tall screen: no secret shows.
            var sawCallbackHighlighted = false
            for _ in tab.trace.indices {
                let screen = app.screen(width: 160, height: 200)
                let text = CanvasText.text(screen)
                for secret in secrets { #expect(!Self.leaks(secret, in: text), "a secret shows in the trace pane") }
                sawCallbackHighlighted = sawCallbackHighlighted || Self.row(of: #""type": "PasswordCallback""#, in: screen)
                    .map { $0.contains { $0.role == .information } } == true
                app.press(.up)
            }
            #expect(sawCallbackHighlighted, "a journey's callback types are highlighted")

            // The password's submission, revealed with x, copied as curl with y.
            let submission = try #require(tab.trace.firstIndex { String(decoding: $0.request.body ?? Data(), as: UTF8.self).contains("Demo-pass1") })
            app.state.tabs[0].arrange { $0.tracePane?.selected = submission }
            #expect(CanvasText.text(app.screen(width: 160, height: 200)).contains("‹redacted›"))
            let redacted = try #require(Self.clipboard(app.state.update(.key(.character("y")))))
            #expect(redacted.hasPrefix("curl -X POST") && redacted.contains("/authenticate") && !redacted.contains("Demo-pass1"))
            app.press(.character("x"))
            #expect(CanvasText.text(app.screen(width: 160, height: 200)).contains("Demo-pass1"))
            let revealed = try #require(Self.clipboard(app.state.update(.key(.character("y")))))
            #expect(revealed.contains("Demo-pass1"))
            app.press(.character("x"))

            // h saves the trace: a HAR file and the answers, both 0600 in a 0700 folder.
            app.press(.character("h"))
            try await app.wait { $0.activeTab?.banner?.text.hasPrefix("Saved ") == true }
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            #expect(files.count == 2 && files.contains { $0.hasSuffix(".har") } && files.contains { $0.hasSuffix(".answers") })
            #expect(try Self.mode(folder.path) == 0o700)
            for file in files {
                let path = folder.appending(path: file).path
                #expect(try Self.mode(path) == 0o600)
                let contents = try String(contentsOfFile: path, encoding: .utf8)
                for secret in secrets { #expect(!contents.contains(secret), "\(file) holds a secret") }
            }
            let answers = try String(contentsOf: folder.appending(path: try #require(files.first { $0.hasSuffix(".answers") })), encoding: .utf8)
            #expect(answers.contains("\nUser Name=demo\n") && answers.contains("# Password=… (secret: not saved)"))
            let banner = try #require(app.state.activeTab?.banner?.text)
            #expect(banner.contains(folder.path) && banner.contains("credentials redacted"))
            app.press(.escape)
            #expect(app.state.activeTab?.tracePane == nil)
        }
    }

    @Test func tSavesAFinishedJourneyAsATestAndRefusesOneUnderWay() async throws {
        try await withDemoAM { demo in
            let folder = FileManager.default.temporaryDirectory.appending(path: "journeyterm-test-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let profile = try ClientProfile(name: "standard", url: demo.baseURL, request: JourneyRequest(.journey("Login")))
            let app = AppDriver(tabs: [profile], exportFolder: folder)
            try await app.waitForPage("UsernamePassword")
            app.press(.escape, .character("e"), .character("t"))
            try await app.wait { $0.activeTab?.banner?.kind == .error }
            #expect(app.state.activeTab?.banner?.text.hasPrefix("No test was saved: the journey has not ended") == true)
            app.press(.escape, .enter)
            app.signIn("demo", "Demo-pass1")
            try await app.wait { $0.activePhase?.isSignedIn == true }

            app.press(.character("e"), .character("t"))
            try await app.wait { $0.activeTab?.banner?.text.hasPrefix("Saved the journey as a test in ") == true }
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            let file = folder.appending(path: try #require(files.first { $0.hasSuffix(".yaml") })).path
            #expect(try Self.mode(file) == 0o600)
            let test = try String(contentsOfFile: file, encoding: .utf8)
            #expect(test.contains("url: \"\(demo.baseURL)\"") && test.contains("journey: \"Login\""), "\(test)")
            #expect(test.contains("\"User Name\": \"demo\"") && test.contains("\"Password\": \"${env:TEST_PASSWORD}\""), "\(test)")
            #expect(test.hasSuffix("expect:\n  outcome: success\n") && !test.contains("Demo-pass1"), "\(test)")
            #expect(app.state.activeTab?.banner?.text == "Saved the journey as a test in \(file) (journey test \(file); set TEST_PASSWORD (Password, step 1) before it runs).")
        }
    }

    @Test func theTracePaneShowsAStepWhole() throws {
        let profile = try ClientProfile(name: "standard", url: "http://127.0.0.1:8180/am", request: JourneyRequest(.journey("Login")))
        let app = AppDriver(state: AppState(profiles: [profile], openTabsFor: [profile]))
        for exchange in Self.signIn { app.send(.tab(id: app.state.tabs[0].id, .traced(exchange))) }
        app.press(.character("e"), .up)
        let screen = app.screen()
        let text = CanvasText.text(screen)
        #expect(text.contains(#""type": "NameCallback""#) && !text.contains("SECRETAUTHID"))
        ScreenSizes.expectEach("app-trace") { app.screen(width: $0.width, height: $0.height) }
        let narrow = CanvasText.text(app.screen(width: 60, height: 16)).components(separatedBy: "\n")
        #expect(narrow.contains { $0.trimmingCharacters(in: .whitespaces) == "Trace of standard · 2 exchanges · credentials redacted" },
                "the title drops the words about x whole, not half of them: \(narrow)")

        // From the request pane too: e shows the trace, Esc goes back to the call.
        app.press(.escape)
        app.state.requestSuggestions = [RequestSuggestion(label: "profile", url: "http://127.0.0.1:8180/api/profile")]
        app.press(.character("a"), .character("e"))
        #expect(app.state.activeTab?.tracePane != nil && CanvasText.text(app.screen()).contains("Trace of standard"))
        app.press(.escape)
        #expect(app.state.activeTab?.tracePane == nil && CanvasText.text(app.screen()).contains("Call an API as standard"))
    }

    /// A sign-in as the demo AM answers it, at fixed times.
    static let signIn: [WireExchange] = {
        let url = URL(string: "http://127.0.0.1:8180/am/json/realms/root/authenticate?authIndexType=service&authIndexValue=Login")!
        let step = #"{"authId":"eyJ0eXAiOiJKV1QifQ.SECRETAUTHID.sig","callbacks":[{"type":"NameCallback","output":[{"name":"prompt","value":"User Name"}],"input":[{"name":"IDToken1","value":""}]},{"type":"PasswordCallback","output":[{"name":"prompt","value":"Password"}],"input":[{"name":"IDToken2","value":""}]}],"stage":"UsernamePassword"}"#
        let answered = step.replacingOccurrences(of: #""IDToken1","value":"""#, with: #""IDToken1","value":"demo""#)
            .replacingOccurrences(of: #""IDToken2","value":"""#, with: #""IDToken2","value":"Demo-pass1""#)
        let json = [HTTPHeader("Content-Type", "application/json")]
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        func exchange(_ at: Double, _ body: String?, _ answer: String, _ headers: [HTTPHeader]) -> WireExchange {
            WireExchange(started: start.addingTimeInterval(at), duration: .microseconds(12_300),
                         request: HTTPRequest(method: "POST", url: url, headers: json + [HTTPHeader("Accept-API-Version", "resource=2.1, protocol=1.0")],
                                              body: body.map { Data($0.utf8) }, timeout: .seconds(30)),
                         outcome: .success(HTTPResponse(status: 200, headers: json + headers, body: Data(answer.utf8))),
                         rules: RedactionRules())
        }
        return [
            exchange(0, nil, step, [HTTPHeader("Set-Cookie", "amlbcookie=01; Path=/")]),
            exchange(2.5, answered, #"{"tokenId":"AQIC5wM2LY4SfczSECRETSSO","successUrl":"/am/console","realm":"/"}"#,
                     [HTTPHeader("Set-Cookie", "iPlanetDirectoryPro=AQIC5wM2LY4SfczSECRETSSO; Path=/; HttpOnly")]),
        ]
    }()

    /// Whether any 16 characters of the secret after its first six (which redaction shows) are
    /// in the text: a long token is wrapped over lines, so no line holds all of it.
    private static func leaks(_ secret: String, in text: String) -> Bool {
        let characters = Array(secret)
        return stride(from: 6, to: max(7, characters.count - 15), by: 8).contains { start in
            text.contains(String(characters[start..<min(characters.count, start + 16)]))
        }
    }

    private static func clipboard(_ effects: [AppEffect]) -> String? {
        for case .copyToClipboard(let text) in effects { return text }
        return nil
    }

    private static func row(of text: String, in canvas: Canvas) -> [Cell]? {
        for y in 0..<canvas.size.height {
            let cells = (0..<canvas.size.width).map { canvas[$0, y] }
            if String(cells.map(\.character)).contains(text) { return cells }
        }
        return nil
    }

    private static func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as? Int ?? 0) & 0o777
    }
}

/// The trace list keeps its columns: a status stays in its column however long each call took.
@MainActor
struct TraceListColumnsTests {
    @Test func statusesStayInOneColumnWhateverTheTime() throws {
        let profile = try TabKindUpdateTests.journeyProfile("lab")
        var state = AppState(profiles: [profile], openTabsFor: [profile])
        let first = TracePaneTests.signIn[0]
        for milliseconds in [3, 12_345] {
            let exchange = WireExchange(started: first.started, duration: .milliseconds(milliseconds), request: first.request,
                                        outcome: first.outcome, rules: first.rules)
            _ = state.update(.tab(id: 1, .traced(exchange)))
        }
        _ = state.update(.key(.escape))
        _ = state.update(.key(.character("e")))
        let lines = CanvasText.text(state.render(size: Size(width: 80, height: 24))).components(separatedBy: "\n")
        let rows = lines.filter { $0.contains("POST ") && ($0.hasSuffix(" ms") || $0.hasSuffix(" s")) }
        #expect(rows.count == 2, "\(lines)")
        let columns = rows.compactMap { $0.range(of: " 200 ")?.lowerBound.utf16Offset(in: $0) }
        #expect(columns.count == 2 && columns[0] == columns[1], "\(rows)")
    }
}
