import Foundation
import Orchestrate

/// What a client concludes from a protected resource's answer: carry on, step up, get another
/// token, or walk an advice journey at AM and retry.
public enum ResourceChallenge: Sendable, Hashable {
    /// Not a challenge: the answer is the resource's (or an error that asks nothing of the client).
    case none
    /// RFC 9470: authenticate again, more strongly or more recently (`acr_values`, `max_age`).
    case stepUp(BearerChallenge)
    /// RFC 6750: the token lacks a scope (`scope` lists the ones needed).
    case insufficientScope(BearerChallenge)
    /// RFC 6750: the token was refused (`invalid_token`), or none was accepted (a bare Bearer challenge on a 401).
    case invalidToken(BearerChallenge)
    /// Policy advices: a REST body, PingGateway's SSOADVICE header or its redirect to AM.
    case advice(AdviceChallenge)
    /// The answer clearly tried to be a challenge or an advice, but could not be read.
    case malformed(AdviceError)

    /// Classifies the response to a request with this `method` (`GET` unless said). Redirects (3xx) are advices
    /// when their `Location` asks AM for a composite advice. On 401 and 403, in this order: an
    /// SSOADVICE challenge, advices in a JSON body, a Bearer challenge
    /// (`insufficient_user_authentication` → step-up, `insufficient_scope`, and on a 401 any
    /// other error or none → invalid token). On any other status, AM's policy decision passed on
    /// as the body (an object with non-empty `advices`, or an array whose first element is one)
    /// is an advice unless its `actions` grant `method`: resource servers often answer it with
    /// 200, and the JavaScript SDK looks for `advices` in every JSON answer.
    /// A `WWW-Authenticate` field that cannot be read makes the answer malformed only when
    /// nothing else in it could be used.
    public static func classify(_ response: HTTPResponse, method: String = "GET") -> ResourceChallenge {
        switch response.status {
        case 300..<400:
            guard let location = response.header("Location"), GatewayRedirectAdvice.isAdviceRedirect(location) else { return .none }
            return reading { () throws(AdviceError) in
                let redirect = try GatewayRedirectAdvice(location: location)
                return AdviceChallenge(advice: redirect.advice, source: .gatewayRedirect(goto: redirect.goto, realm: redirect.realm))
            }
        case 401, 403:
            return denied(response)
        default:
            return policyDecision(response.body, method: method) ?? .none
        }
    }

    /// AM's policy decision in a body answered with a status that says nothing: its advices when
    /// it has some and its `actions` do not grant `method`; nil for any other body.
    private static func policyDecision(_ body: Data, method: String) -> ResourceChallenge? {
        guard body.count <= AdviceError.maximumInputBytes, let json = try? JSONValue.parse(body),
              let decision = (json.arrayValue?.first ?? json).objectValue,
              let advices = decision["advices"], advices.objectValue?.isEmpty == false else { return nil }
        if decision["actions"]?[method.uppercased()] == .bool(true) { return nil }
        do {
            return .advice(AdviceChallenge(advice: try CompositeAdvice(adviceMap: advices, what: "decision's advices"), source: .rest))
        } catch {
            return .malformed(error)
        }
    }

    private static func denied(_ response: HTTPResponse) -> ResourceChallenge {
        var challenges: [AuthChallenge] = []
        var unreadable: AdviceError?
        for field in response.headers(named: "WWW-Authenticate") {
            do { challenges += try AuthChallenge.parse(field) } catch { unreadable = unreadable ?? error }
        }
        if let gateway = challenges.first(where: { $0.hasScheme(GatewayHeaderAdvice.scheme) }) {
            return reading { () throws(AdviceError) in
                let header = try GatewayHeaderAdvice(gateway)
                return AdviceChallenge(advice: header.advice, source: .gatewayHeader(realm: header.realm, amURI: header.amURI))
            }
        }
        if let advice = restAdvice(response.body) { return advice }
        if let bearer = challenges.lazy.compactMap(BearerChallenge.init).first {
            switch bearer.error {
            case BearerChallenge.insufficientUserAuthentication: return .stepUp(bearer)
            case BearerChallenge.insufficientScope: return .insufficientScope(bearer)
            default: if response.status == 401 { return .invalidToken(bearer) }
            }
        }
        return unreadable.map(ResourceChallenge.malformed) ?? .none
    }

    /// Advices in a JSON body; nil when the body is not JSON or carries none.
    private static func restAdvice(_ body: Data) -> ResourceChallenge? {
        guard body.count <= AdviceError.maximumInputBytes else {
            return body.range(of: Data("\"advices\"".utf8)) == nil ? nil : .malformed(.tooLarge(what: "body", bytes: body.count))
        }
        guard let json = try? JSONValue.parse(body) else { return nil }
        do {
            return try CompositeAdvice.advice(inBody: json).map { .advice(AdviceChallenge(advice: $0, source: .rest)) }
        } catch {
            return .malformed(error)
        }
    }

    private static func reading(_ read: () throws(AdviceError) -> AdviceChallenge) -> ResourceChallenge {
        do { return .advice(try read()) } catch { return .malformed(error) }
    }
}
