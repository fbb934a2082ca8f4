import DemoAM
import Foundation
import JourneyEngine
import Orchestrate
import Testing

/// `ResourceRunner` and transactional authorization at the demo AM: the REST resource
/// (`/api/transfer`, advice in the JSON body) and the Identity Gateway (`/ig/transfer`, header
/// and redirect modes), each confirmed with the `ConfirmTransaction` journey.
struct ResourceRunnerTransactionTests {
    private static let confirm = ["Password=Demo-pass1"]

    private static func transactions(_ fixture: RunnerFixture) async throws -> SignedIn {
        try await fixture.signIn(StoragePreset.transactionsInstance,
                                 try fixture.options(.stepUp, clientId: "journeyterm-transactions", scope: "openid profile WRITE_TRANSACTION"))
    }

    private static func transfer(_ fixture: RunnerFixture) -> ResourceCall {
        ResourceCall(method: "POST", url: fixture.resource("/api/transfer"), headers: [HTTPHeader("Content-Type", "application/json")],
                     body: Data(#"{"amount":"100.00"}"#.utf8))
    }

    @Test func aRESTTransferIsConfirmedAndRetriedWithItsTransactionOnce() async throws {
        try await RunnerFixture.with { fixture in
            let instance = try await Self.transactions(fixture)
            let (outcome, hops, journeys) = await instance.call(Self.transfer(fixture), answers: Self.confirm)
            let answer = try #require(outcome.answer)
            #expect(answer.status == 200)
            #expect(answer.json?["transfer"] == .string("done"))
            #expect(answer.json?["amount"] == .string("100.00"))
            #expect(hops.map(\.kind) == [.exchange, .journey, .exchange])
            guard case .compositeAdvice(let advice)? = journeys.first?.entry else {
                Issue.record("the transfer's advice is walked as a composite advice")
                return
            }
            let transaction = try #require(advice.transactionID)
            #expect(hops[0].response?.status == 401)
            #expect(hops[2].request?.header("X-TxID") == transaction)
            #expect(answer.json?["txid"] == .string(transaction))

            // One-shot: the same transaction does not authorize a second transfer.
            var replay = Self.transfer(fixture)
            replay.headers.append(HTTPHeader("X-TxID", transaction))
            replay.follows = false
            let second = await instance.call(replay)
            guard case .challenged(.advice(let again)) = second.outcome else {
                Issue.record("a used transaction is challenged again, got \(second.outcome)")
                return
            }
            #expect(again.transactionID != nil && again.transactionID != transaction)
        }
    }

    @Test func aWrongConfirmationLeavesTheTransferUndone() async throws {
        try await RunnerFixture.with { fixture in
            let instance = try await Self.transactions(fixture)
            let tokens = try #require(try instance.tokens)
            let (outcome, hops, _) = await instance.call(Self.transfer(fixture), answers: ["Password=wrong"])
            guard case .failed(_, let cause) = outcome else {
                Issue.record("a refused confirmation fails the call, got \(outcome)")
                return
            }
            #expect(cause?.isAuthenticationFailure == true)
            #expect(hops.map(\.kind) == [.exchange, .journey])
            #expect(try instance.tokens == tokens)
        }
    }

    @Test func theStandardInstanceLacksTheTransferScopeAndStops() async throws {
        try await RunnerFixture.with { fixture in
            let standard = try await fixture.signIn("standard", try fixture.options(.stepUp))
            let (outcome, hops, journeys) = await standard.call(Self.transfer(fixture))
            guard case .challenged(.insufficientScope(let bearer)) = outcome else {
                Issue.record("a token without WRITE_TRANSACTION is refused, got \(outcome)")
                return
            }
            #expect(bearer.scope == ["WRITE_TRANSACTION"])
            #expect(journeys.isEmpty)
            #expect(hops.first?.next.contains("\"transactions\" instance") == true)
        }
    }

    @Test(arguments: [true, false])
    func theGatewayTransferIsConfirmedInBothModes(asksForHeader: Bool) async throws {
        try await RunnerFixture.with { fixture in
            let instance = try await Self.transactions(fixture)
            let call = ResourceCall(url: fixture.resource("/ig/transfer"), asksForAdviceHeader: asksForHeader)
            let (outcome, hops, journeys) = await instance.call(call, answers: Self.confirm)
            let answer = try #require(outcome.answer)
            #expect(answer.status == 200)
            #expect(answer.json?["via"] == .string("ig"))
            #expect(hops.map(\.kind) == [.exchange, .journey, .exchange])
            #expect(hops[0].response?.status == (asksForHeader ? 401 : 307))
            #expect(hops[0].conclusion.contains(asksForHeader ? "SSOADVICE" : "redirect to AM"))
            guard case .compositeAdvice(let advice)? = journeys.first?.entry, let transaction = advice.transactionID else {
                Issue.record("the gateway's advice names a transaction")
                return
            }
            let retried = try #require(hops[2].request?.url)
            #expect(URLComponents(url: retried, resolvingAgainstBaseURL: false)?.queryItems == [URLQueryItem(name: "_txid", value: transaction)])
            #expect(retried.host() == "127.0.0.1" && retried.path() == "/ig/transfer", "the retry goes to the gateway, not to AM")
            #expect(answer.json?["txid"] == .string(transaction))
        }
    }
}
