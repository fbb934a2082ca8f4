/// One IDM policy of a field: how `policies` declares it and how `failedPolicies` reports it.
struct Policy: Sendable {
    let requirement: String
    let id: String
    let params: JSONValue?

    /// `{"policyRequirements":[…],"policyId":…,"params":…}`, an entry of the `policies` list.
    var declaration: JSONValue {
        var members: [(key: String, value: JSONValue)] = [("policyRequirements", .array([.string(requirement)])), ("policyId", .string(id))]
        if let params { members.append(("params", params)) }
        return .object(members)
    }

    /// An entry of `failedPolicies`: a JSON *string* such as `{"policyRequirement":"MIN_LENGTH","params":{"minLength":8}}`.
    var failure: JSONValue {
        var members: [(key: String, value: JSONValue)] = [("policyRequirement", .string(requirement))]
        if let params { members.append(("params", params)) }
        return .string(JSONValue.object(members).serialized)
    }

    /// The `policies` output of a field: `{"policyRequirements","fallbackPolicies","name","policies","conditionalPolicies"}`.
    static func declarations(field: String, _ policies: [Policy]) -> JSONValue {
        var requirements: [String] = []
        for policy in policies where !requirements.contains(policy.requirement) {
            requirements.append(policy.requirement)
        }
        return .object([
            ("policyRequirements", .array(requirements.map(JSONValue.string))),
            ("fallbackPolicies", .null),
            ("name", .string(field)),
            ("policies", .array(policies.map(\.declaration))),
            ("conditionalPolicies", .null),
        ])
    }
}

extension Policy {
    static let required = Policy(requirement: "REQUIRED", id: "required", params: nil)
    static let validType = Policy(requirement: "VALID_TYPE", id: "valid-type", params: .object([("types", .array(["string"]))]))
    static let unique = Policy(requirement: "UNIQUE", id: "unique", params: nil)
    static let validUsername = Policy(requirement: "VALID_USERNAME", id: "valid-username", params: nil)
    static let validEmailAddress = Policy(requirement: "VALID_EMAIL_ADDRESS_FORMAT", id: "valid-email-address-format", params: nil)

    static func minLength(_ length: Int) -> Policy {
        Policy(requirement: "MIN_LENGTH", id: "minimum-length", params: .object([("minLength", .int(length))]))
    }

    static func maxLength(_ length: Int) -> Policy {
        Policy(requirement: "MAX_LENGTH", id: "maximum-length", params: .object([("maxLength", .int(length))]))
    }

    static func cannotContainCharacters(_ characters: [String]) -> Policy {
        Policy(requirement: "CANNOT_CONTAIN_CHARACTERS", id: "cannot-contain-characters", params: .object([("forbiddenChars", .array(characters.map(JSONValue.string)))]))
    }

    static func atLeastCapitalLetters(_ count: Int) -> Policy {
        Policy(requirement: "AT_LEAST_X_CAPITAL_LETTERS", id: "at-least-X-capitals", params: .object([("numCaps", .int(count))]))
    }

    static func atLeastNumbers(_ count: Int) -> Policy {
        Policy(requirement: "AT_LEAST_X_NUMBERS", id: "at-least-X-numbers", params: .object([("numNums", .int(count))]))
    }

    static func cannotContainOthers(_ fields: [String]) -> Policy {
        Policy(requirement: "CANNOT_CONTAIN_OTHERS", id: "cannot-contain-others", params: .object([("disallowedFields", .array(fields.map(JSONValue.string)))]))
    }
}
