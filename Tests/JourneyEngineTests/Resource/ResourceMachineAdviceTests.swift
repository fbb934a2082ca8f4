import Foundation
import JourneyEngine
import Orchestrate
import Testing

/// `ResourceMachine` and policy advices in their three forms: each walks AM's composite_advice
/// journey and retries once, decorated as its source wants.
struct ResourceMachineAdviceTests {
    private typealias Script = ResourceScript
    private typealias Sample = AdviceSamples

    private static let transfer = URL(string: "http://127.0.0.1:9999/api/transfer?from=checking&_txid=stale")!

    /// Sends `call`, answers with `challenge`, completes the advice journey; returns the walk's
    /// journey and the retry.
    private static func retry(after challenge: HTTPResponse, call: ResourceCall = ResourceCall(method: "POST", url: transfer))
        throws -> (journey: JourneyRequest, first: HTTPRequest, retry: HTTPRequest, machine: ResourceMachine) {
        var machine = Script.machine(call)
        let first = try Script.started(&machine)
        guard case .walk(let journey) = machine.received(challenge) else {
            Issue.record("an advice walks a journey")
            throw Script.ScriptStopped()
        }
        let retry = try Script.request(in: machine.journeyEnded(.success(Script.signedIn), journey: "composite_advice"))
        return (journey, first, retry, machine)
    }

    @Test func aRESTAdviceRetriesWithTheTransactionHeader() throws {
        let (journey, first, retry, machine) = try Self.retry(after: Script.response(401, body: Sample.transactionDecision))
        #expect(journey == JourneyRequest(.compositeAdvice(CompositeAdvice(PolicyAdvice(.transactionCondition, value: Sample.gatewayTransaction)))))
        #expect(retry.header("X-TxID") == Sample.gatewayTransaction)
        #expect(retry.url == first.url, "a REST retry keeps the URL")
        #expect(retry.header("Authorization") == "Bearer at-old", "an advice needs no new tokens")
        #expect(machine.hops[0].next.contains("X-TxID: \(Sample.gatewayTransaction)"))
        #expect(Script.kinds(machine) == [.exchange, .journey])
    }

    @Test func aRESTTreeAdviceRetriesWithTheTreeHeader() throws {
        let (journey, _, retry, machine) = try Self.retry(after: Script.response(403, body: Sample.treeDecision))
        #expect(journey.entry == .compositeAdvice(CompositeAdvice(PolicyAdvice(.authenticateToService, value: "/sdk:ConfirmPassword"))))
        #expect(retry.header("X-Tree") == "/sdk:ConfirmPassword")
        #expect(retry.header("X-TxID") == nil)
        #expect(machine.hops[0].next.contains("X-Tree: /sdk:ConfirmPassword"))
    }

    @Test func aGatewayHeaderAdviceRetriesWithTheTransactionInTheQuery() throws {
        let (_, first, retry, machine) = try Self.retry(after: Script.response(401, [("WWW-Authenticate", Sample.gatewayHeader)]))
        #expect(first.header("x-authenticate-response") == "header")
        let query = URLComponents(url: retry.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        #expect(query == [URLQueryItem(name: "from", value: "checking"), URLQueryItem(name: "_txid", value: Sample.gatewayTransaction)])
        #expect(retry.header("X-TxID") == nil)
        #expect(retry.method == "POST")
        #expect(machine.hops[0].conclusion.contains("SSOADVICE"))
        #expect(machine.hops[0].next.contains("_txid=\(Sample.gatewayTransaction)"))
    }

    @Test func aGatewayRedirectIsAnAdviceNotARedirectToFollow() throws {
        let call = ResourceCall(url: URL(string: "http://127.0.0.1:9999/ig/transfer")!, asksForAdviceHeader: false)
        let (journey, first, retry, machine) = try Self.retry(after: Script.response(307, [("Location", Sample.redirectLocation)]), call: call)
        #expect(first.header("x-authenticate-response") == nil)
        #expect(journey.entry == .compositeAdvice(CompositeAdvice(PolicyAdvice(.transactionCondition, value: Sample.redirectTransaction))))
        #expect(retry.url.absoluteString == "http://127.0.0.1:9999/ig/transfer?_txid=\(Sample.redirectTransaction)",
                "the retry goes to the resource, not to the redirect's goto")
        #expect(machine.hops[0].conclusion.contains("a redirect to AM"))
    }

    @Test func theRetryIsAnsweredAndEndsTheCall() throws {
        var (_, _, _, machine) = try Self.retry(after: Script.response(401, body: Sample.transactionDecision))
        let done = Script.response(200, body: #"{"transfer":"done"}"#)
        #expect(machine.received(done) == .finished(.answered(done)))
        #expect(Script.kinds(machine) == [.exchange, .journey, .exchange])
        #expect(machine.hops[1].title == "journey composite_advice")
        #expect(machine.hops[1].next == "Retry the request once.")
    }
}
