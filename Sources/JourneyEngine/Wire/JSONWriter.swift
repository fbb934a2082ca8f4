/// Writes `JSONValue` as compact JSON text with sorted keys (stable output for traces, tests
/// and benchmarks). Slashes and non-ASCII characters are written as they are.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []

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
            for (position, key) in members.keys.sorted().enumerated() {
                if position > 0 { bytes.append(UInt8(ascii: ",")) }
                write(string: key)
                bytes.append(UInt8(ascii: ":"))
                if let member = members[key] { write(member) }
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    private mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    private mutating func write(string: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case 0x0A: append("\\n")
            case 0x0D: append("\\r")
            case 0x09: append("\\t")
            case 0x08: append("\\b")
            case 0x0C: append("\\f")
            case 0..<0x20:
                let hex = String(byte, radix: 16)
                append("\\u00" + (hex.count == 1 ? "0" + hex : hex))
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
