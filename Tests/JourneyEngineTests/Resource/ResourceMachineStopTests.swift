import Foundation
import JourneyEngine
import Orchestrate
import Testing

/// Where `ResourceMachine` stops: unreadable challenges, --no-follow, a retry challenged again,
/// a failed journey or token renewal (the credential kept), no answer, events out of order.
struct ResourceMachineStopTests {
    private typealias Script = ResourceScript

    @Test func aMalformedChallengeStops() throws {
        let broken = Script.response(401, [("WWW-Authenticate", #"SSOADVICE realm="/",advices="%%%""#)])
        var machine = Script.machine()
        _ = try Script.started(&machine)
        #expect(machine.received(broken) == .finished(.challenged(.malformed(.badBase64(what: "advices parameter", excerpt: "%%%")))))
        #expect(machine.hops[0].conclusion.contains("cannot be read"))
        #expect(machine.hops[0].next.contains("cannot be read"))
    }

    @Test(arguments: [ResourceScript.stepUp(), ResourceScript.response(401, body: AdviceSamples.transactionDecision),
                      ResourceScript.response(401, [("WWW-Authenticate", #"Bearer error="invalid_token""#)])])
    func noFollowShowsTheChallengeWithoutActing(_ challenge: HTTPResponse) throws {
        var machine = Script.machine(ResourceCall(url: Script.url, follows: false))
        _ = try Script.started(&machine)
        #expect(machine.received(challenge) == .finished(.challenged(ResourceChallenge.classify(challenge))))
        #expect(machine.hops.count == 1)
        #expect(machine.hops[0].next.contains("only shows a challenge"))
    }

    @Test func aReplayedTransactionIdAnsweredWithANewAdviceIsSaidToBeRefusedAsUsed() throws {
        let used = ResourceCall(url: Script.url, headers: [HTTPHeader("X-TxID", "tx-used")], follows: false)
        var machine = Script.machine(used)
        _ = try Script.started(&machine)
        let advice = Script.response(401, body: AdviceSamples.transactionDecision)
        #expect(machine.received(advice) == .finished(.challenged(ResourceChallenge.classify(advice))))
        #expect(machine.hops[0].next.contains("the transaction tx-used this request carries was refused as already used"), "\(machine.hops[0].next)")
    }

    @Test func aFailedTransactionConfirmationIsReportedAsSuch() throws {
        var machine = Script.machine()
        _ = try Script.started(&machine)
        _ = machine.received(Script.response(401, body: AdviceSamples.transactionDecision))
        guard case .finished(.failed(let message, _)) = machine.journeyEnded(.failure(Script.journeyFailure), journey: "advice") else {
            Issue.record("a failed confirmation ends the call")
            return
        }
        #expect(message.hasPrefix("The transaction confirmation failed"), "\(message)")
        #expect(!message.contains("step-up"))
        #expect(machine.hops.last?.conclusion.hasPrefix("The transaction was not confirmed") == true)
    }

    @Test func aRetryChallengedAgainStops() throws {
        var machine = Script.machine()
        _ = try Script.started(&machine)
        _ = machine.received(Script.stepUp())
        _ = machine.journeyEnded(.success(Script.signedIn), journey: "StepUp")
        _ = try Script.request(in: machine.tokensRenewed(.success("at-new"), summary: "unchanged"))
        let again = Script.stepUp()
        #expect(machine.received(again) == .finished(.challenged(ResourceChallenge.classify(again))))
        let last = try #require(machine.hops.last)
        #expect(last.conclusion.hasSuffix("This was the retry."))
        #expect(last.next.contains("retried once only"))
        #expect(Script.kinds(machine) == [.exchange, .journey, .tokens, .exchange])
    }

    @Test func aFailedJourneyFailsAndKeepsTheCredential() throws {
        for credential in [Script.bearer, Script.session] {
            var machine = Script.machine(credential: credential)
            _ = try Script.started(&machine)
            _ = machine.received(Script.stepUp())
            guard case .finished(.failed(let message, let cause)) = machine.journeyEnded(.failure(Script.journeyFailure), journey: "StepUp") else {
                Issue.record("a failed step-up ends the call")
                continue
            }
            #expect(cause == Script.journeyFailure)
            #expect(message.contains("did not complete") && message.contains("kept"))
            #expect(machine.credential == credential)
            #expect(machine.hops.last?.kind == .journey)
            #expect(machine.hops.last?.next.contains("kept") == true)
        }
    }

    @Test func aFailedTokenRenewalFailsAndKeepsTheCredential() throws {
        var machine = Script.machine()
        _ = try Script.started(&machine)
        _ = machine.received(Script.stepUp())
        _ = machine.journeyEnded(.success(Script.signedIn), journey: "StepUp")
        let refused = OAuthError.server(error: "invalid_grant", description: "session upgraded elsewhere")
        guard case .finished(.failed(let message, nil)) = machine.tokensRenewed(.failure(refused), summary: "") else {
            Issue.record("a failed renewal ends the call")
            return
        }
        #expect(message.contains("No new tokens") && message.contains(refused.description))
        #expect(machine.credential == Script.bearer)
        #expect(machine.hops.last?.kind == .tokens)
    }

    @Test func noAnswerFailsWithTheTransportError() throws {
        var machine = Script.machine()
        _ = try Script.started(&machine)
        let refused = JourneyError.transport(.connectionRefused(url: Script.url.absoluteString))
        #expect(machine.failed(refused) == .finished(.failed(refused.description, cause: refused)))
        #expect(machine.hops.first?.conclusion == "No answer: \(refused.description)")
    }

    @Test func eventsOutOfOrderAreRefused() {
        var machine = Script.machine()
        guard case .finished(.failed(let answer, nil)) = machine.received(Script.ok),
              case .finished(.failed(let journey, nil)) = machine.journeyEnded(.success(Script.signedIn), journey: "StepUp"),
              case .finished(.failed(let tokens, nil)) = machine.tokensRenewed(.success("at-new"), summary: "") else {
            Issue.record("events nothing asked for end the call")
            return
        }
        #expect(answer.contains("no request asked for"))
        #expect(journey.contains("no challenge started"))
        #expect(tokens.contains("no step-up asked for"))
        #expect(machine.hops.isEmpty && machine.credential == Script.bearer)
    }
}
