/// The XML of a composite advice, as policy evaluation's advices are sent to `authenticate`:
///
/// ```xml
/// <Advices><AttributeValuePair><Attribute name="TransactionConditionAdvice"/><Value>9dae2c80-…</Value></AttributeValuePair></Advices>
/// ```
///
/// One or more `AttributeValuePair`s, each with one `Attribute` and any number of `Value`s.
/// Whitespace between elements is allowed; text may use the five predefined XML entities.
struct CompositeAdvice: Sendable {
    /// One `AttributeValuePair`: the advice type and its values.
    struct Pair: Sendable, Equatable {
        let attribute: String
        let values: [String]
    }

    let pairs: [Pair]

    /// Parses the XML; the error message says what was wrong with it.
    init(xml: String) throws(AMError) {
        var reader = Reader(text: Substring(xml))
        try reader.expectTag("<Advices>")
        var pairs: [Pair] = []
        while reader.next(is: "<AttributeValuePair>") {
            try reader.expectTag("<AttributeValuePair>")
            let attribute = try reader.attributeName()
            var values: [String] = []
            while reader.next(is: "<Value>") {
                try reader.expectTag("<Value>")
                values.append(try reader.text(until: "</Value>"))
            }
            try reader.expectTag("</AttributeValuePair>")
            pairs.append(Pair(attribute: attribute, values: values))
        }
        try reader.expectTag("</Advices>")
        guard reader.atEnd else { throw Reader.malformed("there is text after </Advices>") }
        guard !pairs.isEmpty else { throw .badRequest("The composite advice has no advice: <Advices> holds no AttributeValuePair") }
        self.pairs = pairs
    }
}

/// Reads the advice XML from the front, skipping whitespace between elements.
private struct Reader {
    var text: Substring

    static func malformed(_ problem: String) -> AMError {
        .badRequest("The composite advice in authIndexValue is not valid advice XML: \(problem)")
    }

    var atEnd: Bool {
        text.allSatisfy(\.isWhitespace)
    }

    mutating func next(is tag: String) -> Bool {
        skipWhitespace()
        return text.hasPrefix(tag)
    }

    mutating func expectTag(_ tag: String) throws(AMError) {
        guard next(is: tag) else { throw Self.malformed("expected \(tag) at \"\(text.prefix(30))\"") }
        text = text.dropFirst(tag.count)
    }

    /// `<Attribute name="…"/>` (or with a separate `</Attribute>`): the name.
    mutating func attributeName() throws(AMError) -> String {
        try expectTag("<Attribute")
        skipWhitespace()
        guard text.hasPrefix("name=\"") || text.hasPrefix("name='") else { throw Self.malformed("<Attribute> needs a name attribute") }
        let quote = text[text.index(text.startIndex, offsetBy: 5)]
        text = text.dropFirst(6)
        guard let end = text.firstIndex(of: quote) else { throw Self.malformed("the Attribute name is not closed") }
        let name = try Self.unescaped(text[..<end])
        text = text[text.index(after: end)...]
        skipWhitespace()
        if text.hasPrefix("/>") {
            text = text.dropFirst(2)
        } else {
            try expectTag(">")
            try expectTag("</Attribute>")
        }
        guard !name.isEmpty else { throw Self.malformed("an Attribute name is empty") }
        return name
    }

    /// The text up to `end`, unescaped; `end` is consumed.
    mutating func text(until end: String) throws(AMError) -> String {
        guard let range = text.range(of: end) else { throw Self.malformed("\(end) is missing") }
        let value = try Self.unescaped(text[..<range.lowerBound])
        text = text[range.upperBound...]
        return value
    }

    private mutating func skipWhitespace() {
        text = text.drop(while: \.isWhitespace)
    }

    private static let entities = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]

    /// Replaces `&amp;` `&lt;` `&gt;` `&quot;` `&apos;`; any other `&` or a `<` is an error.
    private static func unescaped(_ raw: Substring) throws(AMError) -> String {
        guard !raw.contains("<") else { throw malformed("a value contains an element: \"\(raw.prefix(30))\"") }
        var result = ""
        var rest = raw
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            rest = rest[rest.index(after: ampersand)...]
            guard let semicolon = rest.firstIndex(of: ";"), let character = entities[String(rest[..<semicolon])] else {
                throw malformed("unknown entity at \"&\(rest.prefix(10))\"")
            }
            result += character
            rest = rest[rest.index(after: semicolon)...]
        }
        result += rest
        return result
    }
}
