import Foundation

/// Values to hide in every form they take on the wire and in a trace: as they are, neutralised
/// for a terminal, JSON-escaped (as this client writes JSON, and with `\/` as other servers do),
/// percent-encoded (strictly, as a form with `+` for a space, as a URL query or fragment keeps it,
/// as Java's `URLEncoder` writes it, in either case of hex digit) and base64 (standard and
/// URL-safe, padded or not, alone or inside a longer base64 text).
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
        let percentForms = [
            strict, strict.replacingOccurrences(of: "%20", with: "+"), percentEncoded(value, keeping: queryKept),
            percentEncoded(value, keeping: .alphanumerics.union(CharacterSet(charactersIn: "-._~"))),
            // Java's URLEncoder: `*` kept, `~` escaped, a space as `+`.
            percentEncoded(value, keeping: javaKept).replacingOccurrences(of: "%20", with: "+"),
            // A URL whose parser escaped only what it had to.
            percentEncoded(value, keeping: .urlFragmentAllowed),
        ]
        for form in percentForms {
            forms.insert(form)
            forms.insert(lowercasedEscapes(form))
        }
        for encoded in base64Forms(of: Data(value.utf8)) {
            forms.insert(encoded)
            forms.insert(encoded.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_"))
        }
        return forms
    }

    /// The base64 of `bytes` alone (padded and not), and the whole groups that stand for them
    /// alone inside a longer base64 text, wherever in a three-byte group they start (as the
    /// password does in `Basic base64(user:password)`).
    private static func base64Forms(of bytes: Data) -> [String] {
        let alone = bytes.base64EncodedString()
        var forms = [alone, String(alone.prefix { $0 != "=" })]
        for offset in 0...2 {
            let encoded = Array((Data(count: offset) + bytes).base64EncodedString())
            // A group that starts before `bytes` mixes in the bytes before them; one that does
            // not end with their last byte mixes in the bytes after.
            let endsWhole = (offset + bytes.count) % 3 == 0
            let inner = encoded.dropFirst(offset == 0 ? 0 : 4).dropLast(endsWhole ? 0 : 4)
            if inner.count >= 4 { forms.append(String(inner)) }
        }
        return forms
    }

    /// RFC 3986's unreserved characters, ASCII only.
    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    /// What Java's `URLEncoder` keeps as it is.
    private static let javaKept = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789.-*_")
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
