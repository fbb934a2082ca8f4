import Foundation
import JourneyEngine
import Orchestrate
import Testing

/// Inputs a broken or hostile server can send, and the engine's answers to them.
struct HostileInputTests {
    let url = URL(string: "https://am.example.com/am/json/realms/root/authenticate")!
    let now = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func anErrorBodySentWithHTTP200IsAServerNo() {
        let refused = AuthenticateOutcome(HTTPResponse(status: 200, headers: [], body: Data(
            #"{"code":401,"reason":"Unauthorized","message":"Login failure"}"#.utf8)))
        guard case .failure(let error) = refused, case .authenticationFailed = error else {
            Issue.record("expected an authentication failure, got \(refused)")
            return
        }
        let timedOut = AuthenticateOutcome(HTTPResponse(status: 200, headers: [], body: Data(
            #"{"code":401,"reason":"Unauthorized","message":"Session has timed out","detail":{"errorCode":"110"}}"#.utf8)))
        guard case .failure(.journeyTimedOut) = timedOut else {
            Issue.record("expected a timed-out journey, got \(timedOut)")
            return
        }
        let neither = AuthenticateOutcome(HTTPResponse(status: 200, headers: [], body: Data(#"{"hello":1}"#.utf8)))
        guard case .failure(.malformedResponse) = neither else {
            Issue.record("expected a malformed answer, got \(neither)")
            return
        }
    }

    @Test func emptyCookieAttributesAndNamesNeverCrash() {
        var jar = CookieJar()
        jar.store(setCookieHeaders: ["a=b;", "c=d; ;Path=/", "=", "; ;", "q=\"quoted\"; Path=/"], from: url, at: now)
        #expect(jar.cookie(named: "a", at: now)?.value == "b")
        #expect(jar.cookie(named: "q", at: now)?.value == "\"quoted\"", "RFC 6265 keeps the quotes")
        let traced = Redaction.headers([HTTPHeader("Set-Cookie", "="), HTTPHeader("Cookie", ";=;a")], cookieName: "x")
        #expect(traced.count == 2)
    }

    @Test func unansweredChoicesAndFlagsGoBackInAMsTypes() throws {
        let step = try JourneyStep(json: JSONValue.parse(Data("""
        {"authId":"a","callbacks":[
         {"type":"ChoiceCallback","output":[{"name":"prompt","value":"P"},{"name":"choices","value":["Email","SMS"]},{"name":"defaultChoice","value":1}],"input":[{"name":"IDToken1","value":""}]},
         {"type":"ConfirmationCallback","output":[{"name":"options","value":["Cancel"]},{"name":"defaultOption","value":0}],"input":[{"name":"IDToken2","value":100}]},
         {"type":"ConfirmationCallback","output":[{"name":"options","value":["Yes","No"]},{"name":"defaultOption","value":1}],"input":[{"name":"IDToken3","value":""}]},
         {"type":"BooleanAttributeInputCallback","output":[{"name":"name","value":"m"},{"name":"value","value":true}],"input":[{"name":"IDToken4","value":"x"}]},
         {"type":"TextInputCallback","output":[{"name":"prompt","value":"Nick"},{"name":"defaultText","value":"neo"}],"input":[{"name":"IDToken5","value":""}]}]}
        """.utf8)))
        var callbacks = step.callbacks
        for index in callbacks.indices { callbacks[index].applyDefault() }
        #expect(callbacks.map { $0.value } == [.int(1), .int(100), .int(1), .bool(true), .string("neo")])
    }

    @Test func jsonForATerminalEscapesC1AndBidiControls() throws {
        let value = JSONValue.object(["successUrl": .string("/x\u{9B}31m\u{202E}evil\u{7F}")])
        let text = value.terminalSafeJSONText
        #expect(!text.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}" })
        #expect(text == #"{"successUrl":"/x\u009b31m\u202eevil\u007f"}"#)
        #expect(try JSONValue.parse(Data(text.utf8)) == value, "the escaped JSON means the same")
    }

    @Test func urlsWithCredentialsAndDotRealmsAreRefused() {
        #expect(throws: ConfigurationError.self) { try ServerConfiguration(url: "https://user:pw@am.example.com/am") }
        #expect(throws: ConfigurationError.self) { try Realm("/alpha/..") }
        #expect(throws: ConfigurationError.self) { try Realm(".") }
    }

    @Test func realmNamesAreEncodedOnce() throws {
        let server = try ServerConfiguration(url: "https://am.example.com/am", realm: Realm("/ä%"))
        #expect(server.jsonEndpoint("authenticate").absoluteString
                == "https://am.example.com/am/json/realms/root/realms/%C3%A4%25/authenticate")
    }

    @Test func tracesHideResumeIdsAndPasswordsWhateverTheirInputName() throws {
        let traced = Redaction.url(URL(string: "https://am.example.com/am/json/realms/root/authenticate?suspendedId=SECRETRESUMEID123")!)
        #expect(!traced.contains("SECRETRESUMEID123"))
        let body = #"{"authId":"a","callbacks":[{"type":"PasswordCallback","output":[{"name":"prompt","value":"P"}],"input":[{"name":"custom","value":"hunter2"}]}]}"#
        #expect(!TracedBody(Data(body.utf8), rules: .journey()).line.contains("hunter2"))
    }

    @Test func pollingWaitsAreKeptWithinSaneBounds() throws {
        func wait(_ value: String) throws -> Duration? {
            try JourneyStep(json: JSONValue.parse(Data(#"{"authId":"a","callbacks":[{"type":"PollingWaitCallback","output":[{"name":"waitTime","value":"\#(value)"},{"name":"message","value":""}]}]}"#.utf8))).pollingDelay
        }
        #expect(try wait("0") == .milliseconds(250))
        #expect(try wait("8000") == .seconds(8))
        #expect(try wait("9223372036854775807") == .seconds(300))
    }

    @Test func numbersMustBeFiniteDecimals() {
        #expect(AnswerParser.decimalNumber("42") == 42)
        #expect(AnswerParser.decimalNumber(" -1.5e2 ") == -150)
        for bad in ["nan", "inf", "0x10", "", "1e999", "--1"] {
            #expect(AnswerParser.decimalNumber(bad) == nil, "\(bad)")
        }
    }

    @Test func extraInputMembersAndUnnamedInputsAreEchoedUntouched() throws {
        let json = #"{"type":"NameCallback","output":[{"name":"prompt","value":"N"}],"input":[{"name":"IDToken1","value":"","extra":7},{"odd":true},{"name":"IDToken1b"}]}"#
        var callback = try Callback(json: JSONValue.parse(Data(json.utf8)), position: 0)
        try callback.answer(.text("bob"))
        #expect(callback.wireValue.jsonText
                == #"{"type":"NameCallback","output":[{"name":"prompt","value":"N"}],"input":[{"name":"IDToken1","value":"bob","extra":7},{"odd":true},{"name":"IDToken1b"}]}"#)
    }

    /// Sizes where the earlier quadratic code took seconds to minutes; linear code is instant.
    @Test func hostileSizesAreHandled() throws {
        let manyOpenings = String(repeating: "<", count: 20_000) + "text"
        #expect(PlainText.fromHTML(manyOpenings).hasSuffix("text"))
        let names = (0..<20_000).map { "\"R\($0)\"" }.joined(separator: ",")
        let json = #"{"type":"ValidatedCreateUsernameCallback","output":[{"name":"policies","value":{"policyRequirements":[\#(names)]}}],"input":[]}"#
        let callback = try Callback(json: JSONValue.parse(Data(json.utf8)), position: 0)
        guard case .validatedUsername(let field) = callback.kind else {
            Issue.record("not read as a validated username")
            return
        }
        #expect(field.policies.requirements.count == 20_000)
    }
}
