/// Writes `JSONValue` as compact JSON text, object members in their order. Slashes and
/// non-ASCII characters are written as they are.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []
    /// Also write DEL, C1 controls and bidi overrides as `\u` escapes, so the text is safe to
    /// print on a terminal (JSON allows escaping any character).
    var escapesTerminalControls = false

    mutating func reserve(_ capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    mutating func write(_ value: JSONValue) {
        switch value {
        case .null: append("null")
        case .bool(let flag): append(flag ? "true" : "false")
        case .int(let number): append(String(number))
        case .double(let number): append(number.isFinite ? String(number) : "null")
        case .string(let text): write(string: text)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { bytes.append(UInt8(ascii: ",")) }
                write(element)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            for (position, member) in members.enumerated() {
                if position > 0 { bytes.append(UInt8(ascii: ",")) }
                write(string: member.key)
                bytes.append(UInt8(ascii: ":"))
                write(member.value)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    private mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// One pass over the string's UTF-8: runs that need no escaping are copied whole.
    private mutating func write(string: String) {
        if escapesTerminalControls, string.unicodeScalars.contains(where: TerminalText.isUnsafe) {
            return writeEscapingTerminalControls(string)
        }
        bytes.append(UInt8(ascii: "\""))
        var text = string
        text.withUTF8 { utf8 in
            var runStart = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                appendEscape(for: byte)
                runStart = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// The slow path: scalar by scalar, terminal controls as `\u` escapes.
    private mutating func writeEscapingTerminalControls(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        for scalar in string.unicodeScalars {
            if scalar.value < 0x20 || scalar == "\"" || scalar == "\\" {
                appendEscape(for: UInt8(scalar.value))
            } else if TerminalText.isUnsafe(scalar) {
                let hex = String(scalar.value, radix: 16)
                append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
            } else {
                bytes.append(contentsOf: String(scalar).utf8)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func appendEscape(for byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): append("\\\"")
        case UInt8(ascii: "\\"): append("\\\\")
        case 0x0A: append("\\n")
        case 0x0D: append("\\r")
        case 0x09: append("\\t")
        case 0x08: append("\\b")
        case 0x0C: append("\\f")
        default:
            let hex = String(byte, radix: 16)
            append("\\u00" + (hex.count == 1 ? "0" + hex : hex))
        }
    }
}
