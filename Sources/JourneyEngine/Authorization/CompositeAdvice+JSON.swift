import Foundation
import Orchestrate

extension CompositeAdvice {
    /// Reads the advices of a REST resource server's JSON answer: an object with `advices`, an
    /// array whose first element has them (AM's policy decision list), or, as the iOS SDK
    /// falls back to, an object whose keys are all advice types. Values are arrays of strings
    /// (a single string is taken as one value).
    public init(restBody: Data) throws(AdviceError) {
        try AdviceError.checkSize(restBody.count, of: "body")
        let json: JSONValue
        do { json = try JSONValue.parse(restBody) } catch { throw .notJSON(what: "body", error) }
        guard let advice = try Self.advice(inBody: json) else { throw .noAdvicesInBody }
        self = advice
    }

    /// The advices of a JSON body; nil when it carries none, an error when it tries and fails.
    static func advice(inBody json: JSONValue) throws(AdviceError) -> CompositeAdvice? {
        guard let object = (json.arrayValue?.first ?? json).objectValue else { return nil }
        if let advices = object["advices"] {
            return try CompositeAdvice(adviceMap: advices, what: "body's advices member")
        }
        guard !object.isEmpty, object.keys.allSatisfy({ AdviceType(rawValue: $0) != nil }) else { return nil }
        return try CompositeAdvice(adviceMap: json.arrayValue?.first ?? json, what: "body")
    }

    /// Reads an object of advice type → values; `what` names it in errors.
    init(adviceMap json: JSONValue, what: String) throws(AdviceError) {
        guard let map = json.objectValue else { throw .notAnAdviceObject(what: what) }
        var advices: [PolicyAdvice] = []
        for (name, value) in map {
            let type = try AdviceType(named: name)
            advices.append(try PolicyAdvice(type, values: Self.strings(value, of: type)))
        }
        guard !advices.isEmpty else { throw .emptyAdviceList(what: what) }
        try self.init(advices)
    }

    private static func strings(_ value: JSONValue, of type: AdviceType) throws(AdviceError) -> [String] {
        let items = value.arrayValue ?? [value]
        var strings: [String] = []
        for item in items {
            guard let string = item.stringValue else { throw .badValue(type, found: kind(of: item)) }
            strings.append(string)
        }
        return strings
    }

    private static func kind(of value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .int, .double: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
