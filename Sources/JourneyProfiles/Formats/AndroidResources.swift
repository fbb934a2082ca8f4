import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The resources of an Android values file (`<resources>` with `<string>`, `<integer>`,
/// `<string-array>` … elements), in document order, with their raw text: escapes are the
/// format's business (``AndroidResourceText``), XML's own are resolved by the parser.
struct AndroidResources {
    struct Resource {
        /// The resource type: `string`, `integer`, `string-array`, … (an `<item type="string">`
        /// is a `string`, as aapt reads it).
        let type: String
        let name: String
        var text = ""
        /// The `<item>`s of an array.
        var items: [String] = []
    }

    let resources: [Resource]

    /// Parses the file's XML.
    ///
    /// - Throws: the parser's message and line when the XML is malformed or the root is not
    ///   `<resources>`.
    init(data: Data) throws(ParseError) {
        // Android reads resources as UTF-8, and FoundationXML on Linux traps on names that are
        // not (found by the imports fuzz target): such a file is refused before it is parsed.
        if let offset = Self.firstInvalidUTF8(in: data) {
            throw ParseError(message: "it is not UTF-8 text (byte \(offset + 1) is not)",
                             line: data.prefix(offset).count { $0 == UInt8(ascii: "\n") } + 1)
        }
        // And on a processing instruction without data (`<?xml?>`, found by the same target).
        if let line = Self.emptyProcessingInstructionLine(in: data) {
            throw ParseError(message: "it has a processing instruction without data (such as <?xml?>)", line: line)
        }
        let collector = Collector()
        let parser = XMLParser(data: data)
        parser.delegate = collector
        // FoundationXML on Linux may report success after an error: both are checked.
        guard parser.parse(), collector.error == nil, parser.parserError == nil else {
            let why = (collector.error?.error ?? parser.parserError).map { ": " + Self.problem(($0 as NSError).code) } ?? ""
            throw ParseError(message: "it is not well-formed XML\(why)", line: collector.error?.line ?? parser.lineNumber)
        }
        guard collector.rootName == "resources" else {
            throw ParseError(message: "the root element is <\(collector.rootName ?? "none")>, not <resources>", line: nil)
        }
        resources = collector.resources
    }

    /// The line of the first `<?target?>` with nothing after its target, or nil.
    private static func emptyProcessingInstructionLine(in data: Data) -> Int? {
        let text = String(decoding: data, as: UTF8.self)
        guard let match = text.firstMatch(of: /<\?[^\s?>]*\s*\?>/) else { return nil }
        return text[..<match.range.lowerBound].count { $0 == "\n" } + 1
    }

    /// The offset of the first byte that does not belong to valid UTF-8, or nil.
    private static func firstInvalidUTF8(in data: Data) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var bytes = data.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &bytes) {
            case .valid(let scalar): offset += scalar.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    struct ParseError: Error {
        let message: String
        let line: Int?
    }

    /// Collects the children of `<resources>` that have a `name`, and the text inside them.
    private final class Collector: NSObject, XMLParserDelegate {
        var rootName: String?
        var resources: [Resource] = []
        /// The first error, with the line the parser was on.
        var error: (error: any Error, line: Int)?
        private var depth = 0
        private var current: Resource?

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?, attributes: [String: String] = [:]) {
            depth += 1
            if depth == 1 { rootName = elementName }
            if depth == 2, let name = attributes["name"] {
                let type = elementName == "item" ? attributes["type"] ?? "item" : elementName
                current = Resource(type: type, name: name)
            }
            if depth == 3, elementName == "item" { current?.items.append("") }
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
            if depth == 2, let resource = current {
                resources.append(resource)
                current = nil
            }
            depth -= 1
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
            if error == nil { error = (parseError, parser.lineNumber) }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            append(string)
        }

        func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
            append(String(decoding: CDATABlock, as: UTF8.self))
        }

        private func append(_ text: String) {
            guard depth >= 2, var resource = current else { return }
            if depth >= 3, !resource.items.isEmpty {
                resource.items[resource.items.count - 1] += text
            } else {
                resource.text += text
            }
            current = resource
        }
    }
}

extension AndroidResources {
    /// What an XML parser's error code means, in words. The codes are libxml2's (`XMLParser`
    /// passes them on; Darwin's `NSXMLParserError` numbers them the same, corelibs' `ErrorCode`
    /// enum does not, so the numbers are matched here).
    static func problem(_ code: Int) -> String {
        switch code {
        case 4: "the file is empty"
        case 5, 77: "it ends before its elements are closed"
        case 76: "an end tag does not match its start tag"
        case 73: "a tag is not closed with >"
        case 9: "it holds a character XML does not allow"
        case 39, 40, 41: "an attribute is not written name=\"value\""
        case 23, 26: "an entity (&…;) is not one XML knows, or not closed with ;"
        default: "XMLParser error \(code)"
        }
    }
}
