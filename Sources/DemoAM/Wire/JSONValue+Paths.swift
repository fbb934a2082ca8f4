/// Reading and changing values inside objects by path, as IDM attributes (`preferences/marketing`)
/// and journey state name them.
extension JSONValue {
    /// The members, when this is an object.
    var members: [(key: String, value: JSONValue)]? {
        guard case .object(let members) = self else { return nil }
        return members
    }

    /// The flag, when this is a boolean.
    var bool: Bool? {
        guard case .bool(let value) = self else { return nil }
        return value
    }

    /// The value at `path` (object keys), when every step is there.
    func value(at path: [String]) -> JSONValue? {
        path.reduce(Optional(self)) { value, key in value?[key] }
    }

    /// This object with `value` at `path`, objects made on the way as needed.
    func setting(_ path: [String], to value: JSONValue) -> JSONValue {
        guard let key = path.first else { return value }
        var members = self.members ?? []
        let inner = (members.first { $0.key == key }?.value ?? .object([])).setting(Array(path.dropFirst()), to: value)
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = inner
        } else {
            members.append((key, inner))
        }
        return .object(members)
    }

    /// This object without the member at `path`.
    func removing(path: [String]) -> JSONValue {
        guard let key = path.first, let members else { return self }
        guard path.count > 1 else { return removing(key) }
        return .object(members.map { $0.key == key ? ($0.key, $0.value.removing(path: Array(path.dropFirst()))) : $0 })
    }

    /// This object without `key`.
    func removing(_ key: String) -> JSONValue {
        guard let members else { return self }
        return .object(members.filter { $0.key != key })
    }

    /// The text of a scalar, as a query filter or a log compares it: strings as they are,
    /// numbers and flags written out; nil for null, arrays and objects.
    var scalarText: String? {
        switch self {
        case .string(let text): text
        case .int(let number): String(number)
        case .double(let number): String(number)
        case .bool(let flag): flag ? "true" : "false"
        case .null, .array, .object: nil
        }
    }
}
