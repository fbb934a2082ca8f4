import Foundation
import JourneyEngine
import Orchestrate

extension FuzzTarget {
    /// A `WWW-Authenticate` field (RFC 9110 challenges, Bearer parameters), then a 401 carrying
    /// it classified as a resource's challenge.
    static let authenticateHeader = FuzzTarget(name: "www-authenticate", summary: "a WWW-Authenticate value → challenges → what the client concludes", maxInputLength: 4096,
        seeds: [
            #"Bearer realm="demo-api", error="insufficient_user_authentication", error_description="Seeing the balance needs a one-time code", acr_values="StepUp", max_age=300"#,
            #"Bearer error="insufficient_scope", scope="openid WRITE_TRANSACTION", Basic realm="x", Negotiate abc=="#,
            #"SSOADVICE realm="/", advices="eyJUcmFuc2FjdGlvbkNvbmRpdGlvbkFkdmljZSI6WyJ0eDEiXX0=", am_uri="http://127.0.0.1:8180/am""#,
        ]) { data in
        let value = data.fuzzText
        if let challenges = try? AuthChallenge.parse(value) { _ = challenges.compactMap(BearerChallenge.init) }
        _ = ResourceChallenge.classify(HTTPResponse(status: 401, headers: [HTTPHeader("WWW-Authenticate", value)], body: Data()))
    }

    /// PingGateway's header mode: `SSOADVICE realm=…,advices="<base64 JSON>",am_uri=…`.
    static let gatewayHeaderAdvice = FuzzTarget(name: "ig-header", summary: "an SSOADVICE header value → composite advice XML", maxInputLength: 8192,
        seeds: [
            #"SSOADVICE realm="/",advices="eyJUcmFuc2FjdGlvbkNvbmRpdGlvbkFkdmljZSI6WyJ0eDEiXX0=",am_uri="http://127.0.0.1:8180/am""#,
            #"SSOADVICE realm="/alpha",advices="eyJBdXRoTGV2ZWxDb25kaXRpb25BZHZpY2UiOlsiMiJdfQ",am_uri="https://am.example.com/am""#,
        ]) { data in
        guard let advice = try? GatewayHeaderAdvice(headerValue: data.fuzzText) else { return }
        _ = advice.advice.xml
    }

    /// PingGateway's redirect mode: a `Location` with `authIndexType=composite_advice&authIndexValue=…`.
    static let gatewayRedirectAdvice = FuzzTarget(name: "ig-redirect", summary: "a redirect Location → composite advice", maxInputLength: 8192,
        seeds: [
            "http://127.0.0.1:8180/am/?goto=http%3A%2F%2F127.0.0.1%3A8180%2Fig%2Ftransfer&realm=/&authIndexType=composite_advice&authIndexValue=%3CAdvices%3E%3CAttributeValuePair%3E%3CAttribute%20name%3D%22TransactionConditionAdvice%22%2F%3E%3CValue%3Etx1%3C%2FValue%3E%3C%2FAttributeValuePair%3E%3C%2FAdvices%3E",
            "https://am.example.com/am/XUI/?realm=%2Falpha&authIndexType=composite_advice&authIndexValue=%253CAdvices%253E%253CAttributeValuePair%253E%253CAttribute%2520name%253D%2522AuthLevelConditionAdvice%2522%252F%253E%253CValue%253E2%253C%252FValue%253E%253C%252FAttributeValuePair%253E%253C%252FAdvices%253E",
        ]) { data in
        let location = data.fuzzText
        if let redirect = try? GatewayRedirectAdvice(location: location) { _ = redirect.advice.xml }
        _ = ResourceChallenge.classify(HTTPResponse(status: 302, headers: [HTTPHeader("Location", location)], body: Data()))
    }

    /// A REST resource's policy decision: `{"advices":{…}}` or an array whose first element has one.
    static let restAdvice = FuzzTarget(name: "rest-advice", summary: "a policy response body → composite advice", maxInputLength: 8192,
        seeds: [
            #"{"resource":"http://127.0.0.1:8180/api/transfer","actions":{},"attributes":{},"advices":{"TransactionConditionAdvice":["9dae2c80-fe7a-4a36-b57b-4fb1271b0687"]},"ttl":0}"#,
            #"[{"resource":"x","advices":{"AuthenticateToServiceConditionAdvice":["/:StepUp"],"AuthSchemeConditionAdvice":["otp"]}}]"#,
        ]) { data in
        if let advice = try? CompositeAdvice(restBody: data) { _ = advice.xml }
        for status in [403, 200] {
            _ = ResourceChallenge.classify(HTTPResponse(status: status, headers: [HTTPHeader("Content-Type", "application/json")], body: data), method: "POST")
        }
    }

    /// AM's composite advice XML (`<Advices><AttributeValuePair>…`), read and written back.
    static let adviceXML = FuzzTarget(name: "advice-xml", summary: "composite advice XML → advices → XML", maxInputLength: 8192,
        seeds: [
            #"<Advices><AttributeValuePair><Attribute name="TransactionConditionAdvice"/><Value>tx1</Value></AttributeValuePair></Advices>"#,
            #"<Advices> <AttributeValuePair><Attribute name="AuthenticateToRealmConditionAdvice"/><Value>/alpha</Value><Value>/beta</Value></AttributeValuePair> </Advices>"#,
        ]) { data in
        guard let advice = try? CompositeAdvice(xml: data.fuzzText) else { return }
        _ = try? CompositeAdvice(xml: advice.xml)
    }
}
