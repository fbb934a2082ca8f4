import Foundation

/// Values to hide in every form they take on the wire and in a trace: as they are, neutralised
/// for a terminal, JSON-escaped (as this client writes JSON, and with `\/` as other servers do),
/// percent-encoded (strictly, as a form with `+` for a space, as a URL query keeps it, in either
/// case of hex digit) and base64 (standard and URL-safe, padded or not).
///
/// A form of four bytes or more is hidden wherever it appears. A shorter one is hidden where it
/// stands alone, not next to an ASCII letter or digit: a PIN `42` in `"value":"42"` or `pin=42&`,
/// but not the `42` of `/api/v42`.
public struct SecretForms: Sendable {
    /// Every form of every value, longest first within each first byte.
    private var byFirstByte: [UInt8: [[UInt8]]] = [:]

    public init() {}

    public var isEmpty: Bool { byFirstByte.isEmpty }

    /// Adds `value` in all its forms; an empty value hides nothing.
    public mutating func add(_ value: String) {
        guard !value.isEmpty else { return }
        for form in Self.forms(of: value) where !form.isEmpty {
            let bytes = Array(form.utf8)
            var list = byFirstByte[bytes[0], default: []]
            guard !list.contains(bytes) else { continue }
            list.append(bytes)
            list.sort { $0.count > $1.count }
            byFirstByte[bytes[0]] = list
        }
    }

    /// `text` with every form replaced by `replacement`, scanned once from the start: where two
    /// forms begin at one place, the longer is hidden.
    public func hidden(in text: String, replacement: String) -> String {
        guard !byFirstByte.isEmpty else { return text }
        let bytes = Array(text.utf8)
        let marker = Array(replacement.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        var changed = false
        while index < bytes.count {
            if let length = matchLength(in: bytes, at: index) {
                out += marker
                index += length
                changed = true
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return changed ? String(decoding: out, as: UTF8.self) : text
    }

    private func matchLength(in bytes: [UInt8], at index: Int) -> Int? {
        guard let candidates = byFirstByte[bytes[index]] else { return nil }
        for form in candidates where index + form.count <= bytes.count {
            guard bytes[index..<index + form.count].elementsEqual(form) else { continue }
            if form.count >= 4 || standsAlone(in: bytes, from: index, to: index + form.count) { return form.count }
        }
        return nil
    }

    private func standsAlone(in bytes: [UInt8], from start: Int, to end: Int) -> Bool {
        func isWord(_ byte: UInt8) -> Bool {
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
        }
        return (start == 0 || !isWord(bytes[start - 1])) && (end == bytes.count || !isWord(bytes[end]))
    }

    /// The texts `value` becomes on the wire and in traces.
    static func forms(of value: String) -> Set<String> {
        var forms: Set<String> = [value, TerminalText.line(value)]
        for json in [JSONValue.string(value).jsonText, JSONValue.string(value).terminalSafeJSONText] {
            let inner = String(json.dropFirst().dropLast())
            forms.insert(inner)
            forms.insert(inner.replacingOccurrences(of: "/", with: "\\/"))
        }
        let strict = percentEncoded(value, keeping: unreserved)
        forms.insert(strict)
        forms.insert(lowercasedEscapes(strict))
        forms.insert(strict.replacingOccurrences(of: "%20", with: "+"))
        forms.insert(percentEncoded(value, keeping: queryKept))
        forms.insert(value.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? value)
        let base64 = Data(value.utf8).base64EncodedString()
        let base64URL = base64.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        for encoded in [base64, base64URL] {
            forms.insert(encoded)
            forms.insert(String(encoded.prefix { $0 != "=" }))
        }
        return forms
    }

    /// RFC 3986's unreserved characters, ASCII only.
    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    /// What a URL's query keeps as it is, less the characters that separate parameters.
    private static let queryKept = CharacterSet.urlQueryAllowed.subtracting(CharacterSet(charactersIn: "&=+#"))

    private static func percentEncoded(_ value: String, keeping kept: CharacterSet) -> String {
        value.addingPercentEncoding(withAllowedCharacters: kept) ?? value
    }

    /// `%2F` as `%2f`.
    private static func lowercasedEscapes(_ text: String) -> String {
        var out = ""
        var escapeLeft = 0
        for character in text {
            if character == "%" {
                escapeLeft = 2
                out.append(character)
            } else if escapeLeft > 0 {
                escapeLeft -= 1
                out += character.lowercased()
            } else {
                out.append(character)
            }
        }
        return out
    }
}
