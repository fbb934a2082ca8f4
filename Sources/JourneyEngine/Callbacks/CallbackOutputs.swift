import Orchestrate
/// Typed, lenient access to a callback's `output` array (`[{"name": …, "value": …}]`).
///
/// AM is not consistent about value types (`waitTime` is a string of digits, `messageType` is a
/// string in TextOutputCallback and an integer in ConfirmationCallback), so the getters accept
/// either form and only `required…` getters fail.
public struct CallbackOutputs: Sendable, Hashable {
    public let entries: [(name: String, value: JSONValue)]

    init(_ array: [JSONValue]) {
        entries = array.compactMap { item in
            guard let name = item["name"]?.stringValue else { return nil }
            return (name, item["value"] ?? .null)
        }
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.entries.elementsEqual(rhs.entries) { $0.name == $1.name && $0.value == $1.value }
    }

    public func hash(into hasher: inout Hasher) {
        for entry in entries {
            hasher.combine(entry.name)
            hasher.combine(entry.value)
        }
    }

    /// The first output with this name.
    public subscript(name: String) -> JSONValue? {
        entries.first { $0.name == name }?.value
    }

    public func string(_ name: String) -> String? {
        guard let value = self[name] else { return nil }
        switch value {
        case .string(let text): return text
        case .int(let number): return String(number)
        case .double(let number): return String(number)
        case .bool(let flag): return String(flag)
        default: return nil
        }
    }

    public func int(_ name: String) -> Int? { self[name]?.intValue }
    public func bool(_ name: String) -> Bool? { self[name]?.boolValue }
    public func strings(_ name: String) -> [String] { self[name]?.stringArray ?? [] }

    func requiredString(_ name: String) throws(CallbackDecodingError) -> String {
        guard let value = string(name) else { throw .missingOutput(name) }
        return value
    }
}

/// Why a callback of a known type could not be read; the callback is then kept as `unknown`.
public enum CallbackDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    case missingOutput(String)
    case invalidOutput(String, expected: String)

    public var description: String {
        switch self {
        case .missingOutput(let name): "output \"\(name)\" is missing"
        case .invalidOutput(let name, let expected): "output \"\(name)\" is not \(expected)"
        }
    }
}
