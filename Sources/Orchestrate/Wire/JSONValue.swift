import Foundation

/// Any JSON value, kept exactly as the server sent it so that a step can be echoed back
/// without losing fields the engine does not model. Integers and floating-point numbers
/// stay distinct (`0` is never re-encoded as `0.0`).
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)
}

extension JSONValue {
    /// Parses JSON text; a body that is not JSON throws with the offset and what was wrong.
    public static func parse(_ data: Data) throws(JSONParseError) -> JSONValue {
        try JSONParser.parse(data)
    }

    /// Serialises to compact JSON text, object members in their order.
    public func encoded() -> Data {
        var writer = JSONWriter()
        writer.reserve(1024)
        writer.write(self)
        return Data(writer.bytes)
    }

    /// The value as compact JSON text.
    public var jsonText: String { String(decoding: encoded(), as: UTF8.self) }

    /// JSON text that is also safe to print on a terminal: DEL, C1 controls and bidi overrides
    /// inside strings are written as `\u` escapes (the JSON means the same).
    public var terminalSafeJSONText: String {
        var writer = JSONWriter()
        writer.escapesTerminalControls = true
        writer.write(self)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// An integer, also when the server wrote it as a string (`"1000"`) or a whole double.
    public var intValue: Int? {
        switch self {
        case .int(let value): return value
        case .double(let value) where value.rounded() == value && abs(value) < 1e15: return Int(value)
        case .string(let text): return Int(text.trimmingSpaces())
        default: return nil
        }
    }

    public var doubleValue: Double? {
        switch self {
        case .int(let value): return Double(value)
        case .double(let value): return value
        case .string(let text): return Double(text.trimmingSpaces())
        default: return nil
        }
    }

    /// A boolean, also when the server wrote it as `"true"`/`"false"` or `0`/`1`.
    public var boolValue: Bool? {
        switch self {
        case .bool(let value): return value
        case .int(let value) where value == 0 || value == 1: return value == 1
        case .string(let text):
            switch text.lowercased() {
            case "true": return true
            case "false": return false
            default: return nil
            }
        default: return nil
        }
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    public var objectValue: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// Strings of an array value; non-string elements are skipped.
    public var stringArray: [String] {
        arrayValue?.compactMap(\.stringValue) ?? []
    }
}
