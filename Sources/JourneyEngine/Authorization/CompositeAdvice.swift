/// One or more policy advices, as AM takes them on `/authenticate` with
/// `authIndexType=composite_advice` and `authIndexValue=<xml>`.
public struct CompositeAdvice: Sendable, Hashable {
    /// The advices in the order they were read or given; never empty.
    public let advices: [PolicyAdvice]

    /// A composite of these advices; an empty list throws `AdviceError.emptyAdviceList`.
    public init(_ advices: [PolicyAdvice]) throws(AdviceError) {
        guard !advices.isEmpty else { throw .emptyAdviceList(what: "composite advice") }
        self.advices = advices
    }

    /// A composite of one advice.
    public init(_ advice: PolicyAdvice) {
        advices = [advice]
    }

    /// The values of every advice of this type, in order; empty when there is none.
    public func values(of type: AdviceType) -> [String] {
        advices.filter { $0.type == type }.flatMap(\.values)
    }

    /// The transaction id: the first value of the first `TransactionConditionAdvice`.
    public var transactionID: String? { values(of: .transactionCondition).first }

    /// AM's composite advice XML, exactly as the SDKs build it (no whitespace): one
    /// `AttributeValuePair` per advice, one `Value` per value, values XML-escaped.
    public var xml: String {
        var text = "<Advices>"
        for advice in advices {
            text += #"<AttributeValuePair><Attribute name=""# + Self.escaped(advice.type.rawValue) + #""/>"#
            for value in advice.values { text += "<Value>" + Self.escaped(value) + "</Value>" }
            text += "</AttributeValuePair>"
        }
        return text + "</Advices>"
    }

    private static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default: result.append(character)
            }
        }
        return result
    }
}

extension CompositeAdvice {
    /// Reads composite advice XML (IG's redirect mode, or XML built by `xml`), tolerating
    /// whitespace, comments, entities and `<Attribute …/>` written either way.
    public init(xml: String) throws(AdviceError) {
        try self.init(AdviceXMLReader.advices(in: xml))
    }
}
