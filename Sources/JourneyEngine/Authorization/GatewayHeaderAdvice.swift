import Foundation
import Orchestrate

/// PingGateway's header mode: asked with `x-authenticate-response: header`, it answers 401 with
/// `WWW-Authenticate: SSOADVICE realm="/",advices="<base64 JSON>",am_uri="https://…/am"`
/// instead of redirecting to AM.
public struct GatewayHeaderAdvice: Sendable, Hashable {
    /// The challenge scheme PingGateway uses.
    public static let scheme = "SSOADVICE"
    /// The request header that asks PingGateway for header mode (its default name and value).
    public static let requestHeader = HTTPHeader("x-authenticate-response", "header")

    public let advice: CompositeAdvice
    /// The realm to authenticate in (`realm`), when given.
    public let realm: String?
    /// AM's URL (`am_uri`), when given and a URL.
    public let amURI: URL?

    /// Reads an SSOADVICE challenge. `advices` is base64 (either alphabet, padding optional) of
    /// a JSON object of advice type → values, or of an object with such an `advices` member.
    public init(_ challenge: AuthChallenge) throws(AdviceError) {
        let place = "\(Self.scheme) challenge"
        guard challenge.hasScheme(Self.scheme) else { throw .missingChallenge(Self.scheme) }
        guard let encoded = challenge[parameter: "advices"] else { throw .missingParameter("advices", in: place) }
        guard let decoded = LenientBase64.decode(encoded) else { throw .badBase64(what: "advices parameter", excerpt: encoded) }
        let json: JSONValue
        do { json = try JSONValue.parse(decoded) } catch { throw .notJSON(what: "decoded advices parameter", error) }
        let map = json["advices"] ?? json
        advice = try CompositeAdvice(adviceMap: map, what: "decoded advices parameter")
        realm = challenge[parameter: "realm"]
        amURI = challenge[parameter: "am_uri"].flatMap { URL(string: $0) }
    }

    /// Reads the first SSOADVICE challenge of a `WWW-Authenticate` value.
    public init(headerValue: String) throws(AdviceError) {
        guard let challenge = try AuthChallenge.parse(headerValue).first(where: { $0.hasScheme(Self.scheme) }) else {
            throw .missingChallenge(Self.scheme)
        }
        try self.init(challenge)
    }
}
