import Foundation
import Orchestrate

/// PingGateway's redirect mode (its default): a 3xx whose `Location` sends the browser to AM
/// with `goto=<resource>&realm=…&authIndexType=composite_advice&authIndexValue=<advice XML>`.
public struct GatewayRedirectAdvice: Sendable, Hashable {
    public let advice: CompositeAdvice
    /// The resource to retry (`goto`), which may already carry `_txid`; nil when absent or not a URL.
    public let goto: URL?
    /// The realm to authenticate in (`realm`), when given.
    public let realm: String?

    /// Reads a `Location`, absolute or relative. `authIndexValue` may be the XML percent-encoded
    /// once or twice, or base64url of the XML.
    public init(location: String) throws(AdviceError) {
        try AdviceError.checkSize(location.utf8.count, of: "Location header")
        let parameters = FormQuery.parameters(of: location)
        guard Self.isCompositeAdvice(parameters) else { throw .notCompositeAdvice(authIndexType: parameters["authIndexType"]) }
        guard var value = parameters["authIndexValue"] else { throw .missingParameter("authIndexValue", in: "redirect's Location") }
        if value.hasPrefix("%") { value = FormQuery.decoded(value[...]) }
        let trimmed = value.trimmingWhitespace()
        if trimmed.hasPrefix("<") {
            advice = try CompositeAdvice(xml: trimmed)
        } else if let xml = LenientBase64.decode(trimmed) {
            advice = try CompositeAdvice(xml: String(decoding: xml, as: UTF8.self))
        } else {
            throw .badBase64(what: "redirect's authIndexValue", excerpt: trimmed)
        }
        goto = parameters["goto"].flatMap { URL(string: $0) }
        realm = parameters["realm"]
    }

    /// Whether a `Location` asks AM for a composite advice journey, so a reader should try it.
    static func isAdviceRedirect(_ location: String) -> Bool {
        isCompositeAdvice(FormQuery.parameters(of: location))
    }

    private static func isCompositeAdvice(_ parameters: [String: String]) -> Bool {
        parameters["authIndexType"]?.equalsIgnoringCase("composite_advice") == true
    }
}
