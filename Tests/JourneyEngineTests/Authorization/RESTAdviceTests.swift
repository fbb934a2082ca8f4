import Foundation
import JourneyEngine
import Testing

struct RESTAdviceTests {
    private func advice(_ body: String) throws(AdviceError) -> CompositeAdvice {
        try CompositeAdvice(restBody: Data(body.utf8))
    }

    @Test func readsTheMocksPolicyDecisions() throws {
        #expect(try advice(AdviceSamples.transactionDecision).transactionID == "39dfdd15-59a3-473c-a7fc-ecda3bbc3bc8")
        #expect(try advice(AdviceSamples.treeDecision) == CompositeAdvice(PolicyAdvice(.authenticateToService, value: "/sdk:ConfirmPassword")))
        #expect(try advice(AdviceSamples.iOSTreeDecision).values(of: .authenticateToService) == ["/:UsernamePassword"])
    }

    @Test func readsADecisionArrayTheFallbackAndSingleStrings() throws {
        #expect(try advice("[\(AdviceSamples.treeDecision),{\"advices\":{}}]").values(of: .authenticateToService) == ["/sdk:ConfirmPassword"])
        let fallback = try advice(#"{"TransactionConditionAdvice":"t-1","AuthLevelConditionAdvice":["10","20"]}"#)
        #expect(fallback.advices == [PolicyAdvice(.transactionCondition, value: "t-1"), try PolicyAdvice(.authLevel, values: ["10", "20"])])
        #expect(try advice(#"[{"AuthSchemeConditionAdvice":["DataStore"]}]"#).values(of: .authScheme) == ["DataStore"])
    }

    @Test func namesWhatIsWrongWithABody() {
        func error(_ body: String) -> AdviceError? { adviceError { try advice(body) } }
        if case .notJSON(let what, _)? = error("<html>denied</html>") { #expect(what == "body") } else {
            Issue.record("an HTML body must say it is not JSON")
        }
        #expect(error(#"{"code":403,"message":"Forbidden"}"#) == .noAdvicesInBody)
        #expect(error("[]") == .noAdvicesInBody)
        #expect(error(#"{"advices":{}}"#) == .emptyAdviceList(what: "body's advices member"))
        #expect(error(#"{"advices":["TransactionConditionAdvice"]}"#) == .notAnAdviceObject(what: "body's advices member"))
        #expect(error(#"{"advices":{"SessionConditionAdvice":["5"]}}"#) == .unknownAdviceType("SessionConditionAdvice"))
        #expect(error(#"{"advices":{"TransactionConditionAdvice":[]}}"#) == .noValues(.transactionCondition))
        #expect(error(#"{"advices":{"TransactionConditionAdvice":[{"id":1}]}}"#) == .badValue(.transactionCondition, found: "an object"))
        let huge = #"{"advices":{"AuthLevelConditionAdvice":[""# + String(repeating: "1", count: AdviceError.maximumInputBytes) + #""]}}"#
        #expect(error(huge) == .tooLarge(what: "body", bytes: huge.utf8.count))
        #expect(error(huge)?.description == "The body is \(huge.utf8.count) bytes, more than the 65536 an advice may take; it was not read.")
    }
}
