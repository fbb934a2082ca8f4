import Foundation
import JourneyEngine
import Testing

struct GatewayAdviceTests {
    @Test func readsTheJSMocksHeader() throws {
        let header = try GatewayHeaderAdvice(headerValue: AdviceSamples.gatewayHeader)
        #expect(header.advice == CompositeAdvice(PolicyAdvice(.transactionCondition, value: AdviceSamples.gatewayTransaction)))
        #expect(header.realm == "/")
        #expect(header.amURI == URL(string: "http://localhost:9443/am"))
    }

    @Test func readsBase64WithCutPaddingAndTheURLSafeAlphabet() throws {
        let json = #"{"AuthenticateToServiceConditionAdvice":["/sdk:ConfirmPassword?>"]}"#
        let standard = Data(json.utf8).base64EncodedString()
        #expect(standard.contains("+") || standard.contains("/"), "the sample must use the alphabets' differing characters")
        let urlSafe = standard.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        let expected = CompositeAdvice(PolicyAdvice(.authenticateToService, value: "/sdk:ConfirmPassword?>"))
        for encoded in [standard, standard.replacingOccurrences(of: "=", with: ""), urlSafe, urlSafe.replacingOccurrences(of: "=", with: "")] {
            #expect(try GatewayHeaderAdvice(headerValue: "SSOADVICE advices=\"\(encoded)\"").advice == expected, "\(encoded)")
        }
        // The iOS SDK's split on "=" cuts the padding of the JS mock's header; unquoted works too.
        let cut = AdviceSamples.gatewayHeader.replacingOccurrences(of: "XX0=\"", with: "XX0\"")
        #expect(cut != AdviceSamples.gatewayHeader)
        #expect(try GatewayHeaderAdvice(headerValue: cut).advice.transactionID == AdviceSamples.gatewayTransaction)
        let unquoted = #"SSOADVICE advices=eyJUcmFuc2FjdGlvbkNvbmRpdGlvbkFkdmljZSI6WyIzOWRmZGQxNS01OWEzLTQ3M2MtYTdmYy1lY2RhM2JiYzNiYzgiXX0="#
        #expect(try GatewayHeaderAdvice(headerValue: unquoted).advice.transactionID == AdviceSamples.gatewayTransaction)
        let wrapped = Data(#"{"advices":{"AuthLevelConditionAdvice":"10"}}"#.utf8).base64EncodedString()
        #expect(try GatewayHeaderAdvice(headerValue: "SSOADVICE advices=\"\(wrapped)\"").advice == CompositeAdvice(PolicyAdvice(.authLevel, value: "10")))
    }

    @Test func namesWhatIsWrongWithAHeader() {
        func error(_ value: String) -> AdviceError? { adviceError { try GatewayHeaderAdvice(headerValue: value) } }
        func base64(_ json: String) -> String { Data(json.utf8).base64EncodedString() }
        #expect(error(#"SSOADVICE realm="/""#) == .missingParameter("advices", in: "SSOADVICE challenge"))
        #expect(error(#"Bearer realm="/""#) == .missingChallenge("SSOADVICE"))
        #expect(error(#"SSOADVICE advices="not*base64!""#) == .badBase64(what: "advices parameter", excerpt: "not*base64!"))
        #expect(error(#"SSOADVICE advices="abcde""#) == .badBase64(what: "advices parameter", excerpt: "abcde"))
        if case .notJSON(let what, _)? = error("SSOADVICE advices=\"\(base64("<html>"))\"") {
            #expect(what == "decoded advices parameter")
        } else {
            Issue.record("a base64 that is not JSON must say so")
        }
        #expect(error("SSOADVICE advices=\"\(base64("[1]"))\"") == .notAnAdviceObject(what: "decoded advices parameter"))
        #expect(error("SSOADVICE advices=\"\(base64("{}"))\"") == .emptyAdviceList(what: "decoded advices parameter"))
        #expect(error("SSOADVICE advices=\"\(base64(#"{"Nope":["1"]}"#))\"") == .unknownAdviceType("Nope"))
        #expect(error("SSOADVICE advices=\"\(base64(#"{"AuthLevelConditionAdvice":[10]}"#))\"") == .badValue(.authLevel, found: "a number"))
        #expect(error(#"SSOADVICE advices="x"#)?.description
            == "The WWW-Authenticate header cannot be read: the quoted value of advices has no closing quote at byte 18.")
        let hostile = "SSOADVICE advices=\"\u{1B}[2Jabc\""
        #expect(error(hostile)?.description.contains("\u{1B}") == false)
    }

    @Test func readsTheIOSRedirect() throws {
        let redirect = try GatewayRedirectAdvice(location: AdviceSamples.redirectLocation)
        #expect(redirect.advice == CompositeAdvice(PolicyAdvice(.transactionCondition, value: AdviceSamples.redirectTransaction)))
        #expect(redirect.goto == URL(string: "https://openam.example.com:443/anything?_txid=\(AdviceSamples.redirectTransaction)"))
        #expect(redirect.realm == "/sdk")
    }

    @Test func readsTheLegacyBase64URLRedirect() throws {
        let redirect = try GatewayRedirectAdvice(location: AdviceSamples.legacyRedirectLocation)
        #expect(redirect.advice.transactionID == AdviceSamples.legacyRedirectTransaction)
        #expect(redirect.advice.xml.hasPrefix("<Advices><AttributeValuePair><Attribute name=\"TransactionConditionAdvice\"/>"))
        #expect(redirect.goto == URL(string: "http://openig.petrov.ca/products?_txid=\(AdviceSamples.legacyRedirectTransaction)"))
        #expect(redirect.realm == "/")
    }

    @Test func readsTwiceEncodedRelativeAndFormEncodedRedirects() throws {
        let advice = try CompositeAdvice([PolicyAdvice(.authenticateToService, value: "/alpha:Step Up+1"),
                                          PolicyAdvice(.transactionCondition, value: "t-1")])
        let once = advice.xml.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let twice = once.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        #expect(twice.contains("%253C"))
        let relative = try GatewayRedirectAdvice(location: "/am/?authIndexType=composite_advice&authIndexValue=\(twice)")
        #expect(relative.advice == advice)
        #expect(relative.goto == nil && relative.realm == nil)
        // A servlet's encoder writes spaces as "+" and "+" as %2B.
        let form = advice.xml.replacingOccurrences(of: "+", with: "%2B").replacingOccurrences(of: " ", with: "+")
            .replacingOccurrences(of: "<", with: "%3C").replacingOccurrences(of: ">", with: "%3E")
            .replacingOccurrences(of: "\"", with: "%22").replacingOccurrences(of: "=", with: "%3D")
        #expect(try GatewayRedirectAdvice(location: "?authIndexValue=\(form)&authIndexType=COMPOSITE_ADVICE").advice == advice)
    }

    @Test func namesWhatIsWrongWithARedirect() {
        func error(_ location: String) -> AdviceError? { adviceError { try GatewayRedirectAdvice(location: location) } }
        #expect(error("https://am/?authIndexType=service&authIndexValue=Login") == .notCompositeAdvice(authIndexType: "service"))
        #expect(error("https://am/") == .notCompositeAdvice(authIndexType: nil))
        #expect(error("https://am/?authIndexType=composite_advice") == .missingParameter("authIndexValue", in: "redirect's Location"))
        #expect(error("https://am/?authIndexType=composite_advice&authIndexValue=*") == .badBase64(what: "redirect's authIndexValue", excerpt: "*"))
        if case .badXML? = error("https://am/?authIndexType=composite_advice&authIndexValue=PEFkdmljZXM-") {} else {
            Issue.record("base64url of broken XML must be a bad XML")
        }
        let huge = "https://am/?authIndexType=composite_advice&authIndexValue=" + String(repeating: "A", count: AdviceError.maximumInputBytes)
        #expect(error(huge) == .tooLarge(what: "Location header", bytes: huge.utf8.count))
    }
}
