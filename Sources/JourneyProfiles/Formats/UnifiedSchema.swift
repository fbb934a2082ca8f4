import Orchestrate

/// The unified configuration checked as the JavaScript SDK's schema parser checks it
/// (`config.utils.ts`, `parseUnifiedSdkConfig`): each field of `timeout`, `log`, `journey` and
/// `oidc`, in that order, every problem kept with its path (`oidc.scopes[1]`) and the SDK's
/// words (`Required field is missing`, `Expected string, got number`, `Expected a finite,
/// non-negative number, got string`, `Expected one of page, popup, touch, wap, got tv`). JSON
/// `null` is a field left out. The Android SDK's `par` and `state` are read beside `oidc`'s.
struct UnifiedSchema {
    /// A field the SDK refuses, and why.
    struct Problem: Sendable, Hashable {
        let path: String
        let message: String
    }

    /// The values read, by their path (`oidc.clientId`).
    struct Fields {
        fileprivate var values: [String: JSONValue] = [:]

        func has(_ path: String) -> Bool { values[path] != nil }
        func text(_ path: String) -> String? { values[path]?.stringValue }
        func list(_ path: String) -> [String]? { values[path]?.arrayValue?.compactMap(\.stringValue) }

        func number(_ path: String) -> Double? {
            switch values[path] {
            case .int(let number)?: Double(number)
            case .double(let number)?: number
            default: nil
            }
        }
    }

    private(set) var problems: [Problem] = []
    private(set) var fields = Fields()
    /// Keys of the file no field reads (the SDK drops them), as `oidc.openId`.
    private(set) var ignoredKeys: [String] = []

    static let logLevels = ["NONE", "ERROR", "WARN", "INFO", "DEBUG"]
    static let displays = ["page", "popup", "touch", "wap"]
    static let prompts = ["none", "login", "consent", "select_account"]

    init(_ root: JSONValue) {
        guard case .object(let object) = root else {
            problems.append(Problem(path: "config", message: "Expected object, got \(Self.typeName(root))"))
            return
        }
        number("timeout", in: object, at: "timeout")
        oneOf(Self.logLevels, "log", in: object, at: "log")
        if let journey = section("journey", in: object) {
            text("serverUrl", in: journey, at: "journey.serverUrl", required: true)
            for key in ["realm", "cookieName"] { text(key, in: journey, at: "journey.\(key)") }
            ignore(journey, reading: ["serverUrl", "realm", "cookieName"], at: "journey")
        }
        if let oidc = section("oidc", in: object) {
            text("discoveryEndpoint", in: oidc, at: "oidc.discoveryEndpoint", required: true, nonEmpty: true)
            for key in ["clientId", "redirectUri"] { text(key, in: oidc, at: "oidc.\(key)") }
            strings("scopes", in: oidc, at: "oidc.scopes")
            text("signOutRedirectUri", in: oidc, at: "oidc.signOutRedirectUri")
            number("refreshThreshold", in: oidc, at: "oidc.refreshThreshold")
            for key in ["loginHint", "nonce"] { text(key, in: oidc, at: "oidc.\(key)") }
            oneOf(Self.displays, "display", in: oidc, at: "oidc.display")
            oneOf(Self.prompts, "prompt", in: oidc, at: "oidc.prompt")
            for key in ["uiLocales", "acrValues"] { text(key, in: oidc, at: "oidc.\(key)") }
            stringMap("additionalParameters", in: oidc, at: "oidc.additionalParameters")
            boolean("par", in: oidc, at: "oidc.par")
            text("state", in: oidc, at: "oidc.state")
            ignore(oidc, reading: ["discoveryEndpoint", "clientId", "redirectUri", "scopes", "signOutRedirectUri", "refreshThreshold",
                                   "loginHint", "nonce", "display", "prompt", "uiLocales", "acrValues", "additionalParameters", "par", "state"],
                   at: "oidc")
        }
        ignore(object, reading: ["timeout", "log", "journey", "oidc"], at: nil)
    }

    /// `array`, `null`, else JavaScript's `typeof`: `string`, `number`, `boolean`, `object`.
    static func typeName(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "boolean"
        case .int, .double: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// A member, `null` taken as absent.
    private func member(_ key: String, in object: JSONObject) -> JSONValue? {
        guard let value = object[key], value != .null else { return nil }
        return value
    }

    private mutating func section(_ key: String, in object: JSONObject) -> JSONObject? {
        guard let value = member(key, in: object) else { return nil }
        guard case .object(let section) = value else {
            problems.append(Problem(path: key, message: "Expected object, got \(Self.typeName(value))"))
            return nil
        }
        return section
    }

    private mutating func text(_ key: String, in object: JSONObject, at path: String, required: Bool = false, nonEmpty: Bool = false) {
        guard let value = member(key, in: object) else {
            if required { problems.append(Problem(path: path, message: "Required field is missing")) }
            return
        }
        guard case .string(let text) = value else {
            problems.append(Problem(path: path, message: "Expected string, got \(Self.typeName(value))"))
            return
        }
        if nonEmpty, text.isEmpty {
            problems.append(Problem(path: path, message: "Required field is missing"))
            return
        }
        fields.values[path] = value
    }

    private mutating func number(_ key: String, in object: JSONObject, at path: String) {
        guard let value = member(key, in: object) else { return }
        let number: Double? = switch value {
        case .int(let number): Double(number)
        case .double(let number): number
        default: nil
        }
        guard let number, number.isFinite, number >= 0 else {
            problems.append(Problem(path: path, message: "Expected a finite, non-negative number, got \(Self.typeName(value))"))
            return
        }
        fields.values[path] = value
    }

    private mutating func oneOf(_ members: [String], _ key: String, in object: JSONObject, at path: String) {
        guard let value = member(key, in: object) else { return }
        guard case .string(let text) = value else {
            problems.append(Problem(path: path, message: "Expected string, got \(Self.typeName(value))"))
            return
        }
        guard members.contains(text) else {
            problems.append(Problem(path: path, message: "Expected one of \(members.joined(separator: ", ")), got \(text)"))
            return
        }
        fields.values[path] = value
    }

    private mutating func strings(_ key: String, in object: JSONObject, at path: String) {
        guard let value = member(key, in: object) else { return }
        guard case .array(let items) = value else {
            problems.append(Problem(path: path, message: "Expected array, got \(Self.typeName(value))"))
            return
        }
        var fine = true
        for (index, item) in items.enumerated() where item.stringValue == nil {
            problems.append(Problem(path: "\(path)[\(index)]", message: "Expected string, got \(Self.typeName(item))"))
            fine = false
        }
        if fine { fields.values[path] = value }
    }

    private mutating func stringMap(_ key: String, in object: JSONObject, at path: String) {
        guard let value = member(key, in: object) else { return }
        guard case .object(let entries) = value else {
            problems.append(Problem(path: path, message: "Expected object, got \(Self.typeName(value))"))
            return
        }
        var fine = true
        for (name, item) in entries where item.stringValue == nil {
            problems.append(Problem(path: "\(path).\(name)", message: "Expected string, got \(Self.typeName(item))"))
            fine = false
        }
        if fine { fields.values[path] = value }
    }

    private mutating func boolean(_ key: String, in object: JSONObject, at path: String) {
        guard let value = member(key, in: object) else { return }
        guard case .bool = value else {
            problems.append(Problem(path: path, message: "Expected boolean, got \(Self.typeName(value))"))
            return
        }
        fields.values[path] = value
    }

    private mutating func ignore(_ object: JSONObject, reading known: [String], at path: String?) {
        ignoredKeys += object.keys.filter { !known.contains($0) }.map { key in path.map { "\($0).\(key)" } ?? key }
        ignoredKeys.sort()
    }
}
