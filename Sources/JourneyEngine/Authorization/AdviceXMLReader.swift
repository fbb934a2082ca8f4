/// Reads AM's composite advice XML in one pass over its bytes, tolerantly: whitespace,
/// comments and an XML declaration between elements, either quote around the `name` attribute,
/// `<Attribute …/>` self-closing or not, element names in any case, the five XML entities and
/// character references. Anything else is an `AdviceError.badXML` with its byte offset.
struct AdviceXMLReader {
    private let bytes: [UInt8]
    private var index = 0

    private init(_ text: String) {
        bytes = Array(text.utf8)
    }

    static func advices(in xml: String) throws(AdviceError) -> [PolicyAdvice] {
        try AdviceError.checkSize(xml.utf8.count, of: "composite advice XML")
        var reader = AdviceXMLReader(xml)
        return try reader.document()
    }

    private struct Tag {
        var attributes: [String: String] = [:]
        var selfClosing = false
    }

    private mutating func document() throws(AdviceError) -> [PolicyAdvice] {
        skipMarkup()
        var advices: [PolicyAdvice] = []
        if try !openTag("Advices").selfClosing {
            skipMarkup()
            while try !closeTagIfPresent("Advices") {
                advices.append(try pair())
                skipMarkup()
            }
        }
        skipMarkup()
        guard index == bytes.count else { throw error("unexpected text after </Advices>") }
        guard !advices.isEmpty else { throw .emptyAdviceList(what: "composite advice XML") }
        return advices
    }

    private mutating func pair() throws(AdviceError) -> PolicyAdvice {
        guard try !openTag("AttributeValuePair").selfClosing else { throw error("an AttributeValuePair is empty") }
        skipMarkup()
        let attribute = try openTag("Attribute")
        guard let name = attribute.attributes["name"] else { throw error("an Attribute has no name") }
        let type = try AdviceType(named: name)
        if !attribute.selfClosing {
            skipMarkup()
            try closeTag("Attribute")
        }
        var values: [String] = []
        skipMarkup()
        while try !closeTagIfPresent("AttributeValuePair") {
            if try openTag("Value").selfClosing {
                values.append("")
            } else {
                values.append(try text())
                try closeTag("Value")
            }
            skipMarkup()
        }
        return try PolicyAdvice(type, values: values)
    }

    // MARK: Tags

    private mutating func openTag(_ name: String) throws(AdviceError) -> Tag {
        guard index < bytes.count else { throw error("the XML ends where <\(name)> was expected") }
        guard byte(is: "<"), nameMatches(name, at: index + 1) else { throw error("expected <\(name)>") }
        index += 1 + name.utf8.count
        var tag = Tag()
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw error("the XML ends inside <\(name)>") }
            if byte(is: ">") {
                index += 1
                return tag
            }
            if byte(is: "/") {
                index += 1
                guard byte(is: ">") else { throw error("expected > after / in <\(name)>") }
                index += 1
                tag.selfClosing = true
                return tag
            }
            let (attribute, value) = try attribute(in: name)
            if tag.attributes[attribute] == nil { tag.attributes[attribute] = value }
        }
    }

    private mutating func attribute(in element: String) throws(AdviceError) -> (String, String) {
        let start = index
        while index < bytes.count, !isWhitespace(bytes[index]), !"=/>".utf8.contains(bytes[index]) { index += 1 }
        let name = String(decoding: bytes[start..<index], as: UTF8.self).lowercased()
        skipWhitespace()
        guard !name.isEmpty, byte(is: "=") else { throw error("expected name=\"…\" in <\(element)>") }
        index += 1
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
            throw error("an attribute value of <\(element)> is not quoted")
        }
        let quote = bytes[index]
        index += 1
        return (name, try characters(until: quote, context: "an attribute of <\(element)>"))
    }

    private mutating func closeTagIfPresent(_ name: String) throws(AdviceError) -> Bool {
        guard byte(is: "<"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") else { return false }
        try closeTag(name)
        return true
    }

    private mutating func closeTag(_ name: String) throws(AdviceError) {
        guard byte(is: "<"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/"),
              nameMatches(name, at: index + 2) else { throw error("expected </\(name)>") }
        index += 2 + name.utf8.count
        skipWhitespace()
        guard byte(is: ">") else { throw error("expected </\(name)>") }
        index += 1
    }

    // MARK: Text

    private mutating func text() throws(AdviceError) -> String {
        try characters(until: UInt8(ascii: "<"), context: "a Value", consumingEnd: false)
    }

    /// Characters up to `end`, entities decoded; the end is consumed unless told otherwise.
    private mutating func characters(until end: UInt8, context: String, consumingEnd: Bool = true) throws(AdviceError) -> String {
        var decoded: [UInt8] = []
        while index < bytes.count, bytes[index] != end {
            if bytes[index] == UInt8(ascii: "&") {
                decoded += try entity()
            } else {
                decoded.append(bytes[index])
                index += 1
            }
        }
        guard index < bytes.count else { throw error("the XML ends inside \(context)") }
        if consumingEnd { index += 1 }
        return String(decoding: decoded, as: UTF8.self)
    }

    private mutating func entity() throws(AdviceError) -> [UInt8] {
        let start = index
        let limit = min(bytes.count, index + 12)
        guard let semicolon = bytes[index..<limit].firstIndex(of: UInt8(ascii: ";")) else {
            throw error("an & starts no entity")
        }
        let name = String(decoding: bytes[(index + 1)..<semicolon], as: UTF8.self)
        index = semicolon + 1
        switch name {
        case "amp": return Array("&".utf8)
        case "lt": return Array("<".utf8)
        case "gt": return Array(">".utf8)
        case "quot": return Array("\"".utf8)
        case "apos": return Array("'".utf8)
        default:
            let hex = name.hasPrefix("#x") || name.hasPrefix("#X")
            let digits = name.dropFirst(hex ? 2 : 1)
            guard name.hasPrefix("#"), let code = UInt32(digits, radix: hex ? 16 : 10),
                  let scalar = Unicode.Scalar(code) else {
                index = start
                throw error("unknown entity &\(AdviceError.shown(name));")
            }
            return Array(String(Character(scalar)).utf8)
        }
    }

    // MARK: Bytes

    /// Skips whitespace, comments and processing instructions (`<?xml …?>`).
    private mutating func skipMarkup() {
        while true {
            skipWhitespace()
            if starts(with: "<!--") {
                skip(past: "-->", from: 4)
            } else if starts(with: "<?") {
                skip(past: "?>", from: 2)
            } else {
                return
            }
        }
    }

    private mutating func skip(past terminator: String, from offset: Int) {
        index += offset
        while index < bytes.count, !starts(with: terminator) { index += 1 }
        index = min(bytes.count, index + terminator.utf8.count)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, isWhitespace(bytes[index]) { index += 1 }
    }

    private func starts(with text: String) -> Bool {
        bytes[index...].starts(with: text.utf8)
    }

    private func byte(is character: Unicode.Scalar) -> Bool {
        index < bytes.count && bytes[index] == UInt8(ascii: character)
    }

    /// The element name at `offset`, in any case, followed by the end of the name.
    private func nameMatches(_ name: String, at offset: Int) -> Bool {
        let expected = Array(name.utf8)
        guard offset + expected.count <= bytes.count else { return false }
        for (position, byte) in expected.enumerated() where lowercased(bytes[offset + position]) != lowercased(byte) {
            return false
        }
        let next = offset + expected.count
        return next == bytes.count || isWhitespace(bytes[next]) || bytes[next] == UInt8(ascii: ">") || bytes[next] == UInt8(ascii: "/")
    }

    private func lowercased(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
    }

    private func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private func error(_ reason: String) -> AdviceError {
        .badXML(reason: reason, offset: index)
    }
}
