/// A JSON value whose objects keep their keys in order, so responses read like AM's.
///
/// Requests are decoded into this type, and every response is built from it and written by
/// ``serialized`` (JWT claims are encoded through `Encodable`). Integers and other numbers are separate cases because AM clients must send
/// integers for choice indexes.
enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    /// The value of `key` when this is an object that has it.
    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The string, when this is a string.
    var string: String? {
        guard case .string(let value) = self else { return nil }
        return value
    }

    /// The integer, when this is one.
    var int: Int? {
        guard case .int(let value) = self else { return nil }
        return value
    }

    /// The elements, when this is an array.
    var array: [JSONValue]? {
        guard case .array(let elements) = self else { return nil }
        return elements
    }

    /// How an error message names this value's JSON type.
    var typeDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .int: "an integer"
        case .double: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// Whether `other` is of the JSON type this value stands for; any number is accepted for a number.
    func acceptsType(of other: JSONValue) -> Bool {
        switch (self, other) {
        case (.null, .null), (.bool, .bool), (.int, .int), (.string, .string), (.array, .array),
            (.object, .object), (.double, .double), (.double, .int):
            true
        default:
            false
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral {
    init(stringLiteral value: String) { self = .string(value) }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(integerLiteral value: Int) { self = .int(value) }
}

extension JSONValue: Codable {
    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: Key.self) {
            self = .object(try object.allKeys.map { ($0.stringValue, try object.decode(JSONValue.self, forKey: $0)) })
            return
        }
        if var array = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !array.isAtEnd {
                elements.append(try array.decode(JSONValue.self))
            }
            self = .array(elements)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let value = try? single.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? single.decode(Int.self) {
            self = .int(value)
        } else if let value = try? single.decode(Double.self) {
            self = .double(value)
        } else {
            self = .string(try single.decode(String.self))
        }
    }
    func encode(to encoder: any Encoder) throws {
        switch self {
        case .object(let members):
            var object = encoder.container(keyedBy: Key.self)
            for member in members {
                try object.encode(member.value, forKey: Key(stringValue: member.key))
            }
        case .array(let elements):
            var array = encoder.unkeyedContainer()
            for element in elements {
                try array.encode(element)
            }
        case .null:
            var single = encoder.singleValueContainer()
            try single.encodeNil()
        case .bool(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .int(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .double(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .string(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        }
    }
}
