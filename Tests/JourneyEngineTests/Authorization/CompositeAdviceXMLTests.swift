import Foundation
import JourneyEngine
import Testing

struct CompositeAdviceXMLTests {
    @Test func buildsTheSDKsXMLByteForByte() throws {
        let transaction = CompositeAdvice(PolicyAdvice(.transactionCondition, value: "9dae2c80-fe7a-4a36-b57b-4fb1271b0687"))
        #expect(transaction.xml == AdviceSamples.transactionXML)
        #expect(CompositeAdvice(PolicyAdvice(.authLevel, value: "10")).xml
            == #"<Advices><AttributeValuePair><Attribute name="AuthLevelConditionAdvice"/><Value>10</Value></AttributeValuePair></Advices>"#)
        let several = try CompositeAdvice([
            PolicyAdvice(.authenticateToService, values: ["/sdk:ConfirmPassword", "/:Other"]),
            PolicyAdvice(.authenticateToRealm, value: "/alpha"),
        ])
        #expect(several.xml == #"<Advices><AttributeValuePair><Attribute name="AuthenticateToServiceConditionAdvice"/><Value>/sdk:ConfirmPassword</Value><Value>/:Other</Value></AttributeValuePair><AttributeValuePair><Attribute name="AuthenticateToRealmConditionAdvice"/><Value>/alpha</Value></AttributeValuePair></Advices>"#)
        #expect(several.transactionID == nil)
        #expect(several.values(of: .authenticateToService) == ["/sdk:ConfirmPassword", "/:Other"])
    }

    @Test func escapesValues() throws {
        let advice = CompositeAdvice(PolicyAdvice(.authScheme, value: #"a<b>&"c'</Value>"#))
        #expect(advice.xml == #"<Advices><AttributeValuePair><Attribute name="AuthSchemeConditionAdvice"/><Value>a&lt;b&gt;&amp;&quot;c&apos;&lt;/Value&gt;</Value></AttributeValuePair></Advices>"#)
        #expect(try CompositeAdvice(xml: advice.xml) == advice)
    }

    @Test func readsWhatItBuilds() throws {
        let advice = try CompositeAdvice([
            PolicyAdvice(.transactionCondition, value: "9dae2c80"),
            PolicyAdvice(.authLevel, values: ["10", "20"]),
            PolicyAdvice(.authScheme, value: "DataStore"),
            PolicyAdvice(.authenticateToRealm, value: "/"),
            PolicyAdvice(.authenticateToService, value: "/:Login é ✓"),
        ])
        #expect(try CompositeAdvice(xml: advice.xml) == advice)
        #expect(try CompositeAdvice(xml: AdviceSamples.transactionXML).transactionID == "9dae2c80-fe7a-4a36-b57b-4fb1271b0687")
    }

    @Test func readsTolerantForms() throws {
        let pretty = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- from a gateway -->
        <advices>
          <AttributeValuePair>
            <Attribute name = 'TransactionConditionAdvice' ></Attribute>
            <Value>id&#45;1&#x2D;&amp;</Value>
            <Value/>
          </AttributeValuePair >
        </advices>
        """
        let advice = try CompositeAdvice(xml: pretty)
        #expect(advice.advices == [try PolicyAdvice(.transactionCondition, values: ["id-1-&", ""])])
    }

    @Test func refusesXMLThatIsNotAnAdvice() {
        #expect(adviceError { try CompositeAdvice(xml: "<Advices></Advices>") } == .emptyAdviceList(what: "composite advice XML"))
        #expect(adviceError { try CompositeAdvice(xml: "<Advices/>") } == .emptyAdviceList(what: "composite advice XML"))
        #expect(adviceError { try CompositeAdvice([]) } == .emptyAdviceList(what: "composite advice"))
        #expect(adviceError { try PolicyAdvice(.authLevel, values: []) } == .noValues(.authLevel))
        let unknown = #"<Advices><AttributeValuePair><Attribute name="SessionConditionAdvice"/><Value>1</Value></AttributeValuePair></Advices>"#
        #expect(adviceError { try CompositeAdvice(xml: unknown) } == .unknownAdviceType("SessionConditionAdvice"))
        #expect(adviceError { try CompositeAdvice(xml: unknown) }?.description
            == "\"SessionConditionAdvice\" is not an advice type this client knows (known: TransactionConditionAdvice, AuthenticateToServiceConditionAdvice, AuthLevelConditionAdvice, AuthSchemeConditionAdvice, AuthenticateToRealmConditionAdvice).")
        let noValues = #"<Advices><AttributeValuePair><Attribute name="AuthLevelConditionAdvice"/></AttributeValuePair></Advices>"#
        #expect(adviceError { try CompositeAdvice(xml: noValues) } == .noValues(.authLevel))
        let cases: [(String, String)] = [
            ("", "the XML ends where <Advices> was expected at byte 0"),
            ("<Advice>", "expected <Advices> at byte 0"),
            ("<Advices><AttributeValuePair><Value>1</Value>", "expected <Attribute> at byte 29"),
            ("<Advices><AttributeValuePair><Attribute/>", "an Attribute has no name at byte 41"),
            (#"<Advices><AttributeValuePair><Attribute name="AuthLevelConditionAdvice"/><Value>1"#, "the XML ends inside a Value at byte 81"),
            (#"<Advices><AttributeValuePair><Attribute name="AuthLevelConditionAdvice"/><Value>&nbsp;</Value>"#, "unknown entity &nbsp; at byte 80"),
            (#"<Advices><AttributeValuePair><Attribute name=AuthLevelConditionAdvice/>"#, "an attribute value of <Attribute> is not quoted at byte 45"),
            (#"<Advices><AttributeValuePair><Attribute name="AuthLevelConditionAdvice"/><Value>1</Value></AttributeValuePair></Advices>x"#, "unexpected text after </Advices> at byte 120"),
            ("<Advices><Other/></Advices>", "expected <AttributeValuePair> at byte 9"),
        ]
        for (xml, reason) in cases {
            #expect(adviceError { try CompositeAdvice(xml: xml) }?.description == "The composite advice XML cannot be read: \(reason).", "\(xml)")
        }
    }

    @Test func refusesOversizeXMLUnread() {
        let huge = "<Advices>" + String(repeating: " ", count: AdviceError.maximumInputBytes) + "</Advices>"
        #expect(adviceError { try CompositeAdvice(xml: huge) } == .tooLarge(what: "composite advice XML", bytes: huge.utf8.count))
    }

    @Test func hostileXMLEndsQuickly() {
        // Deep, unclosed and repetitive inputs near the size limit are read once and refused.
        let inputs = [
            "<Advices>" + String(repeating: "<AttributeValuePair>", count: 3000),
            "<Advices><!--" + String(repeating: "-", count: 60_000),
            #"<Advices><AttributeValuePair><Attribute name="AuthLevelConditionAdvice"/><Value>"# + String(repeating: "&amp", count: 10_000),
        ]
        for input in inputs { #expect(adviceError { try CompositeAdvice(xml: input) } != nil) }
    }
}
