import Foundation
import JourneyEngine
import Testing

struct ResourceChallengeTests {
    private typealias Sample = AdviceSamples

    @Test func bearerChallengesSayWhatTheTokenLacks() {
        let stepUp = Sample.response(401, [("WWW-Authenticate", #"Bearer error="insufficient_user_authentication", error_description="A different authentication level is required", acr_values="myACR""#)])
        #expect(ResourceChallenge.classify(stepUp) == .stepUp(BearerChallenge(error: "insufficient_user_authentication",
                                                                               errorDescription: "A different authentication level is required", acrValues: ["myACR"])))
        let recent = Sample.response(403, [("www-authenticate", #"Bearer error="insufficient_user_authentication", max_age="5""#)])
        #expect(ResourceChallenge.classify(recent) == .stepUp(BearerChallenge(error: "insufficient_user_authentication", maxAge: 5)))
        let scope = Sample.response(403, [("WWW-Authenticate", #"Bearer realm="example", error="insufficient_scope", scope="transfer""#)])
        #expect(ResourceChallenge.classify(scope) == .insufficientScope(BearerChallenge(realm: "example", error: "insufficient_scope", scope: ["transfer"])))
        let invalid = Sample.response(401, [("WWW-Authenticate", #"Bearer realm="example", error="invalid_token""#)])
        #expect(ResourceChallenge.classify(invalid) == .invalidToken(BearerChallenge(realm: "example", error: "invalid_token")))
        #expect(ResourceChallenge.classify(Sample.response(401, [("WWW-Authenticate", "Bearer")])) == .invalidToken(BearerChallenge()))
        let afterBasic = Sample.response(401, [("WWW-Authenticate", #"Basic realm="a""#), ("WWW-Authenticate", #"Bearer realm="b""#)])
        #expect(ResourceChallenge.classify(afterBasic) == .invalidToken(BearerChallenge(realm: "b")))
        #expect(ResourceChallenge.classify(Sample.response(403, [("WWW-Authenticate", "Bearer")])) == .none)
    }

    @Test func advicesComeFromBodiesHeadersAndRedirects() throws {
        let rest = ResourceChallenge.classify(Sample.response(401, body: Sample.transactionDecision))
        #expect(rest == .advice(AdviceChallenge(advice: CompositeAdvice(PolicyAdvice(.transactionCondition, value: "39dfdd15-59a3-473c-a7fc-ecda3bbc3bc8")), source: .rest)))
        guard case .advice(let tree) = ResourceChallenge.classify(Sample.response(403, body: "[\(Sample.iOSTreeDecision)]")) else {
            Issue.record("a decision list with advices is an advice")
            return
        }
        #expect(tree.source == .rest && tree.transactionID == nil)

        let header = ResourceChallenge.classify(Sample.response(401, [("WWW-Authenticate", Sample.gatewayHeader)]))
        #expect(header == .advice(AdviceChallenge(advice: CompositeAdvice(PolicyAdvice(.transactionCondition, value: Sample.gatewayTransaction)),
                                                  source: .gatewayHeader(realm: "/", amURI: URL(string: "http://localhost:9443/am")))))
        // An SSOADVICE challenge wins over a Bearer one in the same header.
        let both = Sample.response(401, [("WWW-Authenticate", #"Bearer realm="x", error="invalid_token", "# + Sample.gatewayHeader)])
        #expect(ResourceChallenge.classify(both) == header)

        let redirect = ResourceChallenge.classify(Sample.response(307, [("Location", Sample.redirectLocation)]))
        #expect(redirect == .advice(AdviceChallenge(
            advice: CompositeAdvice(PolicyAdvice(.transactionCondition, value: Sample.redirectTransaction)),
            source: .gatewayRedirect(goto: URL(string: "https://openam.example.com:443/anything?_txid=\(Sample.redirectTransaction)"), realm: "/sdk"))))
        guard case .advice(let legacy) = ResourceChallenge.classify(Sample.response(302, [("Location", Sample.legacyRedirectLocation)])) else {
            Issue.record("the legacy redirect is an advice")
            return
        }
        #expect(legacy.transactionID == Sample.legacyRedirectTransaction)
    }

    @Test func aPolicyDecisionIsAnAdviceOnAnyStatusUnlessItGrantsTheMethod() {
        let transaction = AdviceChallenge(advice: CompositeAdvice(PolicyAdvice(.transactionCondition, value: "39dfdd15-59a3-473c-a7fc-ecda3bbc3bc8")),
                                          source: .rest)
        // AM's decision passed on as it is, with 200 (the JS SDK reads `advices` in every JSON answer).
        #expect(ResourceChallenge.classify(Sample.response(200, body: Sample.transactionDecision), method: "POST") == .advice(transaction))
        #expect(ResourceChallenge.classify(Sample.response(200, body: "[\(Sample.transactionDecision)]"), method: "POST") == .advice(transaction))
        let tree = ResourceChallenge.classify(Sample.response(200, body: Sample.treeDecision))
        #expect(tree == .advice(AdviceChallenge(advice: CompositeAdvice(PolicyAdvice(.authenticateToService, value: "/sdk:ConfirmPassword")), source: .rest)))
        #expect(ResourceChallenge.classify(Sample.response(404, body: Sample.iOSTreeDecision)) != .none)
        // A decision whose actions grant the method, or with no advices, is the resource's answer.
        let granted = #"{"resource":"x","actions":{"POST":true},"attributes":{},"advices":{},"ttl":0}"#
        #expect(ResourceChallenge.classify(Sample.response(200, body: granted), method: "POST") == .none)
        let grantedWithAdvice = #"{"actions":{"GET":true},"advices":{"TransactionConditionAdvice":["t"]}}"#
        #expect(ResourceChallenge.classify(Sample.response(200, body: grantedWithAdvice), method: "get") == .none)
        #expect(ResourceChallenge.classify(Sample.response(200, body: grantedWithAdvice), method: "POST") != .none)
        // An answer that merely names advices, or whose advices are not AM's, says nothing; unknown types say so.
        #expect(ResourceChallenge.classify(Sample.response(200, body: #"{"advices":"read the manual"}"#)) == .none)
        #expect(ResourceChallenge.classify(Sample.response(200, body: #"{"TransactionConditionAdvice":["t"]}"#)) == .none)
        #expect(ResourceChallenge.classify(Sample.response(200, body: #"{"advices":{"Nope":["1"]}}"#)) == .malformed(.unknownAdviceType("Nope")))
    }

    @Test func ordinaryAnswersAreNotChallenges() {
        #expect(ResourceChallenge.classify(Sample.response(302, [("Location", "https://am/?authIndexType=service&authIndexValue=Login")])) == .none)
        #expect(ResourceChallenge.classify(Sample.response(302)) == .none)
        #expect(ResourceChallenge.classify(Sample.response(403, body: #"{"code":403,"message":"Forbidden"}"#)) == .none)
        #expect(ResourceChallenge.classify(Sample.response(401, body: "<html>sign in</html>")) == .none)
        #expect(ResourceChallenge.classify(Sample.response(500, [("WWW-Authenticate", Sample.gatewayHeader)])) == .none)
    }

    @Test func brokenAdvicesAndChallengesAreMalformed() {
        #expect(ResourceChallenge.classify(Sample.response(401, [("WWW-Authenticate", #"SSOADVICE realm="/",advices="%%%""#)]))
            == .malformed(.badBase64(what: "advices parameter", excerpt: "%%%")))
        #expect(ResourceChallenge.classify(Sample.response(403, body: #"{"advices":{"Nope":["1"]}}"#)) == .malformed(.unknownAdviceType("Nope")))
        #expect(ResourceChallenge.classify(Sample.response(403, body: #"{"advices":{}}"#)) == .malformed(.emptyAdviceList(what: "body's advices member")))
        #expect(ResourceChallenge.classify(Sample.response(307, [("Location", "https://am/?authIndexType=composite_advice")]))
            == .malformed(.missingParameter("authIndexValue", in: "redirect's Location")))
        guard case .malformed(.badChallenge)? = Optional(ResourceChallenge.classify(Sample.response(401, [("WWW-Authenticate", #"Bearer realm="x"#)]))) else {
            Issue.record("an unreadable challenge on a 401 is malformed")
            return
        }
        // A readable field is used even when another one is broken.
        let mixed = Sample.response(401, [("WWW-Authenticate", #"Basic realm="x"#), ("WWW-Authenticate", #"Bearer error="invalid_token""#)])
        #expect(ResourceChallenge.classify(mixed) == .invalidToken(BearerChallenge(error: "invalid_token")))
        let huge = #"{"advices":{"AuthLevelConditionAdvice":[""# + String(repeating: "1", count: AdviceError.maximumInputBytes) + #""]}}"#
        #expect(ResourceChallenge.classify(Sample.response(403, body: huge)) == .malformed(.tooLarge(what: "body", bytes: huge.utf8.count)))
        #expect(ResourceChallenge.classify(Sample.response(403, body: String(repeating: " ", count: 70_000))) == .none)
    }
}
