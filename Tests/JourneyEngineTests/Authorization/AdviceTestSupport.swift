import Foundation
import JourneyEngine
import Orchestrate
import Testing

/// The `AdviceError` a reading throws, or nil when it succeeds (any other error is an issue).
func adviceError<T>(_ read: () throws -> T) -> AdviceError? {
    do {
        _ = try read()
        return nil
    } catch let error as AdviceError {
        return error
    } catch {
        Issue.record("not an AdviceError: \(error)")
        return nil
    }
}

/// Inputs taken from protocol.md §5 (the SDKs' tests and mocks), as data.
enum AdviceSamples {
    /// §5.2: the composite advice string all three SDKs build.
    static let transactionXML = #"<Advices><AttributeValuePair><Attribute name="TransactionConditionAdvice"/><Value>9dae2c80-fe7a-4a36-b57b-4fb1271b0687</Value></AttributeValuePair></Advices>"#
    /// §5.4: the JS mock's SSOADVICE header (createTxnStepUpHeader).
    static let gatewayHeader = #"SSOADVICE realm="/",advices="eyJUcmFuc2FjdGlvbkNvbmRpdGlvbkFkdmljZSI6WyIzOWRmZGQxNS01OWEzLTQ3M2MtYTdmYy1lY2RhM2JiYzNiYzgiXX0=",am_uri="http://localhost:9443/am""#
    static let gatewayTransaction = "39dfdd15-59a3-473c-a7fc-ecda3bbc3bc8"
    /// §5.4: the iOS test_10 Location (IG redirect mode, XML percent-encoded once).
    static let redirectLocation = "https://openam.example.com/openam/?goto=https://openam.example.com:443/anything?_txid%3D88d1d52a-5d6b-4c66-9130-3ad78e9395de&realm=/sdk&authIndexType=composite_advice&authIndexValue=%3CAdvices%3E%3CAttributeValuePair%3E%3CAttribute%20name%3D%22TransactionConditionAdvice%22/%3E%3CValue%3E88d1d52a-5d6b-4c66-9130-3ad78e9395de%3C/Value%3E%3C/AttributeValuePair%3E%3C/Advices%3E"
    static let redirectTransaction = "88d1d52a-5d6b-4c66-9130-3ad78e9395de"
    /// §5.4: the iOS test_encoded_legacy_IG_response Location (authIndexValue is base64url of the XML).
    static let legacyRedirectLocation = "https://default.forgeops.petrov.ca/am/?goto=http://openig.petrov.ca/products?_txid%3Debfbbd31-36d7-486f-89fd-7bf7694d3e7e&realm=/&authIndexType=composite_advice&authIndexValue=PEFkdmljZXM-PEF0dHJpYnV0ZVZhbHVlUGFpcj48QXR0cmlidXRlIG5hbWU9IlRyYW5zYWN0aW9uQ29uZGl0aW9uQWR2aWNlIi8-PFZhbHVlPmViZmJiZDMxLTM2ZDctNDg2Zi04OWZkLTdiZjc2OTRkM2U3ZTwvVmFsdWU-PC9BdHRyaWJ1dGVWYWx1ZVBhaXI-PC9BZHZpY2VzPg"
    static let legacyRedirectTransaction = "ebfbbd31-36d7-486f-89fd-7bf7694d3e7e"
    /// §5.1: the JS mock's denied-with-advice policy decisions, and the iOS test_14 one.
    static let transactionDecision = #"{"resource":"","actions":{},"attributes":{},"advices":{"TransactionConditionAdvice":["39dfdd15-59a3-473c-a7fc-ecda3bbc3bc8"]},"ttl":0}"#
    static let treeDecision = #"{"resource":"","actions":{},"attributes":{},"advices":{"AuthenticateToServiceConditionAdvice":["/sdk:ConfirmPassword"]},"ttl":0}"#
    static let iOSTreeDecision = #"{"advices":{"AuthenticateToServiceConditionAdvice":["/:UsernamePassword"]},"ttl":9223372036854775807,"resource":"https://localhost:9888/policy/transfer","actions":[],"attributes":[]}"#

    static func response(_ status: Int, _ headers: [(String, String)] = [], body: String = "") -> HTTPResponse {
        HTTPResponse(status: status, headers: headers.map { HTTPHeader($0.0, $0.1) }, body: Data(body.utf8))
    }
}
