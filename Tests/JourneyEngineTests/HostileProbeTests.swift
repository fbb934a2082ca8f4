import Foundation
@testable import JourneyEngine
import Orchestrate
import Testing

/// What the security probe of issue 17 found, one test each at the engine's level (the
/// binary's side: `Tests/JourneyCommandTests/HostileServerCommandTests.swift`).
struct HostileProbeTests {
    static let escapes = "\u{1B}]52;c;cHduZWQ=\u{07}\u{1B}]0;PWNED\u{07}\u{9B}31m\u{202E}"

    @Test func terminalStringsNeutraliseWhatIsInterpolatedAndKeepTheirOwnStyles() {
        let value = Self.escapes
        let text: TerminalString = "Signed in as \(value) (\(3) tokens)"
        #expect(!text.description.unicodeScalars.contains(where: TerminalText.isUnsafe))
        #expect(text.description.hasPrefix("Signed in as \u{FFFD}]52;c;cHduZWQ="))
        let styled = TerminalString(value).styled(.red)
        #expect(styled.description.hasPrefix("\u{1B}[31m") && styled.description.hasSuffix("\u{1B}[0m"), "its own SGR stays")
        #expect(styled.description.dropFirst(5).dropLast(4).unicodeScalars.allSatisfy { !TerminalText.isUnsafe($0) })
        let lines: TerminalString = "a\n\(value + "\r\nb")"
        #expect(lines.lines.count == 3, "line breaks stay, a CR LF from a server is one")
        #expect(TerminalString(line: "a\nb").description == "a b")
    }

    @Test func aRedactedTokenAndAnAuthorizationSchemeAreNeutralised() {
        #expect(!Redaction.token("\u{1B}[2J" + String(repeating: "a", count: 40)).unicodeScalars.contains(where: TerminalText.isUnsafe))
        let header = Redaction.headers([HTTPHeader("Authorization", "Bearer\u{1B}]0;PWNED\u{07} secret")], cookieName: nil)
        #expect(!header[0].value.unicodeScalars.contains(where: TerminalText.isUnsafe))
        #expect(!header[0].value.contains("secret"))
    }

    @Test func harFilesEscapeC1AndBidiControlsAsJSONDoes() throws {
        let request = HTTPRequest(method: "GET", url: URL(string: "http://am.example/am/x")!, headers: [], body: nil, timeout: .seconds(1))
        let response = HTTPResponse(status: 200, headers: [HTTPHeader("Content-Type", "application/json")],
                                    body: JSONValue.object(["message": .string("\u{9B}31m\u{202E}evil")]).encoded())
        let exchange = WireExchange(started: Date(), duration: .milliseconds(1), request: request, outcome: .success(response), rules: RedactionRules())
        let har = String(decoding: HARLog.data([exchange]), as: UTF8.self)
        #expect(!har.unicodeScalars.contains(where: TerminalText.isUnsafe))
        #expect(har.contains(#"\u009b31m\u202eevil"#))
    }

    @Test func lifetimesAreClampedAndDurationsAreTotal() throws {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        func tokens(_ expiresIn: JSONValue) throws -> OAuthTokens {
            try OAuthTokens(response: .object(["access_token": .string("a"), "expires_in": expiresIn]), issuedAt: now, serverClock: nil, sessionToken: nil)
        }
        #expect(try tokens(.int(.min)).expiresIn == 0, "a negative lifetime: expired at once")
        #expect(try tokens(.int(.max)).expiresIn == OAuthTokens.longestLifetime)
        #expect(try tokens(.double(1e308)).expiresIn == OAuthTokens.longestLifetime)
        #expect(try tokens(.double(.nan)).expiresIn == 0)
        var stored = try tokens(.int(60))
        stored.expiresIn = .min  // as an earlier version stored it
        #expect(stored.expiresAt == now)
        #expect(ReadableDuration.text(seconds: .min) == "106751991167300 d 15 h")
        #expect(ReadableDuration.text(seconds: .max) == "106751991167300 d 15 h")
        #expect(ReadableDuration.until(.distantFuture, from: .distantPast).hasPrefix("expires in "))
        #expect(ReadableDuration.seconds(from: now, to: Date(timeIntervalSince1970: 1e300)) == .max)
        #expect(Duration.seconds(Int64.max).spoken.hasSuffix(" s"))
    }

    @Test func headersHTTPCannotCarryAreRefusedByNameNeverByValue() async throws {
        let request = HTTPRequest(method: "GET", url: URL(string: "http://127.0.0.1:1/am/x?suspendedId=s")!,
                                  headers: [HTTPHeader("iPlanetDirectoryPro", "AQIC\u{1B}]0;PWNED\u{07}SECRETTOKEN")], body: nil, timeout: .seconds(1))
        await #expect { _ = try await AsyncHTTPTransport().send(request) } throws: { error in
            let text = (error as? TransportError)?.description ?? ""
            return text.contains("header iPlanetDirectoryPro has a value with a control character (U+001B)")
                && !text.contains("SECRETTOKEN") && !text.contains("suspendedId=s")
        }
        #expect(HTTPHeader("X Y", "v").problem == "has a name with a space, which header names cannot hold")
        #expect(HTTPHeader("X-Y", "a\tb").problem == nil, "a tab is allowed in a value")
        #expect(throws: OptionProblems.self) { try JourneyOptions(values: [.url: .text("http://am.example/am"), .headers: .list(["X-Api-Key: secret\u{9B}"])]) }
        do {
            _ = try JourneyOptions(values: [.url: .text("http://am.example/am"), .headers: .list(["X-Api-Key: secret\u{1}"])])
        } catch {
            #expect(error.description.contains("X-Api-Key") && !error.description.contains("secret"), "\(error.description)")
        }
    }

    @Test func optionValuesAreRefusedWithAControlCharacter() {
        do {
            _ = try JourneyOptions(values: [.url: .text("http://am.example/am"), .oauthScope: .text("openid\u{1B}]0;x\u{07}"),
                                           .sslPinningPublicKeyHashes: .list(["a\u{202E}"])])
            Issue.record("accepted")
        } catch {
            #expect(error.problems.map(\.key).contains(.oauthScope) && error.problems.map(\.key).contains(.sslPinningPublicKeyHashes))
            #expect(error.description.contains("a control character (U+001B)"))
            #expect(!error.description.unicodeScalars.contains { $0 != "\n" && TerminalText.isUnsafe($0) })
        }
    }

    @Test func anSSOTokenThatCouldNotGoBackAsACookieIsRefused() {
        let outcome = AuthenticateOutcome(HTTPResponse(status: 200, headers: [], body: Data(#"{"tokenId":"AQIC\u001b]0;x\u0007"}"#.utf8)))
        guard case .failure(.malformedResponse(_, let problem, _)) = outcome else {
            Issue.record("expected a refusal, got \(outcome)")
            return
        }
        #expect(problem.contains("tokenId"))
    }

    @Test func anErrorDescriptionInTheRedirectIsReadAsAForm() async throws {
        let server = try ServerConfiguration(url: "http://am.example/am")
        let redirect = HTTPResponse(status: 302, headers: [HTTPHeader("Location", "http://127.0.0.1/callback?error=invalid_scope&error_description=Unknown+scope%3A+x")], body: Data())
        let client = OAuthClient(client: JourneyClient(server: server, transport: RecordedTransport(response: redirect)),
                                 configuration: try OAuthConfiguration(clientId: "c", redirectURI: "http://127.0.0.1/callback", scopes: ["openid"]),
                                 endpoints: .standard(for: server))
        await #expect(throws: OAuthError.server(error: "invalid_scope", description: "Unknown scope: x")) {
            _ = try await client.authorize(ssoToken: "sso", pkce: .generate())
        }
    }
}
