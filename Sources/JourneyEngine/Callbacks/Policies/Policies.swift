import Foundation
import Orchestrate

/// The `policies` output of validated and attribute callbacks: the IDM rules a value must meet.
public struct Policies: Sendable, Hashable {
    /// Each rule with its parameters (`MIN_LENGTH` with `minLength: 8`…), in the server's order,
    /// without duplicates.
    public let requirements: [PolicyRequirement]

    init(_ json: JSONValue?) {
        var seen = Set<PolicyRequirement>()
        var ordered: [PolicyRequirement] = []
        func add(_ requirement: PolicyRequirement) {
            if seen.insert(requirement).inserted { ordered.append(requirement) }
        }
        for policy in json?["policies"]?.arrayValue ?? [] {
            let params = policy["params"]?.objectValue ?? [:]
            for name in policy["policyRequirements"]?.stringArray ?? [] {
                add(PolicyRequirement(requirement: name, params: params))
            }
        }
        // Requirements named only in the top-level list (no params known).
        var named = Set(ordered.map(\.requirement))
        for name in json?["policyRequirements"]?.stringArray ?? [] where named.insert(name).inserted {
            add(PolicyRequirement(requirement: name, params: [:]))
        }
        requirements = ordered
    }
}

/// One IDM policy rule, e.g. `MIN_LENGTH` with `{"minLength": 8}`.
public struct PolicyRequirement: Sendable, Hashable {
    public let requirement: String
    public let params: JSONObject

    public init(requirement: String, params: JSONObject) {
        self.requirement = requirement
        self.params = params
    }

    /// The rule in words, e.g. "at least 8 characters", safe for a terminal (parameters come
    /// from the server).
    public var description: String {
        TerminalText.line(words)
    }

    private var words: String {
        func int(_ key: String) -> String { params[key]?.intValue.map(String.init) ?? "?" }
        func list(_ key: String) -> String { params[key]?.stringArray.joined(separator: ", ") ?? "" }
        switch requirement {
        case "REQUIRED": return "required"
        case "UNIQUE": return "must not already be in use"
        case "MIN_LENGTH": return "at least \(int("minLength")) characters"
        case "MAX_LENGTH": return "at most \(int("maxLength")) characters"
        case "AT_LEAST_X_CAPITAL_LETTERS": return "at least \(int("numCaps")) capital letter(s)"
        case "AT_LEAST_X_NUMBERS": return "at least \(int("numNums")) number(s)"
        case "CANNOT_CONTAIN_OTHERS": return "must not contain: \(list("disallowedFields"))"
        case "CANNOT_CONTAIN_CHARACTERS": return "must not contain the characters: \(list("forbiddenChars"))"
        case "CANNOT_CONTAIN_DUPLICATES": return "must not contain duplicates"
        case "MATCH_REGEXP": return "must match the required format"
        case "VALID_TYPE": return "must be of type \(list("types"))"
        case "VALID_EMAIL_ADDRESS_FORMAT": return "must be a valid email address"
        case "VALID_NAME_FORMAT": return "must be a valid name"
        case "VALID_PHONE_FORMAT": return "must be a valid phone number"
        case "VALID_USERNAME": return "must be a valid user name"
        case "VALID_DATE": return "must be a valid date"
        case "VALID_NUMBER": return "must be a number"
        case "MINIMUM_NUMBER_VALUE": return "at least \(params["minimumNumber"]?.doubleValue.map { "\($0)" } ?? "?")"
        case "MAXIMUM_NUMBER_VALUE": return "at most \(params["maximumNumber"]?.doubleValue.map { "\($0)" } ?? "?")"
        default: return requirement.lowercased().replacingOccurrences(of: "_", with: " ")
        }
    }
}

/// A policy the submitted value failed. AM sends each as a JSON **string**
/// (`"{ \"policyRequirement\": \"UNIQUE\" }"`); some versions send objects.
public struct PolicyFailure: Sendable, Hashable {
    public let policy: PolicyRequirement

    static func list(from json: JSONValue?) -> [PolicyFailure] {
        (json?.arrayValue ?? []).map { item in
            let object: JSONValue? = switch item {
            case .string(let text): try? JSONValue.parse(Data(text.utf8))
            default: item
            }
            let name = object?["policyRequirement"]?.stringValue
                ?? item.stringValue ?? "UNKNOWN"
            return PolicyFailure(policy: PolicyRequirement(
                requirement: name, params: object?["params"]?.objectValue ?? [:]))
        }
    }

    public var description: String { policy.description }
}

