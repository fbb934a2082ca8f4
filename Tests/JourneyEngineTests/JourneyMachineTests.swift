import Foundation
import JourneyEngine
import Orchestrate
import Testing

/// The state machine as scripts: events in, actions out; no network, no clock.
struct JourneyMachineTests {
    let server = try! ServerConfiguration(url: "https://am.example.com/am/", realm: Realm("alpha"), locale: "fr")

    func response(_ status: Int, _ json: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: [], body: Data(json.utf8))
    }

    let loginStep = """
    {"authId":"abc","stage":"UsernamePassword","callbacks":[
     {"type":"NameCallback","output":[{"name":"prompt","value":"User Name"}],"input":[{"name":"IDToken1","value":""}],"_id":0},
     {"type":"PasswordCallback","output":[{"name":"prompt","value":"Password"}],"input":[{"name":"IDToken2","value":""}],"_id":1}]}
    """

    /// A Push Wait page: AM pre-fills the Cancel confirmation with 100 ("keep waiting").
    let polling = """
    {"authId":"p1","callbacks":[
     {"type":"PollingWaitCallback","output":[{"name":"waitTime","value":"1500"},{"name":"message","value":"Waiting"}],"_id":0},
     {"type":"ConfirmationCallback","output":[{"name":"prompt","value":""},{"name":"messageType","value":0},{"name":"options","value":["Cancel"]},{"name":"optionType","value":-1},{"name":"defaultOption","value":0}],"input":[{"name":"IDToken2","value":100}],"_id":1}]}
    """

    @Test func firstRequestSelectsTheJourneyWithAMHeaders() throws {
        var machine = JourneyMachine(server: server, request: JourneyRequest(.journey("Login"), noSession: true, forceAuth: true))
        let actions = machine.start()
        guard case .send(let request) = try #require(actions.first) else {
            Issue.record("expected a send")
            return
        }
        #expect(request.method == "POST")
        #expect(request.url.absoluteString == "https://am.example.com/am/json/realms/root/realms/alpha/authenticate?authIndexType=service&authIndexValue=Login&noSession=true&ForceAuth=true&locale=fr")
        #expect(request.header("Accept-API-Version") == "resource=2.1, protocol=1.0")
        #expect(request.header("Content-Type") == "application/json")
        #expect(request.header("X-Requested-With") != nil)
        #expect(request.header("Accept-Language") == "fr")
        #expect(request.body == nil)
    }

    @Test func aPlusInTheQueryIsSentEncodedAndThePresentedSessionAsAHeader() throws {
        var machine = JourneyMachine(server: server, request: JourneyRequest(.journey("Pay+Confirm"), presentedSession: "sso-token"))
        guard case .send(let request) = try #require(machine.start().first) else {
            Issue.record("expected a send")
            return
        }
        #expect(request.url.absoluteString.contains("authIndexValue=Pay%2BConfirm"))
        #expect(request.header(server.cookieName) == "sso-token")
    }

    @Test func aResumeLinkSendsEverythingItCarries() throws {
        let link = try ResumeLink(link: "https://am.example.com/am/XUI/?realm=/alpha&authIndexType=service&authIndexValue=MagicLink"
            + "&suspendedId=abc&RelayState=r1&unrelated=x#/")
        #expect(link.suspendedId == "abc")
        #expect(link.journeyName == "MagicLink")
        #expect(link.parameters.map(\.name) == ["authIndexType", "authIndexValue", "RelayState"])
        var machine = JourneyMachine(server: server, request: JourneyRequest(.resume(link)))
        guard case .send(let request) = try #require(machine.start().first) else {
            Issue.record("expected a send")
            return
        }
        let query = request.url.query() ?? ""
        for part in ["suspendedId=abc", "authIndexType=service", "authIndexValue=MagicLink", "RelayState=r1"] {
            #expect(query.contains(part), "\(query)")
        }
        #expect(!query.contains("unrelated"))
        let fragment = try ResumeLink(link: "https://am.example.com/am/XUI/?realm=/#/?suspendedId=def&code=c1&state=s1")
        #expect(fragment.suspendedId == "def")
        #expect(fragment.parameters.map(\.name) == ["code", "state"])
    }

    @Test func loginScriptFromStepToSuccess() throws {
        var machine = JourneyMachine(server: server, request: JourneyRequest(.journey("Login")))
        _ = machine.start()
        let presented = machine.received(response(200, loginStep))
        guard case .present(var step) = try #require(presented.first), presented.count == 1 else {
            Issue.record("expected one present, got \(presented)")
            return
        }
        #expect(step.stage == "UsernamePassword")
        try step.callbacks[0].answer(.text("demo"))
        try step.callbacks[1].answer(.text("pw"))
        guard case .send(let request) = try #require(machine.submit(step).first) else {
            Issue.record("expected a send")
            return
        }
        let body = try JSONValue.parse(try #require(request.body))
        #expect(body["authId"] == .string("abc"))
        #expect(body["stage"] == .string("UsernamePassword"))
        #expect(body["callbacks"]?.arrayValue?[1]["input"]?.arrayValue?[0]["value"] == .string("pw"))
        let done = machine.received(response(200, #"{"tokenId":"T","successUrl":"/console","realm":"/alpha"}"#))
        guard case .succeeded(let success) = try #require(done.first) else {
            Issue.record("expected success")
            return
        }
        #expect(success == LoginSuccess(tokenId: "T", successUrl: "/console", realm: "/alpha"))
    }

    @Test func eventsOutOfTurnAreIgnored() throws {
        var machine = JourneyMachine(server: server, request: JourneyRequest(.journey("Login")))
        #expect(machine.received(response(200, loginStep)).isEmpty)
        #expect(machine.pollTimerFired().isEmpty)
        _ = machine.start()
        guard case .present(let step) = machine.received(response(200, loginStep)).first else {
            Issue.record("expected a step")
            return
        }
        #expect(machine.received(response(200, loginStep)).isEmpty)
        _ = machine.submit(step)
        #expect(machine.submit(step).isEmpty, "a step cannot be submitted twice")
    }

    @Test func pollingStepSchedulesAResubmissionThatKeepsTheServersValue() throws {
        var machine = JourneyMachine(server: server, request: JourneyRequest(.journey("Push")))
        _ = machine.start()
        let actions = machine.received(response(200, polling))
        #expect(actions.count == 2)
        guard case .schedulePoll(let delay) = actions[1] else {
            Issue.record("expected a poll")
            return
        }
        #expect(delay == .milliseconds(1500))
        guard case .send(let request) = try #require(machine.pollTimerFired().first) else {
            Issue.record("expected a send")
            return
        }
        let body = try JSONValue.parse(try #require(request.body))
        #expect(body["callbacks"]?.arrayValue?[1]["input"]?.arrayValue?[0]["value"] == .int(100))
    }

    @Test func answeringAPollingStepCancelsThePoll() throws {
        var machine = JourneyMachine(server: server, request: JourneyRequest(.journey("Push")))
        _ = machine.start()
        guard case .present(var step) = machine.received(response(200, polling)).first else {
            Issue.record("expected a step")
            return
        }
        try step.callbacks[1].answer(.index(0))
        #expect(machine.submit(step).count == 1)
        #expect(machine.pollTimerFired().isEmpty, "a late timer must not send a second request")
    }

    @Test func timeoutThenRestartBeginsAgainFromTheFirstRequest() throws {
        var machine = JourneyMachine(server: server, request: JourneyRequest(.journey("Login")))
        _ = machine.start()
        let failed = machine.received(response(401, #"{"code":401,"reason":"Unauthorized","message":"Session has timed out","detail":{"errorCode":"110"}}"#))
        guard case .failed(let error) = try #require(failed.first) else {
            Issue.record("expected failure")
            return
        }
        #expect(error.isExpiry)
        #expect(error.description.contains("timed out"))
        guard case .send(let request) = try #require(machine.start().first) else {
            Issue.record("expected a send")
            return
        }
        #expect(request.body == nil)
        #expect(request.url.query()?.contains("authIndexValue=Login") == true)
    }

    @Test func resumeSendsOnlyTheSuspendedIdFirst() throws {
        var machine = JourneyMachine(server: try ServerConfiguration(url: "http://127.0.0.1:8180/am"),
                                     request: JourneyRequest(.resume(ResumeLink(suspendedId: "xyz"))))
        guard case .send(let request) = try #require(machine.start().first) else {
            Issue.record("expected a send")
            return
        }
        #expect(request.url.absoluteString == "http://127.0.0.1:8180/am/json/realms/root/authenticate?suspendedId=xyz")
    }

    @Test func cancellingARequestReturnsToTheAnsweredStep() throws {
        var machine = JourneyMachine(server: server, request: JourneyRequest(.journey("Login")))
        _ = machine.start()
        guard case .present(var step) = machine.received(response(200, loginStep)).first else {
            Issue.record("expected a step")
            return
        }
        try step.callbacks[0].answer(.text("typed"))
        _ = machine.submit(step)
        guard case .present(let back) = try #require(machine.cancelRequest().first) else {
            Issue.record("expected the step again")
            return
        }
        #expect(back.callbacks[0].value == .string("typed"))
        #expect(machine.received(response(200, #"{"tokenId":"late"}"#)).isEmpty, "a late response is ignored")
    }

    @Test(arguments: [
        (500, "<html>boom</html>", "internal problem"),
        (502, "", "HTTP 502"),
        (200, "<html>", "not JSON"),
        (200, "[1,2]", "not a JSON object"),
        (200, #"{"authId":"a"}"#, "no callbacks"),
        (200, #"{"authId":"a","callbacks":[{"output":[]}]}"#, "no type"),
        (200, #"{"hello":1}"#, "neither a step"),
        (302, "", "HTTP 302"),
        (400, #"{"code":400,"reason":"Bad Request","message":"Invalid realm"}"#, "Invalid realm"),
        (401, #"{"code":401,"reason":"Unauthorized","message":"Login failure","detail":{"failureUrl":""}}"#, "Authentication failed: Login failure"),
    ])
    func everyFailureHasASpecificMessage(status: Int, body: String, expected: String) throws {
        var machine = JourneyMachine(server: server, request: JourneyRequest(.journey("Login")))
        _ = machine.start()
        guard case .failed(let error) = try #require(machine.received(response(status, body)).first) else {
            Issue.record("expected failure for \(status) \(body)")
            return
        }
        #expect(error.description.contains(expected), "\(error.description)")
    }

    @Test func serverTextInErrorsIsNeutralised() throws {
        var machine = JourneyMachine(server: server, request: JourneyRequest(.journey("Login")))
        _ = machine.start()
        guard case .failed(let error) = machine.received(response(401, #"{"code":401,"message":"Bad \u001b]0;owned\u0007 input"}"#)).first else {
            Issue.record("expected failure")
            return
        }
        #expect(!error.description.contains("\u{1B}"))
        #expect(!error.description.contains("\u{07}"))
    }
}
