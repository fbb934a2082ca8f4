import Foundation
import Hummingbird
import JourneyEngine
import Orchestrate
import Testing

/// Faults on the wire, each against a real loopback server: what the person is told, and that
/// the client neither crashes nor hangs.
@Suite struct WireFaultTests {
    /// Walks the Login journey against a server answering as `answer`, answering every step
    /// with what it was given, and returns the error the walk ended with. The default timeout
    /// only guards against a hang (a loaded machine can take seconds to answer on loopback).
    private func failure(timeout: Duration = .seconds(30),
                         answer: @escaping @Sendable (String) async throws -> Response) async throws -> JourneyError {
        let server = try await LoopbackServer.start(answer: answer)
        defer { Task { await server.stop() } }
        let client = JourneyClient(server: try ServerConfiguration(url: server.baseURL, timeout: timeout))
        do {
            _ = try await client.walk(JourneyRequest(.journey("Login"))) { $0 }
        } catch let error as JourneyError {
            return error
        }
        Issue.record("the walk succeeded")
        return .cancelled
    }

    private static func respond(_ status: HTTPResponse.Status, _ type: String, _ body: String) -> Response {
        Response(status: status, headers: [.contentType: type], body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }

    @Test func a5xxWithAnHTMLBodyIsAServerProblemInPlainWords() async throws {
        let error = try await failure { _ in
            Self.respond(.badGateway, "text/html", "<html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1></body></html>")
        }
        guard case .serverError(let status, nil, _) = error else {
            Issue.record("not a server error: \(error)")
            return
        }
        #expect(status == 502)
        #expect(error.description.contains("HTTP 502"))
        #expect(!error.description.contains("\u{1B}"))
    }

    @Test func truncatedJSONSaysWhereItStopped() async throws {
        let error = try await failure { _ in
            Self.respond(.ok, "application/json", #"{"authId":"x","callbacks":[{"type":"NameCallback","output":[{"name":"prompt","#)
        }
        guard case .malformedResponse(200, let problem, let excerpt) = error else {
            Issue.record("not malformed: \(error)")
            return
        }
        #expect(problem.contains("not JSON"))
        #expect(excerpt.hasPrefix(#"{"authId""#))
    }

    @Test func aPageThatIsNotJSONNamesItsContentType() async throws {
        let error = try await failure { _ in
            Self.respond(.ok, "text/html; charset=utf-8", "<!DOCTYPE html><html><body>Sign in to the corporate proxy</body></html>")
        }
        guard case .malformedResponse(200, let problem, _) = error else {
            Issue.record("not malformed: \(error)")
            return
        }
        #expect(problem.contains("text/html"), "the content type is named: \(problem)")
    }

    @Test func aBodyOverTheSizeLimitIsRefusedUnread() async throws {
        let chunk = ByteBuffer(repeating: UInt8(ascii: " "), count: 1 << 20)
        let error = try await failure { _ in
            Response(status: .ok, headers: [.contentType: "application/json"],
                     body: ResponseBody(contentsOf: Array(repeating: chunk, count: 9)))
        }
        guard case .transport(.network(_, let problem)) = error else {
            Issue.record("not refused as too large: \(error)")
            return
        }
        #expect(problem.contains("larger than 8 MiB"))
    }

    @Test func aServerThatStallsInTheMiddleOfABodyTimesOut() async throws {
        let error = try await failure(timeout: .milliseconds(400)) { _ in
            Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody { writer in
                try await writer.write(ByteBuffer(string: #"{"authId":"x","callbacks":["#))
                try await Task.sleep(for: .seconds(3))
                try await writer.finish(nil)
            })
        }
        guard case .transport(.timedOut(_, let after)) = error else {
            Issue.record("not a timeout: \(error)")
            return
        }
        #expect(after == .milliseconds(400))
    }

    /// A cancelled walk (Esc in the UI, Ctrl-C in a load run) ends the exchange under way,
    /// without waiting for a server that has not answered yet.
    @Test func cancellingEndsAnExchangeTheServerHasNotAnswered() async throws {
        let (received, arrival) = AsyncStream.makeStream(of: Void.self)
        let answered = Answered()
        let server = try await LoopbackServer.start { _ in
            arrival.yield()
            try? await Task.sleep(for: .seconds(60))
            await answered.mark()
            return Self.respond(.ok, "application/json", "{}")
        }
        defer { Task { await server.stop() } }
        let client = JourneyClient(server: try ServerConfiguration(url: server.baseURL, timeout: .seconds(120)))
        let walk = Task { try await client.walk(JourneyRequest(.journey("Login"))) { $0 } }
        for await _ in received { break }
        walk.cancel()
        await #expect {
            _ = try await walk.value
        } throws: { error in
            [JourneyError.cancelled, .transport(.cancelled)].contains(error as? JourneyError)
        }
        #expect(await !answered.yes, "the walk ended only when the server answered")
    }

    private actor Answered {
        private(set) var yes = false
        func mark() { yes = true }
    }

    @Test func duplicatedIdsAreAnsweredByPosition() async throws {
        let page = #"""
        {"authId":"a1","callbacks":[
          {"type":"NameCallback","_id":0,"output":[{"name":"prompt","value":"User Name"}],"input":[{"name":"IDToken1","value":""}]},
          {"type":"PasswordCallback","_id":0,"output":[{"name":"prompt","value":"Password"}],"input":[{"name":"IDToken2","value":""}]}]}
        """#
        let seen = Received()
        let error = try await failure { body in
            guard !body.isEmpty else { return Self.respond(.ok, "application/json", page) }
            await seen.keep(body)
            return Self.respond(.unauthorized, "application/json", #"{"code":401,"reason":"Unauthorized","message":"Login failure"}"#)
        }
        #expect(error.isAuthenticationFailure)
        let sent = try #require(await seen.bodies.first)
        #expect(sent.contains(#""IDToken1","value":"""#) && sent.contains(#""IDToken2","value":"""#))
        #expect(sent.components(separatedBy: #""_id":0"#).count == 3, "both callbacks keep their _id as sent")
    }

    @Test func aCallbackWithoutInputIsShownAndEchoed() async throws {
        let json = #"{"type":"TextOutputCallback","output":[{"name":"message","value":"Welcome"},{"name":"messageType","value":"0"}]}"#
        let callback = try Callback(json: JSONValue.parse(Data(json.utf8)), position: 0)
        guard case .textOutput(let text) = callback.kind else {
            Issue.record("not read as text output: \(callback.kind)")
            return
        }
        #expect(text.message == "Welcome")
        let step = try JourneyStep(json: JSONValue.parse(Data(#"{"authId":"a","callbacks":[\#(json)]}"#.utf8)))
        #expect(step.requestBody["callbacks"]?.arrayValue?.first?["input"] == nil, "no input is invented")
    }

    @Test func valuesOfTheWrongTypeKeepTheCallbackReadOnlyWithTheReason() throws {
        let json = #"{"type":"ChoiceCallback","output":[{"name":"prompt","value":"Pick"},{"name":"choices","value":"not a list"},{"name":"defaultChoice","value":"zero"}],"input":[{"name":"IDToken1","value":0}]}"#
        let callback = try Callback(json: JSONValue.parse(Data(json.utf8)), position: 3)
        guard case .unknown(let unknown) = callback.kind else {
            Issue.record("read as if it were well-formed: \(callback.kind)")
            return
        }
        #expect(unknown.reason.contains("ChoiceCallback") && unknown.reason.contains("choices"), "\(unknown.reason)")
    }
}

/// Request bodies a loopback server saw.
private actor Received {
    private(set) var bodies: [String] = []
    func keep(_ body: String) { bodies.append(body) }
}
